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

import dev.ducklake.engine.EngineRegistry;
import dev.ducklake.engine.LakeEngine;
import dev.ducklake.engine.config.EngineConfig;
import dev.ducklake.engine.schema.LakeType.Primitive;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.schema.TableSchema;
import dev.ducklake.engine.write.WriteMode;
import dev.ducklake.engine.write.WriteSession;

/**
 * A longer history for a benchmark's lake: what costs that must not grow with it are measured
 * against.
 */
final class LakeHistory {

    private LakeHistory() {}

    /**
     * Lengthens the lake's history by {@code count} snapshots: one-row commits to another table.
     */
    static void addSnapshots(EngineConfig config, int count) {
        TableName filler = TableName.of("history_filler");
        long start = System.nanoTime();
        try (EngineRegistry.Lease lease = EngineRegistry.shared().acquire(config)) {
            LakeEngine engine = lease.engine();
            engine.createTable(filler, TableSchema.builder().column("n", Primitive.BIGINT).build());
            for (long n = 0; n < count; n++) {
                try (WriteSession commit = engine.openWriteSession(filler, WriteMode.APPEND)) {
                    commit.write(new Object[] {n});
                    commit.commit();
                }
            }
        }
        System.out.printf(
                "%,d more snapshots in %.0f s%n", count, (System.nanoTime() - start) / 1e9);
    }
}
