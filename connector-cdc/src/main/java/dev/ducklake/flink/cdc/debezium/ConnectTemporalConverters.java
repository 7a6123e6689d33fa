/*
 * Copyright 2026 The Flink connector for DuckLake authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */

package dev.ducklake.flink.cdc.debezium;

import static dev.ducklake.flink.cdc.debezium.ConnectValueConverters.integral;
import static dev.ducklake.flink.cdc.debezium.ConnectValueConverters.mismatch;
import static dev.ducklake.flink.cdc.debezium.ConnectValueConverters.quote;

import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.data.TimestampData;

/**
 * Converters of Debezium's and Kafka Connect's temporal values into Flink's internal ones: days
 * since the epoch for DATE, milliseconds of the day for TIME, {@link TimestampData} for timestamps.
 */
@Internal
final class ConnectTemporalConverters {

    private static final long MILLIS_PER_DAY = 86_400_000L;
    private static final long NANOS_PER_MILLI = 1_000_000L;

    private ConnectTemporalConverters() {}

    /** Days since 1970-01-01 (an int32). */
    static ValueConverter date(String name) {
        return value ->
                (int) integral(value, name + " (int32 days)", Integer.MIN_VALUE, Integer.MAX_VALUE);
    }

    /**
     * A time of day in units of {@code 1/unitsPerMilli} milliseconds, as milliseconds of the day:
     * digits below the millisecond are dropped (Flink's TIME keeps milliseconds), and values
     * outside [00:00, 24:00), such as MySQL's {@code TIME '-01:00'} or {@code '25:00'}, fail.
     */
    static ValueConverter timeOfDay(String name, long unitsPerMilli) {
        return value -> {
            long units = integral(value, name, Long.MIN_VALUE, Long.MAX_VALUE);
            if (units < 0 || units >= MILLIS_PER_DAY * unitsPerMilli) {
                throw new ConnectDataException(
                        "the "
                                + name
                                + " "
                                + quote(value)
                                + " is not a time of day from 00:00 to 24:00, which Flink's TIME needs");
            }
            return (int) (units / unitsPerMilli);
        };
    }

    /**
     * A timestamp without time zone in units of {@code 1/unitsPerMilli} milliseconds since the
     * epoch.
     */
    static ValueConverter timestamp(String name, long unitsPerMilli) {
        long nanosPerUnit = NANOS_PER_MILLI / unitsPerMilli;
        return value -> {
            long units = integral(value, name, Long.MIN_VALUE, Long.MAX_VALUE);
            return TimestampData.fromEpochMillis(
                    Math.floorDiv(units, unitsPerMilli),
                    (int) (Math.floorMod(units, unitsPerMilli) * nanosPerUnit));
        };
    }

    /**
     * An {@code io.debezium.time.ZonedTimestamp}: an ISO-8601 timestamp with an offset, such as
     * {@code "2023-03-23T22:00:10.123456Z"}, as an instant; digits below the microsecond are
     * dropped (DuckLake's TIMESTAMPTZ keeps microseconds).
     */
    static ValueConverter zonedTimestamp(String name) {
        return value -> {
            if (!value.isTextual()) {
                throw mismatch(value, name + " (an ISO-8601 string)");
            }
            try {
                return TimestampData.fromInstant(
                        OffsetDateTime.parse(value.textValue())
                                .toInstant()
                                .truncatedTo(ChronoUnit.MICROS));
            } catch (DateTimeParseException e) {
                throw new ConnectDataException(
                        "cannot read "
                                + quote(value)
                                + " as "
                                + name
                                + " (an ISO-8601 timestamp with an offset)",
                        e);
            }
        };
    }
}
