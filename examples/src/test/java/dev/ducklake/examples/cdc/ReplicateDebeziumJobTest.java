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

package dev.ducklake.examples.cdc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ducklake.engine.testutils.CommandRun;
import dev.ducklake.engine.testutils.TestLakes;
import dev.ducklake.examples.ReadmeCommands;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Runs the replication example's command from {@code docs/cdc.md} as written, then reads the lake
 * it left with plain DuckDB and compares each table with what the bundled Debezium events say,
 * worked out by hand from the events: the PostgreSQL products after their snapshot, inserts,
 * updates and delete; the MySQL customer; the MySQL products with the column {@code age} added and
 * widened.
 */
class ReplicateDebeziumJobTest {

    private static final Path CATALOG =
            Path.of("target", "cdc-lake", "metadata.ducklake").toAbsolutePath();

    @Test
    void theEventsOfEveryTableLandInTheLakeWithTheirLastSchema() throws Exception {
        String command =
                ReadmeCommands.after(Path.of("docs", "cdc.md"), "Run the replication example");
        assertThat(command).endsWith("-Dexec.mainClass=" + ReplicateDebeziumJob.class.getName());

        CommandRun.Result run = ReadmeCommands.run(command, Duration.ofMinutes(8));

        String output = run.output();
        assertThat(run.exitCode()).as(output).isZero();
        assertThat(output)
                .contains("inventory.products (", "inventory.customers (", "test.product (")
                .containsPattern(
                        "(?m)^  version \\d+ \\(checkpoint \\d+\\): .*inventory\\.products merge");

        try (Connection duckdb = plainDuckDb();
                Statement st = duckdb.createStatement()) {
            assertThat(columns(st, "inventory", "products"))
                    .containsExactly(
                            "id INTEGER NOT NULL",
                            "name VARCHAR",
                            "description VARCHAR",
                            "weight DOUBLE");
            assertThat(TestLakes.rows(st, "SELECT * FROM lake.inventory.products ORDER BY id"))
                    .containsExactly(
                            List.of(101, "scooter", "Small 2-wheel scooter", 3.14),
                            List.of(102, "car battery", "12V car battery", 8.1),
                            List.of(
                                    103,
                                    "12-pack drill bits",
                                    "12-pack of drill bits with sizes ranging from #40 to #3",
                                    0.8),
                            List.of(104, "hammer", "12oz carpenter's hammer", 0.75),
                            List.of(105, "hammer", "14oz carpenter's hammer", 0.875),
                            List.of(106, "hammer", "18oz carpenter hammer", 1.0),
                            List.of(107, "rocks", "box of assorted rocks", 5.1),
                            List.of(108, "jacket", "water resistent black wind breaker", 0.1),
                            List.of(109, "spare tire", "24 inch spare tire", 22.2),
                            List.of(110, "jacket", "new water resistent white wind breaker", 0.5));

            assertThat(columns(st, "inventory", "customers"))
                    .containsExactly(
                            "id INTEGER NOT NULL",
                            "first_name VARCHAR",
                            "last_name VARCHAR",
                            "email VARCHAR");
            assertThat(TestLakes.rows(st, "SELECT * FROM lake.inventory.customers"))
                    .containsExactly(List.of(1004, "Anne", "Kretchmar", "annek@noanswer.org"));

            assertThat(columns(st, "test", "product"))
                    .containsExactly(
                            "id INTEGER NOT NULL",
                            "name VARCHAR",
                            "description VARCHAR",
                            "weight DOUBLE",
                            "age BIGINT");
            assertThat(TestLakes.rows(st, "SELECT * FROM lake.test.product ORDER BY id"))
                    .containsExactly(
                            Arrays.asList(101, "scooter", "Small 2-wheel scooter", 3.14, null),
                            List.of(
                                    103,
                                    "12-pack drill bits",
                                    "12-pack of drill bits with sizes ranging from #40 to #3",
                                    0.8,
                                    18L),
                            List.of(104, "hammer", "12oz carpenter's hammer", 0.75, 24L));

            List<List<Object>> checkpoints =
                    TestLakes.rows(
                            st,
                            "SELECT commit_extra_info::JSON->>'$.producer.\"checkpoint-id\"'"
                                    + " FROM ducklake_snapshots('lake') WHERE author = 'ducklake-engine'");
            assertThat(checkpoints)
                    .as("the checkpoint of each snapshot the sink wrote, all tables in one")
                    .isNotEmpty()
                    .doesNotHaveDuplicates()
                    .doesNotContain(Arrays.asList((Object) null));
        }

        Matcher query = Pattern.compile("(?m)plain DuckDB: (python3 -c .*)$").matcher(output);
        assertThat(query.find()).as(output).isTrue();
        CommandRun.Result python = ReadmeCommands.run(query.group(1), Duration.ofMinutes(1));
        assertThat(python.exitCode()).as(python.output()).isZero();
        assertThat(python.output())
                .containsPattern(
                        "│ +110 │ jacket +│ new water resistent white wind breaker +│ +0\\.5 │")
                .contains("10 rows")
                .doesNotContain("111");
    }

    /** A DuckDB of its own, with the example's lake attached read-only as {@code lake}. */
    private static Connection plainDuckDb() throws SQLException {
        return TestLakes.plainDuckDb(
                "ATTACH 'ducklake:"
                        + CATALOG.toString().replace("'", "''")
                        + "' AS lake (READ_ONLY)");
    }

    /** The table's columns as {@code name TYPE}, with {@code NOT NULL} where the lake says so. */
    private static List<String> columns(Statement st, String schema, String table)
            throws SQLException {
        List<String> columns = new ArrayList<>();
        for (List<Object> row :
                TestLakes.rows(
                        st,
                        "SELECT column_name, data_type, is_nullable FROM duckdb_columns() WHERE"
                                + " database_name = 'lake' AND schema_name = '"
                                + schema
                                + "' AND table_name = '"
                                + table
                                + "' ORDER BY column_index")) {
            columns.add(
                    row.get(0)
                            + " "
                            + row.get(1)
                            + (Boolean.TRUE.equals(row.get(2)) ? "" : " NOT NULL"));
        }
        return columns;
    }
}
