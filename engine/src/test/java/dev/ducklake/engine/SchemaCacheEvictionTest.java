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

package dev.ducklake.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ducklake.engine.testutils.TestLakes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import org.duckdb.DuckDBConnection;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cause of the SIGSEGV in {@code duckdb::StringUtil::CIHash} (DuckDB 1.5.5, its ducklake
 * extension d8a1881e), in plain DuckDB: DuckLake keeps the lake's schemas per schema version in
 * DuckDB's object cache and pins an entry only for the query that uses it. A transaction that
 * creates a table keeps a bare reference to the cached schema the table belongs to from its CREATE
 * TABLE statement to its COMMIT. When anything in the same DuckDB instance makes the buffer pool
 * evict the object cache in between (a query that needs memory the pool cannot otherwise free), the
 * schema entry is freed and the COMMIT reads freed memory: a garbage schema name in the snapshot's
 * changes, or a crash.
 *
 * <p>Opt-in: {@code mvn -o -q -pl engine verify -Dtest=SchemaCacheEvictionTest
 * -Dducklake.schemaCacheRepro=true}. It tries 10 times; each try reads freed memory about 4 times
 * in 10. 5 runs out of 5 failed: 3 JVM crashes (SIGSEGV in CIHash), a table recorded as created in
 * schema "main" instead of "s", a garbage schema name. With glibc's free-time poisoning ({@code
 * MALLOC_PERTURB_=165}) the garbage is 0xA5 bytes.
 */
class SchemaCacheEvictionTest {

    @TempDir Path dir;

    @Test
    void evictingTheObjectCacheBetweenCreateTableAndCommitFreesTheSchemaTheCommitReads()
            throws Exception {
        Assumptions.assumeTrue(
                Boolean.getBoolean("ducklake.schemaCacheRepro"), "opt-in reproduction");
        // About 4 in 10 attempts read freed memory (MALLOC_PERTURB_=165; a garbage schema name):
        // try 10 times.
        for (int attempt = 0; attempt < 10; attempt++) {
            createTableWhileTheObjectCacheIsEvicted(dir.resolve("lake" + attempt));
        }
    }

    private static void createTableWhileTheObjectCacheIsEvicted(Path lake) throws Exception {
        Files.createDirectories(lake);
        try (DuckDBConnection root =
                (DuckDBConnection) DriverManager.getConnection("jdbc:duckdb:")) {
            execute(root, "SET memory_limit = '256MB'");
            execute(
                    root,
                    "SET temp_directory = ''"); // nothing spills: a large temp table must evict the
            // cache
            execute(root, "LOAD ducklake");
            execute(
                    root,
                    "ATTACH 'ducklake:"
                            + lake.resolve("metadata.ducklake")
                            + "' AS lake (DATA_PATH '"
                            + lake.resolve("data")
                            + "/')");
            execute(root, "CREATE SCHEMA lake.s");
            execute(root, "CREATE TABLE lake.s.t0 (id BIGINT)");
            try (Connection ddl = root.duplicate();
                    Connection other = root.duplicate()) {
                // as the engine creates a table
                execute(ddl, "BEGIN TRANSACTION");
                execute(ddl, "CREATE SCHEMA IF NOT EXISTS lake.s");
                execute(ddl, "CREATE TABLE lake.s.t1 (id BIGINT)");
                execute(ddl, "COMMENT ON COLUMN lake.s.t1.id IS 'key'");
                try {
                    execute(
                            other,
                            "CREATE TEMP TABLE hog AS SELECT range AS r, repeat('x', 100) AS s"
                                    + " FROM range(10000000)");
                } catch (SQLException e) {
                    // out of memory, after the buffer pool evicted the object cache
                }
                execute(ddl, "CALL lake.set_commit_message('me', 'create')");
                execute(ddl, "COMMIT");
                try (Statement st = other.createStatement()) {
                    assertThat(
                                    TestLakes.rows(
                                            st,
                                            "SELECT changes_made FROM __ducklake_metadata_lake.ducklake_snapshot_changes"
                                                    + " ORDER BY snapshot_id DESC LIMIT 1"))
                            .singleElement()
                            .satisfies(
                                    row ->
                                            assertThat(row.get(0))
                                                    .asString()
                                                    .startsWith("created_table:\"s\".\"t1\""));
                }
            }
        }
    }

    private static void execute(Connection connection, String sql) throws SQLException {
        try (Statement st = connection.createStatement()) {
            st.execute(sql);
        }
    }
}
