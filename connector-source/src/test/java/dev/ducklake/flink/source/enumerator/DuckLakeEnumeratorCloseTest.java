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

package dev.ducklake.flink.source.enumerator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import dev.ducklake.engine.EngineRegistry;
import dev.ducklake.engine.LakeEngine;
import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.config.EngineConfig;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.testutils.TestLakes;
import dev.ducklake.engine.testutils.TestSchemas;
import dev.ducklake.flink.source.DuckLakeSource;
import dev.ducklake.flink.source.split.DuckLakeSplit;
import java.nio.file.Path;
import java.util.List;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.connector.testutils.source.reader.TestingSplitEnumeratorContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Flink closes a source's enumerator from another thread than its event loop, so a checkpoint
 * notification or a returned split may reach the enumerator after its close: it must find the
 * enumerator closed, not use the engine the close gave back.
 */
class DuckLakeEnumeratorCloseTest {

    private static final TableName TABLE = TableName.of("orders");

    @TempDir Path dir;

    @Test
    void workThatArrivesAfterTheCloseLeavesTheEngineAlone() throws Exception {
        CatalogLocation catalog = TestLakes.catalog(CatalogLocation.Kind.DUCKDB, dir);
        EngineConfig config = TestLakes.config(catalog, dir).build();
        long created;
        try (LakeEngine engine = LakeEngine.open(config)) {
            created = engine.createTable(TABLE, TestSchemas.columns("id BIGINT").build());
        }
        DuckLakeSource source =
                DuckLakeSource.builder()
                        .catalog(catalog.key())
                        .dataPath(dir.resolve("data") + "/")
                        .table(TABLE.toString())
                        .startAfterVersion(created)
                        .build();
        TestingSplitEnumeratorContext<DuckLakeSplit> context =
                new TestingSplitEnumeratorContext<>(1);
        SplitEnumerator<DuckLakeSplit, DuckLakeEnumeratorState> enumerator =
                source.createEnumerator(context);
        enumerator.start();
        context.registerReader(0, "localhost");
        enumerator.addReader(0);
        try (EngineRegistry.Lease lease = EngineRegistry.shared().acquire(config)) {
            lease.engine().setTableComment(TABLE, "a new version to plan");
        }
        context.triggerAllActions();
        List<DuckLakeSplit> assigned = context.getSplitAssignments().get(0).getAssignedSplits();
        assertThat(assigned).as("the new version's split").hasSize(1);

        enumerator.close();
        assertThat(EngineRegistry.shared().users(catalog))
                .as("users of the engine after the close")
                .isZero();

        assertThatCode(
                        () -> {
                            enumerator.addSplitsBack(assigned, 0);
                            enumerator.notifyCheckpointComplete(1);
                            context.triggerAllActions();
                        })
                .doesNotThrowAnyException();
        assertThat(EngineRegistry.shared().users(catalog))
                .as("users of the engine after the late work")
                .isZero();
    }
}
