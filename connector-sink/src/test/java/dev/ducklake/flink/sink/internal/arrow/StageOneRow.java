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

package dev.ducklake.flink.sink.internal.arrow;

import dev.ducklake.engine.LakeEngine;
import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.schema.TableSchema;
import dev.ducklake.engine.testutils.TestLakes;
import dev.ducklake.flink.sink.internal.SinkMode;
import dev.ducklake.flink.sink.testutils.OrderEvents;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.flink.types.RowKind;

/**
 * Stages one row as a sink writer does, in a lake under {@code args[0]}; run in a JVM of its own by
 * {@link ArrowAccessTest}.
 */
final class StageOneRow {

    private StageOneRow() {}

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        TableName table = TableName.of("orders");
        TableSchema lake = OrderEvents.lakeSchema(false);
        AtomicInteger files = new AtomicInteger();
        try (LakeEngine engine =
                LakeEngine.open(
                        TestLakes.config(TestLakes.catalog(CatalogLocation.Kind.DUCKDB, dir), dir)
                                .build())) {
            engine.createTable(table, lake);
            try (StagingResources resources = new StagingResources(engine, true, table.toString());
                    ArrowStaging staging =
                            new ArrowStaging(
                                    resources,
                                    table,
                                    lake,
                                    OrderEvents.ROW_TYPE,
                                    new int[] {0, 1, 2},
                                    SinkMode.APPEND,
                                    false,
                                    ArrowStaging.BATCH_ROWS,
                                    () ->
                                            dir.resolve(
                                                            "staged-"
                                                                    + files.incrementAndGet()
                                                                    + ".parquet")
                                                    .toString())) {
                staging.stage(RowKind.INSERT, OrderEvents.append(1));
                System.out.println("Staged " + staging.drain(false).size() + " file");
            }
        }
    }
}
