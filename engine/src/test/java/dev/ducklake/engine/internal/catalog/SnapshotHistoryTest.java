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

package dev.ducklake.engine.internal.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.internal.EngineContext;
import dev.ducklake.engine.schema.Identifiers;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.testutils.TestLakes;
import dev.ducklake.engine.version.CommitMetadata;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The catalog's snapshot tables, read by key, answer what DuckLake's own {@code snapshots()}
 * answers: for every snapshot of a lake that went through every kind of change the engine reads
 * (inlined and file inserts and deletes, updates, flushes, merges, rewrites, schema changes,
 * renames, drops, views, maintenance commits, and names with commas, quotes and change-like text),
 * whether it touched each table by each kind, and each table's versions.
 */
class SnapshotHistoryTest {

    /** A schema name that holds what a naive split of {@code changes_made} would misread. */
    private static final String TRICKY = "\"odd,inserted_into_table:4,\"\"name\"";

    @TempDir Path dir;

    @ParameterizedTest
    @EnumSource(CatalogLocation.Kind.class)
    void theCatalogsTablesAnswerAsDuckLakesSnapshotsDo(CatalogLocation.Kind kind)
            throws SQLException {
        CatalogLocation catalog = TestLakes.catalog(kind, dir);
        try (Connection connection = DriverManager.getConnection("jdbc:duckdb:");
                Statement st = connection.createStatement()) {
            st.execute("LOAD ducklake");
            st.execute(
                    "ATTACH '"
                            + catalog.attachTarget().replace("'", "''")
                            + "' AS "
                            + EngineContext.LAKE_ALIAS
                            + " (DATA_PATH '"
                            + dir.resolve("data")
                            + "/', DATA_INLINING_ROW_LIMIT 5)");
            for (String statement :
                    List.of(
                            "CREATE SCHEMA lake." + TRICKY,
                            "CREATE TABLE lake." + TRICKY + ".\"t,x\" (id BIGINT)",
                            "INSERT INTO lake." + TRICKY + ".\"t,x\" VALUES (1)",
                            "CREATE TABLE lake.main.t (id BIGINT, v VARCHAR)",
                            "INSERT INTO lake.main.t VALUES (1, 'a'), (2, 'b')",
                            "DELETE FROM lake.main.t WHERE id = 1",
                            "UPDATE lake.main.t SET v = 'q' WHERE id = 2",
                            "INSERT INTO lake.main.t SELECT i, 'x' FROM range(10, 30) r(i)",
                            "INSERT INTO lake.main.t SELECT i, 'y' FROM range(30, 50) r(i)",
                            "DELETE FROM lake.main.t WHERE id = 12",
                            "CALL ducklake_flush_inlined_data('lake')",
                            "CALL ducklake_merge_adjacent_files('lake')",
                            "DELETE FROM lake.main.t WHERE id BETWEEN 13 AND 25",
                            "CALL ducklake_rewrite_data_files('lake', 't', delete_threshold => 0.0)",
                            "BEGIN",
                            "CALL lake.set_commit_message("
                                    + Identifiers.literal(CommitMetadata.MAINTENANCE_AUTHOR)
                                    + ", 'maintenance')",
                            "DELETE FROM lake.main.t WHERE id = 40",
                            "COMMIT",
                            "CREATE VIEW lake.main.vw AS SELECT 1 AS one",
                            "DROP VIEW lake.main.vw",
                            "ALTER TABLE lake.main.t ADD COLUMN w INTEGER",
                            "ALTER TABLE lake.main.t RENAME TO t2",
                            "INSERT INTO lake.main.t2 VALUES (60, 'z', 6)",
                            "DROP TABLE lake." + TRICKY + ".\"t,x\"",
                            "CREATE TABLE lake.main.t (id BIGINT)",
                            "INSERT INTO lake.main.t VALUES (7)")) {
                st.execute(statement);
            }

            long tables =
                    TestLakes.rows(
                                                    st,
                                                    "SELECT max(table_id) FROM "
                                                            + MetadataTables.METADATA
                                                            + ".ducklake_table")
                                            .get(0)
                                            .get(0)
                                    instanceof Long max
                            ? max
                            : 0;
            for (ChangeKind changeKind : EnumSet.complementOf(EnumSet.of(ChangeKind.COMPACTED))) {
                for (long table = 0; table <= tables + 1; table++) {
                    Set<ChangeKind> kinds = EnumSet.of(changeKind);
                    assertThat(touched(st, SnapshotHistory.CATALOG, kinds, table))
                            .as("%s of table %s on %s", changeKind, table, kind)
                            .isEqualTo(touched(st, SnapshotHistory.LAKE, kinds, table));
                }
            }
            assertThat(touched(st, SnapshotHistory.CATALOG, ChangeKind.ROWS, 3))
                    .as("a table with changes")
                    .isNotEmpty();

            for (TableName name : List.of(TableName.of("t2"), TableName.of("t"))) {
                TableIdentity identity = MetadataTables.requireIdentity(connection, name);
                String order = " ORDER BY snapshot_id";
                assertThat(
                                TestLakes.rows(
                                        st,
                                        MetadataTables.versionsQuery(
                                                        identity, SnapshotHistory.CATALOG)
                                                + order))
                        .as("the versions of %s on %s", name, kind)
                        .isEqualTo(
                                TestLakes.rows(
                                        st,
                                        MetadataTables.versionsQuery(identity, SnapshotHistory.LAKE)
                                                + order))
                        .isNotEmpty();
            }
        }
    }

    private static List<List<Object>> touched(
            Statement st, SnapshotHistory history, Set<ChangeKind> kinds, long table)
            throws SQLException {
        return TestLakes.rows(
                st,
                "SELECT snapshot_id FROM "
                        + history.source()
                        + " WHERE "
                        + history.touches(kinds, table)
                        + " ORDER BY snapshot_id");
    }
}
