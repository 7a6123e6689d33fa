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

package dev.ducklake.flink.sink;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.testutils.TestLakes;
import dev.ducklake.flink.sink.testutils.LakeContents;
import dev.ducklake.flink.sink.testutils.NoEngineLeftOpen;
import dev.ducklake.flink.sink.testutils.OrderEvents;
import dev.ducklake.flink.sink.testutils.PlainMaintenance;
import dev.ducklake.flink.sink.testutils.TestJobs;
import dev.ducklake.testing.postgres.PostgresServer;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.data.RowData;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Two sinks of one job on one lake, without restarts: their commits share the TaskManager's engine
 * and must not race each other, on a DuckDB file, a SQLite file or PostgreSQL. On PostgreSQL a
 * plain DuckDB runs every DuckLake maintenance call over and over beside them, with the sinks'
 * default staging, and loses nothing of theirs.
 */
@ExtendWith(NoEngineLeftOpen.class)
class SharedLakeITCase {

    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = TestJobs.miniCluster(2);

    static final long COUNT = 12_000;

    @TempDir Path dir;

    @ParameterizedTest(name = "{0} catalog")
    @EnumSource(
            value = CatalogLocation.Kind.class,
            names = {"DUCKDB", "SQLITE"})
    void twoSinksOnAFileCatalogCommitEveryCheckpointWithoutFailing(CatalogLocation.Kind kind)
            throws Exception {
        CatalogLocation catalog = TestLakes.catalog(kind, dir);
        twoSinks(catalog).execute("two sinks on a " + kind + " file");
        assertBothTablesHoldEveryRowOnce(catalog);
    }

    @Test
    void twoSinksOnPostgresLoseNothingToMaintenanceFromPlainDuckDb() throws Exception {
        CatalogLocation catalog = TestLakes.catalog(CatalogLocation.Kind.POSTGRES, dir);
        try {
            Set<String> ran = new HashSet<>();
            CompletableFuture<?> result;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            // The plain DuckDB attaches first: it creates the catalog, which the job then finds.
            try (Connection plain = TestLakes.plainDuckDb(catalog, dir);
                    Statement sql = plain.createStatement()) {
                JobClient job =
                        twoSinks(catalog)
                                .executeAsync("two sinks on PostgreSQL beside maintenance");
                result = job.getJobExecutionResult();
                while (!result.isDone() && System.nanoTime() < deadline) {
                    for (String call : PlainMaintenance.CALLS) {
                        try {
                            sql.execute("CALL " + call);
                            ran.add(call);
                        } catch (SQLException e) {
                            // a conflict with a commit, or a table not created yet: the next round
                            // tries again
                        }
                    }
                }
            }
            result.get(10, TimeUnit.SECONDS);
            assertThat(ran)
                    .as("maintenance calls that ran during the job")
                    .hasSameElementsAs(PlainMaintenance.CALLS);
            assertBothTablesHoldEveryRowOnce(catalog);
        } finally {
            PostgresServer.dropDatabase(catalog.location());
        }
    }

    private StreamExecutionEnvironment twoSinks(CatalogLocation catalog) {
        Configuration conf = new Configuration();
        conf.set(RestartStrategyOptions.RESTART_STRATEGY, "none");
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        env.enableCheckpointing(100);
        env.setParallelism(1);
        DataStream<RowData> orders =
                OrderEvents.stream(env, "orders", OrderEvents::append, COUNT, 4_000);
        for (String table : List.of("shop.orders_a", "shop.orders_b")) {
            orders.sinkTo(OrderEvents.sink(catalog, dir, table).build()).name(table);
        }
        return env;
    }

    private void assertBothTablesHoldEveryRowOnce(CatalogLocation catalog) throws Exception {
        for (String table : List.of("shop.orders_a", "shop.orders_b")) {
            assertThat(LakeContents.rowsByFirstColumn(catalog, dir, table).keySet())
                    .as(table)
                    .isEqualTo(OrderEvents.expectedAppend(COUNT).keySet());
        }
    }
}
