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

package dev.ducklake.flink.source.testutils;

import dev.ducklake.flink.sink.testutils.OrderEvents;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.connector.datagen.source.GeneratorFunction;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.types.RowKind;

/**
 * A seeded random changelog of {@link OrderEvents#ROW_TYPE} rows: event {@code i} picks a random
 * order of {@code keys} and deletes it (one in five) or upserts it with a random amount. Event
 * {@code i} depends only on the seed and {@code i}, so a restarted generator repeats it.
 */
public record RandomChangelog(long seed, int keys) implements GeneratorFunction<Long, RowData> {

    @Override
    public RowData map(Long i) {
        SplittableRandom random = new SplittableRandom(seed * 1_000_003L + i);
        String key = "o-" + random.nextInt(keys);
        boolean delete = random.nextInt(5) == 0;
        BigDecimal amount = BigDecimal.valueOf(random.nextLong(10_000_000), 2);
        return GenericRowData.ofKind(
                delete ? RowKind.DELETE : RowKind.UPDATE_AFTER,
                StringData.fromString(key),
                i,
                DecimalData.fromBigDecimal(amount, 12, 2));
    }

    public DataGeneratorSource<RowData> source(long count, double perSecond) {
        return OrderEvents.source(this, count, perSecond);
    }

    /** The rows events {@code 0..count-1} leave, rendered as {@link ChangelogModel} holds them. */
    public Map<String, String> expected(long count) throws Exception {
        return replay(this, count);
    }

    /**
     * The reference model of an upsert stream of {@link OrderEvents#ROW_TYPE} rows: the rows that
     * events {@code 0..count-1} leave, by key, rendered as {@link ChangelogModel} holds them.
     */
    public static Map<String, String> replay(GeneratorFunction<Long, RowData> events, long count)
            throws Exception {
        Map<String, String> rows = new TreeMap<>();
        for (long i = 0; i < count; i++) {
            apply(events.map(i), rows);
        }
        return rows;
    }

    /**
     * Applies one event of an upsert stream to the rows by key: a delete removes its key, else it
     * upserts.
     */
    public static void apply(RowData event, Map<String, String> rows) {
        String key = event.getString(0).toString();
        if (event.getRowKind() == RowKind.DELETE) {
            rows.remove(key);
        } else {
            rows.put(
                    key,
                    ChangelogModel.render(
                            List.of(key, event.getLong(1), event.getDecimal(2, 12, 2))));
        }
    }
}
