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

package dev.ducklake.examples.datastream;

import java.time.LocalDateTime;
import org.apache.flink.connector.datagen.source.GeneratorFunction;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.types.logical.RowType;

/** A page view, the application's own type; the sink turns it into a row of {@link #ROW_TYPE}. */
public record PageView(
        long userId, String url, String country, int durationMs, LocalDateTime viewedAt) {

    /** The page_views table: no primary key, so the sink appends. */
    public static final RowType ROW_TYPE =
            (RowType)
                    DataTypes.ROW(
                                    DataTypes.FIELD("user_id", DataTypes.BIGINT().notNull()),
                                    DataTypes.FIELD("url", DataTypes.STRING()),
                                    DataTypes.FIELD("country", DataTypes.STRING()),
                                    DataTypes.FIELD("duration_ms", DataTypes.INT()),
                                    DataTypes.FIELD("viewed_at", DataTypes.TIMESTAMP(3)))
                            .getLogicalType();

    static final String[] COUNTRIES = {"de", "fr", "nl", "pt"};
    private static final LocalDateTime DAY = LocalDateTime.of(2026, 11, 30, 8, 0);

    RowData toRowData() {
        return GenericRowData.of(
                userId,
                StringData.fromString(url),
                StringData.fromString(country),
                durationMs,
                TimestampData.fromLocalDateTime(viewedAt));
    }

    /** The {@code i}-th view of a deterministic stream that starts at view {@code first}. */
    static GeneratorFunction<Long, PageView> generator(long first) {
        return n -> {
            long i = first + n;
            return new PageView(
                    i % 500,
                    "/products/" + i % 40,
                    COUNTRIES[(int) (i % COUNTRIES.length)],
                    (int) (i * 7_919 % 60_000),
                    DAY.plusSeconds(i));
        };
    }
}
