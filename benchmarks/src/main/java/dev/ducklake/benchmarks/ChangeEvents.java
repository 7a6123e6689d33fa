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

package dev.ducklake.benchmarks;

import dev.ducklake.flink.cdc.ChangeRecord;
import dev.ducklake.flink.cdc.ChangeSchema;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Locale;
import org.apache.flink.connector.datagen.source.GeneratorFunction;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.DoubleType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.TimestampType;
import org.apache.flink.table.types.logical.VarCharType;
import org.apache.flink.types.RowKind;

/**
 * A change stream of {@code tables} keyed tables {@code bench.t000}, {@code bench.t001}, ..., each
 * {@code id BIGINT} (the key), {@code name STRING}, {@code qty INT}, {@code price DOUBLE}, {@code
 * updated_at TIMESTAMP(6)}. Event {@code i} belongs to table {@code i mod tables}, so the tables
 * take turns, and is that table's event {@code n = i / tables}: of every ten, six insert the new
 * key {@code n}, three upsert ({@code +U}) and one deletes an earlier inserted key drawn from a
 * hash of {@code n}. A key may be deleted more than once, or upserted after its delete.
 */
final class ChangeEvents implements GeneratorFunction<Long, ChangeRecord> {

    private static final long serialVersionUID = 1L;
    static final ChangeSchema SCHEMA =
            ChangeSchema.of(
                    RowType.of(
                            new LogicalType[] {
                                new BigIntType(false),
                                VarCharType.STRING_TYPE,
                                new IntType(),
                                new DoubleType(),
                                new TimestampType(6)
                            },
                            new String[] {"id", "name", "qty", "price", "updated_at"}),
                    List.of("id"));
    private static final LocalDateTime EPOCH = LocalDateTime.of(2026, 1, 1, 0, 0);

    private final String[] names;

    ChangeEvents(int tables) {
        names = new String[tables];
        for (int t = 0; t < tables; t++) {
            names[t] = table(t);
        }
    }

    /** The source table {@code t}, which the sink writes to the lake table of the same name. */
    static String table(int t) {
        return String.format(Locale.ROOT, "bench.t%03d", t);
    }

    @Override
    public ChangeRecord map(Long index) {
        long i = index;
        long n = i / names.length;
        int slot = (int) (n % 10);
        RowKind kind = slot < 6 ? RowKind.INSERT : slot < 9 ? RowKind.UPDATE_AFTER : RowKind.DELETE;
        long id = kind == RowKind.INSERT ? n : earlierInsert(n);
        GenericRowData row =
                GenericRowData.ofKind(
                        kind,
                        id,
                        StringData.fromString("item-" + id + "-v" + n),
                        (int) (i % 1_000),
                        (i % 100_000) / 100.0,
                        TimestampData.fromLocalDateTime(EPOCH.plusSeconds(i)));
        return new ChangeRecord(names[(int) (i % names.length)], row, SCHEMA);
    }

    /**
     * A key inserted before the table's event {@code n} (one with {@code n mod 10 == 0}); {@code n
     * > 0}.
     */
    private static long earlierInsert(long n) {
        long before = Math.floorMod(mix(n), n);
        return before - before % 10;
    }

    /** SplitMix64's finalizer: consecutive inputs give well-spread outputs. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
