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

package dev.ducklake.flink.source.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ducklake.engine.LakeEngine;
import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.config.EngineConfig;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.testutils.TestSchemas;
import java.nio.file.Path;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.ValidationException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A DuckDB-file catalog, which one process at a time can open, planned for a cluster of several
 * processes ({@code execution.target: remote}): what runs in one TaskManager is planned, what would
 * need the lake in several processes fails at planning, naming the catalogs that serve them.
 */
class DuckDbFileCatalogOnClusterTest {

    private static final String READ = "SELECT * FROM t";
    private static final String WRITE = "INSERT INTO t VALUES (1, 'a')";
    private static final String LOOKUP =
            "SELECT s.id, t.name FROM (SELECT id, PROCTIME() AS pt FROM"
                    + " (VALUES (CAST(1 AS BIGINT)), (CAST(2 AS BIGINT))) AS v(id)) AS s JOIN t FOR SYSTEM_TIME AS OF s.pt"
                    + " ON s.id = t.id";

    @TempDir static Path dir;

    @BeforeAll
    static void createTable() {
        try (LakeEngine engine = LakeEngine.open(EngineConfig.builder(catalog()).build())) {
            engine.createTable(
                    TableName.of("t"),
                    TestSchemas.columns("id BIGINT", "name VARCHAR").primaryKey("id").build());
        }
    }

    @Test
    void aReadFailsAtPlanningNamingTheCatalogsThatServeSeveralProcesses() {
        for (TableEnvironment tEnv :
                new TableEnvironment[] {
                    tableEnvironment("remote", 1, true), tableEnvironment("remote", 1, false)
                }) {
            assertThatThrownBy(() -> tEnv.explainSql(READ))
                    .isInstanceOf(ValidationException.class)
                    .hasStackTraceContaining(
                            "DuckLake table t: its catalog "
                                    + catalog().location()
                                    + " is a DuckDB file")
                    .hasStackTraceContaining("execution.target: remote")
                    .hasStackTraceContaining("the JobManager")
                    .hasStackTraceContaining("'catalog' = 'sqlite:<path>'")
                    .hasStackTraceContaining("'catalog' = 'postgres:<libpq connection string>'");
        }
    }

    @Test
    void aSinkOrLookupJoinIsPlannedAtParallelismOneAndRefusedAboveIt() throws Exception {
        // Writes in batch mode: Flink's streaming planner asks a keyed INSERT of VALUES for ON
        // CONFLICT.
        assertThatThrownBy(() -> tableEnvironment("remote", 2, false).explainSql(WRITE))
                .isInstanceOf(ValidationException.class)
                .hasStackTraceContaining("its sink at parallelism 2")
                .hasStackTraceContaining("'sink.parallelism' = '1'");
        assertThatThrownBy(() -> tableEnvironment("remote", 2, true).explainSql(LOOKUP))
                .hasStackTraceContaining("its lookup join at parallelism 2")
                .hasStackTraceContaining("SET 'parallelism.default' = '1'");

        assertThatCode(
                        () ->
                                tableEnvironment("remote", 2, false)
                                        .explainSql(
                                                "INSERT INTO t"
                                                        + " /*+ OPTIONS('sink.parallelism' = '1') */ VALUES (1, 'a')"))
                .doesNotThrowAnyException();
        assertThat(tableEnvironment("remote", 1, false).explainSql(WRITE)).contains("Sink");
        assertThat(tableEnvironment("remote", 1, true).explainSql(LOOKUP)).contains("LookupJoin");
    }

    @Test
    void onAMiniClusterEveryUseIsPlanned() {
        for (String target : new String[] {"local", "minicluster"}) {
            TableEnvironment streaming = tableEnvironment(target, 2, true);
            TableEnvironment batch = tableEnvironment(target, 2, false);
            assertThatCode(
                            () -> {
                                streaming.explainSql(READ);
                                streaming.explainSql(LOOKUP);
                                batch.explainSql(WRITE);
                            })
                    .as(target)
                    .doesNotThrowAnyException();
        }
    }

    private static TableEnvironment tableEnvironment(
            String target, int parallelism, boolean streaming) {
        Configuration configuration = new Configuration();
        configuration.setString("execution.target", target);
        configuration.setString("parallelism.default", Integer.toString(parallelism));
        EnvironmentSettings.Builder settings =
                EnvironmentSettings.newInstance().withConfiguration(configuration);
        TableEnvironment tEnv =
                TableEnvironment.create(
                        (streaming ? settings.inStreamingMode() : settings.inBatchMode()).build());
        tEnv.executeSql(
                "CREATE TABLE t (id BIGINT, name STRING, PRIMARY KEY (id) NOT ENFORCED) WITH ("
                        + "'connector' = 'ducklake', 'catalog' = '"
                        + catalog().location()
                        + "')");
        return tEnv;
    }

    private static CatalogLocation catalog() {
        return CatalogLocation.duckDbFile(dir.resolve("metadata.ducklake"));
    }
}
