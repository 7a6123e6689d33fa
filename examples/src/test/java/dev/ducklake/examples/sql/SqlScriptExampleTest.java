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

package dev.ducklake.examples.sql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ducklake.engine.testutils.CommandRun;
import dev.ducklake.examples.ReadmeCommands;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs the command Getting started gives for the SQL script: Flink's SQL client in a JVM of its
 * own, whose class path holds Flink's jars only, with the connector's shaded jar passed as {@code
 * --jar}. That proves the jar carries both factories and everything they load. Then reads the lake
 * the script left with plain DuckDB.
 */
class SqlScriptExampleTest {

    private static final Path LAKE =
            ReadmeCommands.ROOT.resolve("examples/target/sql-example/lake/metadata.ducklake");

    @Test
    void theSqlScriptRunsInFlinksSqlClientWithTheConnectorJarAsItsOnlyConnectorCode()
            throws Exception {
        String command =
                ReadmeCommands.after(
                        ReadmeCommands.GETTING_STARTED, "Run the SQL script on connector tables");
        assertThat(command).endsWith("scripts/sql-client.sh examples/sql/orders.sql");

        CommandRun.Result run = ReadmeCommands.run(clientStep(command), Duration.ofMinutes(8));

        String output = run.output();
        assertThat(run.exitCode()).as(output).isZero();
        assertThat(output)
                .as("the client's output")
                .doesNotContain("[ERROR]")
                .containsPattern(row("-U", "o-1", "alice", "new", "19.99"))
                .containsPattern(row("+U", "o-1", "alice", "paid", "19.99"))
                .containsPattern(row("+I", "o-4", "dave", "new", "7.50"))
                .contains("Received a total of 3 rows")
                // The lookup join: the tiers now; the temporal join: the tier when each payment was
                // made.
                .containsPattern(row("p-1", "alice", "gold"))
                .containsPattern(row("+I", "p-1", "alice", "silver"))
                .containsPattern(row("+I", "p-2", "bob", "gold"))
                .containsPattern(row("+I", "p-3", "alice", "gold"));
        List<String> classPath =
                Files.readAllLines(
                        ReadmeCommands.ROOT.resolve("connector-dist/target/sql-client.classpath"));
        assertThat(String.join(":", classPath).split(":"))
                .as("the SQL client's class path")
                .noneMatch(entry -> entry.contains("ducklake") || entry.contains("duckdb"));

        assertThat(
                        lakeRows(
                                "SELECT order_id, customer, status, amount FROM lake.orders ORDER BY order_id"))
                .containsExactly(
                        "o-1 alice paid 19.99",
                        "o-2 bob new 5.00",
                        "o-3 alice new 42.00",
                        "o-4 dave new 7.50");
        assertThat(
                        lakeRows(
                                "SELECT customer, orders, amount FROM lake.customer_totals ORDER BY customer"))
                .containsExactly("alice 2 61.99", "bob 1 5.00", "dave 1 7.50");
    }

    /**
     * The client step of a command that builds the SQL jar and then runs the client: the build step
     * is what this build has just done (the reactor packages {@code connector-dist} before the
     * examples), and shading the jar again would take a minute per test.
     */
    private static String clientStep(String command) {
        String build = "mvn -q -pl connector-dist -am install -DskipTests && ";
        assertThat(command).startsWith(build);
        return command.substring(build.length());
    }

