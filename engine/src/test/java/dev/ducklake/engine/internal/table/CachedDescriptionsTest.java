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

package dev.ducklake.engine.internal.table;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ducklake.engine.LakeEngine;
import dev.ducklake.engine.change.ChangeReader;
import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.read.RowReader;
import dev.ducklake.engine.read.ScanRequest;
import dev.ducklake.engine.schema.Column;
import dev.ducklake.engine.schema.LakeType.Primitive;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.schema.TableSchema;
import dev.ducklake.engine.testutils.MultiProcessCatalogs;
import dev.ducklake.engine.testutils.PlainSqlProcess;
import dev.ducklake.engine.testutils.TestLakes;
import dev.ducklake.engine.write.CommitOptions;
import dev.ducklake.engine.write.LakeTransaction;
import dev.ducklake.engine.write.MergeSession;
import dev.ducklake.engine.write.WriteSession;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;

/**
 * The engine keeps each table's latest description between uses; a plain DuckDB writer in another
 * process that changes the table's definition (a column added, the table dropped and created anew
 * with a key and another type) is seen by the next description and the next transaction, and
 * commits and snapshot expiry by that writer leave the description right. A flush of inlined data
 * by that writer, which drops the inlined-data table of a table's older columns that DuckLake in
 * the engine still lists (duckdb/ducklake#1305), leaves the engine's reads and commits working.
 */
class CachedDescriptionsTest {

    private static final TableName ORDERS = TableName.of("orders");

    @TempDir Path dir;

    @MultiProcessCatalogs
    void aDefinitionChangedByAnotherProcessIsSeenByTheNextDescriptionAndTransaction(
            CatalogLocation.Kind kind) throws Exception {
        CatalogLocation catalog = TestLakes.catalog(kind, dir);
        try (LakeEngine engine = TestLakes.open(catalog, dir)) {
            engine.createTable(
                    ORDERS,
                    TestLakes.twoColumnSchema("id", Primitive.BIGINT, "amount", Primitive.BIGINT));
            append(engine, new Object[] {1L, 10L});
            assertThat(engine.describeTable(ORDERS).names()).containsExactly("id", "amount");

            PlainSqlProcess.run(
                    catalog,
                    dir,
                    "INSERT INTO plain.orders VALUES (2, 20)",
                    "CALL ducklake_expire_snapshots('plain', older_than => now())");
            assertThat(engine.describeTable(ORDERS).names()).containsExactly("id", "amount");

            PlainSqlProcess.run(catalog, dir, "ALTER TABLE plain.orders ADD COLUMN note VARCHAR");
            assertThat(engine.describeTable(ORDERS).names())
                    .containsExactly("id", "amount", "note");
            append(engine, new Object[] {3L, 30L, "added"});
            assertThat(rows(engine))
                    .containsExactlyInAnyOrder("1|10|null", "2|20|null", "3|30|added");

            PlainSqlProcess.run(
                    catalog,
                    dir,
                    "DROP TABLE plain.orders",
                    "CREATE TABLE plain.orders (id BIGINT NOT NULL, amount VARCHAR)",
                    "COMMENT ON COLUMN plain.orders.id IS '" + TableCatalog.KEY_MARKER + "1'");
            TableSchema recreated = engine.describeTable(ORDERS);
            assertThat(recreated.primaryKey()).containsExactly("id");
            assertThat(recreated.column(1).type()).isEqualTo(Primitive.VARCHAR);
            try (LakeTransaction tx = engine.openTransaction()) {
                assertThat(tx.schema(ORDERS)).contains(recreated);
                MergeSession merge = tx.merge(ORDERS);
                merge.upsert(new Object[] {4L, "forty"});
                merge.upsert(new Object[] {4L, "forty-one"});
                tx.commit(CommitOptions.defaults());
            }
            assertThat(rows(engine)).containsExactly("4|forty-one");
        }
    }

