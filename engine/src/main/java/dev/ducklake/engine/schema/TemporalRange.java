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

package dev.ducklake.engine.schema;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;

/**
 * The dates and timestamps DuckDB stores, as epoch counts: days for DATE (an int), microseconds for
 * the timestamp types, nanoseconds for TIMESTAMP_NS (a long). TIMESTAMP_S and TIMESTAMP_MS hold
 * seconds and milliseconds but are read as microseconds, so they share that range. The greatest
 * count stands for infinity (and its negation for -infinity): a value converted to it would read
 * back as infinity. A timestamp must also start on a day DuckDB can convert, so its range begins at
 * midnight of 290309-12-22 BC (1677-09-22 for TIMESTAMP_NS); DuckDB's own casts show the same ends.
 */
public final class TemporalRange {

    private static final long NANOS_PER_SECOND = 1_000_000_000L;
    private static final long MICROS_PER_SECOND = 1_000_000L;
    private static final long FIRST_MICROS = -9_223_372_022_400_000_000L;
    private static final long FIRST_NANOS = -9_223_286_400_000_000_000L;

    private TemporalRange() {}

    /** Whether DuckDB stores a DATE of these epoch days. */
    public static boolean containsDays(long days) {
        return days > -Integer.MAX_VALUE && days < Integer.MAX_VALUE;
    }

    /**
     * Whether DuckDB stores a timestamp of the given type at an instant, given as UTC epoch seconds
     * and nanoseconds of the second; a TIMESTAMP_S or TIMESTAMP_MS column keeps it truncated.
     */
    public static boolean contains(LakeType.Primitive type, long epochSecond, int nano) {
        try {
            long units = units(type, epochSecond, nano);
            return units >= first(type) && units < Long.MAX_VALUE;
        } catch (ArithmeticException e) {
            return false;
        }
    }

    /**
     * The epoch count of an instant in a timestamp type's unit (nanoseconds for TIMESTAMP_NS,
     * microseconds for the others, truncated to the type's precision).
     *
     * @throws ArithmeticException when it does not fit a long
     */
    public static long units(LakeType.Primitive type, long epochSecond, int nano) {
        long perSecond =
                type == LakeType.Primitive.TIMESTAMP_NS ? NANOS_PER_SECOND : MICROS_PER_SECOND;
        long fraction =
                switch (type) {
                    case TIMESTAMP_S -> 0;
                    case TIMESTAMP_MS -> nano / 1_000_000 * 1000L;
                    case TIMESTAMP_NS -> nano;
                    default -> nano / 1000;
                };
        // Before 1970 the fraction is counted back from the next second, so that the first value of
        // a range does not overflow on the way.
        if (epochSecond < 0 && fraction > 0) {
            return Math.addExact(
                    Math.multiplyExact(epochSecond + 1, perSecond), fraction - perSecond);
        }
        return Math.addExact(Math.multiplyExact(epochSecond, perSecond), fraction);
    }

    /**
     * The problem with a value outside a type's range, for a message: the type and its first and
     * last value.
     */
    public static String outside(LakeType type) {
        if (type == LakeType.Primitive.DATE) {
            return "is DATE, which holds values from "
                    + LocalDate.ofEpochDay(-Integer.MAX_VALUE + 1)
                    + " to "
                    + LocalDate.ofEpochDay(Integer.MAX_VALUE - 1);
        }
        return "is "
                + type.sql()
                + ", which holds values from "
                + bound(type, first((LakeType.Primitive) type))
                + " to "
                + bound(type, Long.MAX_VALUE - 1);
    }

    private static long first(LakeType.Primitive type) {
        return type == LakeType.Primitive.TIMESTAMP_NS ? FIRST_NANOS : FIRST_MICROS;
    }

    private static String bound(LakeType type, long units) {
        long perSecond =
                type == LakeType.Primitive.TIMESTAMP_NS ? NANOS_PER_SECOND : MICROS_PER_SECOND;
        Instant instant =
                Instant.ofEpochSecond(
                        Math.floorDiv(units, perSecond),
                        Math.floorMod(units, perSecond) * (NANOS_PER_SECOND / perSecond));
        return type == LakeType.Primitive.TIMESTAMPTZ
                ? instant.toString()
                : instant.atOffset(ZoneOffset.UTC).toLocalDateTime().toString();
    }
}
