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

import dev.ducklake.engine.LakeEngine;
import dev.ducklake.engine.schema.Column;
import dev.ducklake.engine.schema.LakeType;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.schema.TableSchema;
import dev.ducklake.engine.write.WriteMode;
import dev.ducklake.engine.write.WriteSession;

/**
 * The keyed table the upsert benchmarks write: {@code id BIGINT} (the key), {@code name VARCHAR},
 * {@code qty BIGINT}, {@code price DOUBLE}, loaded with rows {@code 0 .. size-1} in appends of
 * {@value #LOAD_BATCH} rows (one data file each).
 */
final class ItemsTable {

    static final TableName TABLE = TableName.of("main", "items");
    static final TableSchema SCHEMA =
            TableSchema.builder()
                    .column(Column.notNull("id", LakeType.Primitive.BIGINT))
                    .column(Column.of("name", LakeType.Primitive.VARCHAR))
                    .column(Column.of("qty", LakeType.Primitive.BIGINT))
                    .column(Column.of("price", LakeType.Primitive.DOUBLE))
                    .primaryKey("id")
                    .build();
    static final long LOAD_BATCH = 1_000_000;

    private ItemsTable() {}

    /**
     * Creates the table and loads {@code size} rows; row {@code id} is {@link #row}{@code (id)}.
     */
    static void createAndLoad(LakeEngine engine, long size) {
        engine.createTable(TABLE, SCHEMA);
        for (long start = 0; start < size; start += LOAD_BATCH) {
            try (WriteSession session = engine.openWriteSession(TABLE, WriteMode.APPEND)) {
                for (long id = start; id < Math.min(size, start + LOAD_BATCH); id++) {
                    session.write(row(id));
                }
                session.commit();
            }
        }
    }

    /** The loaded row of key {@code id}. */
    static Object[] row(long id) {
        return new Object[] {id, "item-" + id, id % 100, id * 0.25};
    }
}