    @MultiProcessCatalogs
    void readsAndCommitsGoOnAfterAnotherProcessFlushedInlinedRowsOfOlderColumns(
            CatalogLocation.Kind kind) throws Exception {
        CatalogLocation catalog = TestLakes.catalog(kind, dir);
        try (LakeEngine engine = TestLakes.open(catalog, dir)) {
            createOrdersWithTwoRows(engine);
            engine.addColumn(ORDERS, Column.of("note", Primitive.VARCHAR));
            PlainSqlProcess.run(catalog, dir, "INSERT INTO plain.orders VALUES (3, 30, 'x')");
            long third = engine.latestVersion(ORDERS);
            assertThat(rows(engine)).containsExactlyInAnyOrder("1|10|null", "2|20|null", "3|30|x");

            PlainSqlProcess.run(catalog, dir, "CALL ducklake_flush_inlined_data('plain')");
            assertThat(rows(engine)).containsExactlyInAnyOrder("1|10|null", "2|20|null", "3|30|x");

            engine.addColumn(ORDERS, Column.of("tag", Primitive.VARCHAR));
            PlainSqlProcess.run(
                    catalog,
                    dir,
                    "INSERT INTO plain.orders VALUES (4, 40, 'z', 't')",
                    "CALL ducklake_flush_inlined_data('plain')");
            assertThat(rows(engine, ScanRequest.builder().version(third).build()))
                    .containsExactlyInAnyOrder("1|10|null", "2|20|null", "3|30|x");
            PlainSqlProcess.run(catalog, dir, "DELETE FROM plain.orders WHERE id = 4");
            try (MergeSession merge = engine.openMergeSession(ORDERS)) {
                merge.upsert(new Object[] {2L, 21L, "y", null});
                merge.deleteKey(1L);
                assertThat(merge.commit().committed()).isTrue();
            }
            assertThat(rows(engine)).containsExactlyInAnyOrder("2|21|y|null", "3|30|x|null");
        }
    }

    @MultiProcessCatalogs
    void aMergeAfterAnotherProcessAddedAColumnKeepsBeforeImagesWithIt(CatalogLocation.Kind kind)
            throws Exception {
        CatalogLocation catalog = TestLakes.catalog(kind, dir);
        try (LakeEngine engine = TestLakes.open(catalog, dir)) {
            createOrdersWithTwoRows(engine);
            PlainSqlProcess.run(
                    catalog,
                    dir,
                    "ALTER TABLE plain.orders ADD COLUMN note VARCHAR",
                    "UPDATE plain.orders SET note = 'n' WHERE id = 2");
            long before = engine.latestVersion(ORDERS);
            long after;
            try (MergeSession merge = engine.openMergeSession(ORDERS)) {
                merge.upsert(new Object[] {2L, 21L, "m"});
                merge.deleteKey(1L);
                after = merge.commit().version();
            }
            try (ChangeReader changes = engine.changes(ORDERS, before, after)) {
                assertThat(changes.toList())
                        .extracting(c -> joined(c.before()) + " -> " + joined(c.after()))
                        .containsExactlyInAnyOrder("1|10|null -> none", "2|20|n -> 2|21|m");
            }
        }
    }

    private static String joined(Object[] row) {
        return row == null
                ? "none"
                : String.join("|", Arrays.stream(row).map(String::valueOf).toList());
    }

    private static void createOrdersWithTwoRows(LakeEngine engine) {
        engine.createTable(
                ORDERS,
                TestLakes.keyValueSchema("id", Primitive.BIGINT, "amount", Primitive.BIGINT));
        append(engine, new Object[] {1L, 10L});
        append(engine, new Object[] {2L, 20L});
    }

    private static void append(LakeEngine engine, Object[] row) {
        try (LakeTransaction tx = engine.openTransaction()) {
            WriteSession append = tx.append(ORDERS);
            append.write(row);
            tx.commit(CommitOptions.defaults());
        }
    }

    private static List<String> rows(LakeEngine engine) throws Exception {
        return rows(engine, ScanRequest.all());
    }

    private static List<String> rows(LakeEngine engine, ScanRequest request) throws Exception {
        try (RowReader rows = engine.read(ORDERS, request)) {
            return rows.toList().stream().map(CachedDescriptionsTest::joined).toList();
        }
    }
}
