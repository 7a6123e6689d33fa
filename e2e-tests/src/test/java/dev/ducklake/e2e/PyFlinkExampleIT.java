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

import dev.ducklake.engine.testutils.TestLakes;
import dev.ducklake.testing.process.ProjectRoot;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The PyFlink example, {@code examples/python/ducklake_pyflink.py}, run by PyFlink from PyPI's
 * {@code apache-flink} package ({@code scripts/install-pyflink.sh}) with the connector's jar and
 * nothing else: an empty home, so no DuckDB extension is installed. Plain DuckDB then reads the
 * lake it wrote.
 */
class PyFlinkExampleIT {

    @TempDir Path dir;

    @Test
    void theTableApiAndSqlWriteALakeThatPlainDuckDbReads() throws Exception {
        Path root = ProjectRoot.containing("connector-dist");
        String installed =
                Command.run(
                                Duration.ofMinutes(10),
                                Map.of(),
                                root.resolve("scripts/install-pyflink.sh").toString())
                        .strip();
        String python = installed.substring(installed.lastIndexOf('\n') + 1);
        Path home = Files.createDirectories(dir.resolve("home"));
        Path lake = dir.resolve("lake");

        String output =
                Command.run(
                        Duration.ofMinutes(5),
                        Map.of("HOME", home.toString()),
                        python,
                        root.resolve("examples/python/ducklake_pyflink.py").toString(),
                        System.getProperty("connector.jar"),
                        lake.toString());

        assertThat(output)
                .contains("order o-1 alice 24.99\norder o-2 bob 5.00\norder o-3 carol 42.00\n")
                .contains("versions 3");
        try (Connection plain = DriverManager.getConnection("jdbc:duckdb:");
                Statement st = plain.createStatement()) {
            st.execute("LOAD ducklake");
            st.execute(
                    "ATTACH 'ducklake:"
                            + lake.resolve("metadata.ducklake")
                            + "' AS lake (READ_ONLY)");
            assertThat(
                            TestLakes.rows(
                                    st,
                                    "SELECT order_id, customer, CAST(amount AS VARCHAR) FROM lake.orders"
                                            + " ORDER BY order_id"))
                    .containsExactly(
                            List.of("o-1", "alice", "24.99"),
                            List.of("o-2", "bob", "5.00"),
                            List.of("o-3", "carol", "42.00"));
        }
    }
}
