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

package dev.ducklake.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.testutils.TestLakes;
import dev.ducklake.testing.process.ProjectRoot;
import dev.ducklake.testing.s3.S3Server;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Flink's SQL client on a standalone cluster of Flink 2.3.0's distribution (a JobManager and a
 * TaskManager process) with only the connector's jar added: the quickstart of {@code
 * docs/quickstart-cluster.md} as written there, and the DuckDB-file catalog, which serves a sink
 * that one TaskManager runs and fails at planning what would open it in several processes.
 */
class SqlClientOnDistributionIT {

    @TempDir static Path dir;

    static S3Server s3;
    static FlinkCluster cluster;

    @BeforeAll
    static void startCluster() throws Exception {
        s3 = S3Server.start(dir.resolve("s3"));
        cluster = FlinkCluster.create("2.3.0", dir.resolve("cluster"), Map.of());
        cluster.start(1);
    }

    @AfterAll
    static void stopCluster() throws Exception {
        if (cluster != null) {
            cluster.close();
        }
        if (s3 != null) {
            s3.close();
        }
    }

    @Test
    void theQuickstartRunsAsWritten() throws Exception {
        s3.createBucket("my-bucket");
        Path lake = dir.resolve("quickstart");
        String script =
                quickstartScript()
                        .replace("/tmp/ducklake-quickstart", lake.toString())
                        .replace("'my-key-id'", "'" + S3Server.KEY_ID + "'")
                        .replace("'my-secret-key'", "'" + S3Server.SECRET + "'")
                        .replace("  -- , 'duckdb.secret", "  , 'duckdb.secret")
                        .replace("'localhost:9000'", "'" + s3.endpoint() + "'");

        String output =
                run(() -> cluster.sqlOutput(Files.writeString(dir.resolve("lake.sql"), script)));

        assertThat(output)
                .containsPattern(row("o-1", "alice", "24.99"))
                .containsPattern(row("o-3", "carol", "42.00"))
                .as("the table at version 2")
                .containsPattern(row("o-1", "alice", "19.99"))
                .as("after ALTER TABLE")
                .containsPattern(row("o-1", "alice", "24.99", "<NULL>"))
                .containsPattern(row("o-2", "bob", "5.00", "paid"))
                .containsPattern(row("o-3", "carol", "42.00", "<NULL>"));
        assertThat(s3.keys("my-bucket", "lake/")).as("the lake's data files on S3").isNotEmpty();
    }

    @Test
    void aDuckDbFileCatalogServesASinkInOneTaskManagerAndRefusesWhatNeedsSeveralProcesses()
            throws Exception {
        Path lake = dir.resolve("file-catalog");
        CatalogLocation catalog = CatalogLocation.duckDbFile(lake.resolve("metadata.ducklake"));
        String table =
                "CREATE TABLE t (id BIGINT, name STRING, PRIMARY KEY (id) NOT ENFORCED) WITH ('connector' ="
                        + " 'ducklake', 'catalog' = '"
                        + catalog.location()
                        + "', 'data-path' = '"
                        + lake.resolve("data")
                        + "/');";
        String batch = "SET 'execution.runtime-mode' = 'batch';";

        String write =
                run(
                        () ->
                                cluster.sql(
                                                script(
                                                        "write.sql",
                                                        batch,
                                                        table,
                                                        "INSERT INTO t VALUES (1, 'a'), (2, 'b'), (3, 'c');"))
                                        .get(0));
        cluster.awaitFinished(write, Duration.ofMinutes(3));
        assertThat(TestLakes.plainRows(catalog, lake, "SELECT id, name FROM plain.t ORDER BY id"))
                .containsExactly("1|a", "2|b", "3|c");

        String read =
                run(() -> cluster.sqlFailure(script("read.sql", batch, table, "SELECT * FROM t;")));
        assertThat(read)
                .contains("is a DuckDB file, which one process at a time can open")
                .contains("the JobManager (its split enumerator)")
                .contains("'catalog' = 'sqlite:<path>'");
        String parallel =
                run(
                        () ->
                                cluster.sqlFailure(
                                        script(
                                                "parallel.sql",
                                                batch,
                                                "SET 'parallelism.default' = '2';",
                                                table,
                                                "INSERT INTO t VALUES (4, 'd');")));
        assertThat(parallel)
                .contains("its sink at parallelism 2")
                .contains("'sink.parallelism' = '1'");
    }

    /** A row of the SQL client's tableau output. */
    private static String row(String... values) {
        return "\\|\\s+" + String.join("\\s+\\|\\s+", values) + "\\s+\\|";
    }

    /**
     * The SQL script of the quickstart page: the {@code sql} block after "Save this as `lake.sql`".
     */
    private static String quickstartScript() throws Exception {
        String page =
                Files.readString(
                        ProjectRoot.containing("connector-dist")
                                .resolve("docs/quickstart-cluster.md"));
        int start =
                page.indexOf("```sql\n", page.indexOf("Save this as `lake.sql`"))
                        + "```sql\n".length();
        return page.substring(start, page.indexOf("```", start));
    }

    private static Path script(String name, String... statements) throws Exception {
        return Files.writeString(dir.resolve(name), String.join("\n", statements) + "\n");
    }

    /** Runs a step on the cluster; a failure carries the cluster's logs. */
    private static <T> T run(Step<T> step) throws Exception {
        try {
            return step.run();
        } catch (Throwable e) {
            e.addSuppressed(new AssertionError("Cluster logs:\n" + cluster.logs()));
            throw e;
        }
    }

    private interface Step<T> {
        T run() throws Exception;
    }
}