    @Test
    void theCatalogScriptUsesOnlyTheCatalog(@TempDir Path home) throws Exception {
        String command =
                ReadmeCommands.after(
                        ReadmeCommands.GETTING_STARTED,
                        "Run the SQL script on the DuckLake catalog");
        assertThat(command).endsWith("scripts/sql-client.sh examples/sql/catalog.sql");
        assertThat(Files.readString(ReadmeCommands.ROOT.resolve("examples/sql/catalog.sql")))
                .as("the script")
                .doesNotContain("'connector'");

        // An empty home, where DuckDB finds no extension of its own: the connector's jar is all
        // there is.
        CommandRun.Result run =
                ReadmeCommands.run(
                        clientStep(command),
                        Duration.ofMinutes(8),
                        Map.of("HOME", home.toString()));

        String output = run.output();
        assertThat(run.exitCode()).as(output).isZero();
        assertThat(home).as("nothing installed in the home").isEmptyDirectory();
        assertThat(output)
                .as("the client's output")
                .doesNotContain("[ERROR]")
                .containsPattern(row("status", "STRING", "TRUE"))
                .containsPattern(row("o-1", "alice", "24.99", "paid"))
                .containsPattern(row("o-2", "bob", "5.00", "<NULL>"))
                .containsPattern(row("o-4", "dave", "7.50", "new"))
                .containsPattern(row("4", "insert", "2", "0", "merge"))
                .containsPattern(row("5", "write", "1", "1", "merge"))
                .containsPattern(row("6", "alter", "0", "0", "schema"))
                .containsPattern(row("7", "write", "1", "1", "merge"))
                .containsPattern(row("flush_inlined_data", "shop.orders", "FALSE", "6", "rows"))
                .containsPattern(row("data", "4"));
        int query = output.indexOf("'scan.version' = '4'");
        String timeTravel =
                output.substring(
                        query, output.indexOf("rows in set", query) + "rows in set".length());
        assertThat(timeTravel)
                .as("the table at version 4")
                .containsPattern(row("o-1", "alice", "19.99"))
                .containsPattern(row("o-2", "bob", "5.00"))
                .doesNotContain("o-3")
                .contains("2 rows in set");

        assertThat(
                        lakeRows(
                                "SELECT order_id, customer, amount, status FROM lake.shop.orders ORDER BY order_id"))
                .containsExactly(
                        "o-1 alice 24.99 paid",
                        "o-2 bob 5.00 null",
                        "o-3 carol 42.00 null",
                        "o-4 dave 7.50 new");
        assertThat(
                        lakeRows(
                                "SELECT comment FROM duckdb_tables() WHERE database_name = 'lake'"
                                        + " AND table_name = 'orders'"))
                .containsExactly("one row per order");
    }

    @Test
    void aJobThatFailsShowsTheConnectorsMessageInTheClientsOutput() throws Exception {
        Path script =
                Path.of(SqlScriptExampleTest.class.getResource("/sql/failing-insert.sql").toURI());
        Path workdir = ReadmeCommands.ROOT.resolve("examples/target/sql-failing-insert");

        CommandRun.Result run =
                ReadmeCommands.run(
                        "scripts/sql-client.sh " + script + " " + workdir, Duration.ofMinutes(4));

        // Flink's client reports only that its MiniCluster is gone; the task's failure must show
        // why.
        assertThat(run.output())
                .as("the client's output")
                .contains("Could not create the staging directory /proc/no-such-dir")
                .contains("check 'sink.staging-path'")
                .doesNotContain("FATAL");
    }

    /** A row of the client's tableau output, cells padded to their column's width. */
    private static String row(String... cells) {
        StringBuilder pattern = new StringBuilder("\\|");
        for (String cell : cells) {
            pattern.append(" +").append(Pattern.quote(cell)).append(" \\|");
        }
        return pattern.toString();
    }

    /**
     * A query's rows, each its values joined by spaces, on plain DuckDB with the scripts' lake
     * attached read-only as {@code lake}.
     */
    private static List<String> lakeRows(String query) throws Exception {
        List<String> rows = new ArrayList<>();
        try (Connection duckdb = DriverManager.getConnection("jdbc:duckdb:");
                Statement sql = duckdb.createStatement()) {
            sql.execute("ATTACH 'ducklake:" + LAKE + "' AS lake (READ_ONLY)");
            try (ResultSet result = sql.executeQuery(query)) {
                int columns = result.getMetaData().getColumnCount();
                while (result.next()) {
                    List<String> values = new ArrayList<>();
                    for (int i = 1; i <= columns; i++) {
                        values.add(result.getString(i));
                    }
                    rows.add(String.join(" ", values));
                }
            }
        }
        return rows;
    }
}
