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
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ducklake.engine.change.Change;
import dev.ducklake.engine.change.ChangeMethod;
import dev.ducklake.engine.change.ChangeReader;
import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.error.LakeException;
import dev.ducklake.engine.error.LakeValidationException;
import dev.ducklake.engine.error.UnsupportedChangeException;
import dev.ducklake.engine.read.RowReader;
import dev.ducklake.engine.read.ScanRequest;
import dev.ducklake.engine.schema.Column;
import dev.ducklake.engine.schema.LakeType;
import dev.ducklake.engine.schema.LakeType.Primitive;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.testutils.TestLake;
import dev.ducklake.engine.testutils.TestLakes;
import dev.ducklake.engine.testutils.TestSchemas;
import dev.ducklake.engine.version.CommitMetadata;
import dev.ducklake.engine.write.CommitOptions;
import dev.ducklake.engine.write.LakeTransaction;
import dev.ducklake.engine.write.MergeSession;
import dev.ducklake.engine.write.TransactionResult;
import dev.ducklake.engine.write.WriteMode;
import dev.ducklake.engine.write.WriteSession;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Transactions over several tables: every step, schema changes and rows of any table, lands in one
 * snapshot, in the order given, or none does. The expected rows and schemas are written out by
 * hand; the lake is read back with plain DuckDB where it matters that any reader sees the same.
 */
class LakeTransactionTest {

    private static final TableName ORDERS = TableName.of("shop", "orders");
    private static final TableName LINES = TableName.of("shop", "lines");
    private static final TableName EVENTS = TableName.of("shop", "events");

    @RegisterExtension final TestLake lake = TestLake.of(CatalogLocation.Kind.DUCKDB);

    CatalogLocation catalog;
    LakeEngine engine;

    @BeforeEach
    void open() {
        catalog = lake.catalog();
        engine = lake.engine();
        engine.createTable(
                ORDERS,
                TestSchemas.columns("id BIGINT", "total DECIMAL(10,2)", "qty INTEGER")
                        .primaryKey("id")
                        .build());
        try (MergeSession merge = engine.openMergeSession(ORDERS)) {
            merge.upsert(new Object[] {1L, new BigDecimal("10.00"), 1});
            merge.upsert(new Object[] {2L, new BigDecimal("20.00"), 2});
            merge.commit();
        }
    }

    @Test
    void changesToSeveralTablesLandInOneSnapshot() throws Exception {
        long before = engine.latestSnapshot();
        TransactionResult result;
        try (LakeTransaction tx = engine.openTransaction()) {
            tx.createTable(
                    LINES,
                    TestSchemas.columns("order_id BIGINT", "line INTEGER", "amount DECIMAL(10,2)")
                            .primaryKey("order_id", "line")
                            .build());
            MergeSession lines = tx.merge(LINES);
            lines.upsert(new Object[] {1L, 1, new BigDecimal("4.00")});
            lines.upsert(new Object[] {1L, 2, new BigDecimal("6.00")});
            MergeSession orders = tx.merge(ORDERS);
            orders.upsert(new Object[] {1L, new BigDecimal("10.00"), 2});
            orders.deleteKey(2L);
            orders.upsert(new Object[] {3L, new BigDecimal("0.00"), 0});
            tx.createTable(EVENTS, TestSchemas.columns("what VARCHAR").build());
            tx.append(EVENTS).write(new Object[] {"placed 1"});
            result =
                    tx.commit(
                            CommitOptions.builder()
                                    .commitKey("job/1")
                                    .producer(Map.of("sink-id", "s"))
                                    .build());
        }

        assertThat(result.committed()).isTrue();
        assertThat(result.version()).isEqualTo(before + 1);
        assertThat(engine.latestSnapshot()).isEqualTo(before + 1);
        for (TableName table : List.of(ORDERS, LINES, EVENTS)) {
            assertThat(engine.latestVersion(table))
                    .as(table.toString())
                    .isEqualTo(result.version());
        }
        assertThat(result.tables().keySet()).containsExactly(LINES, ORDERS, EVENTS);
        assertThat(counts(result, ORDERS)).containsExactly(1L, 1L, 1L);
        assertThat(counts(result, LINES)).containsExactly(2L, 0L, 0L);
        assertThat(counts(result, EVENTS)).containsExactly(1L, 0L, 0L);

        CommitMetadata orders = engine.version(ORDERS, result.version()).metadata().orElseThrow();
        assertThat(orders.table()).isEqualTo(ORDERS.toString());
        assertThat(orders.mode()).isEqualTo(CommitMetadata.MODE_MERGE);
        assertThat(List.of(orders.inserted(), orders.updated(), orders.deleted()))
                .containsExactly(1L, 1L, 1L);
        assertThat(orders.commitKey()).isEqualTo("job/1");
        assertThat(orders.producer()).containsEntry("sink-id", "s");
        assertThat(engine.version(EVENTS, result.version()).metadata().orElseThrow().mode())
                .isEqualTo(CommitMetadata.MODE_APPEND);
        assertThat(engine.committedVersion("job/1")).hasValue(result.version());
        // The before-images of the changed orders let the change read skip the data files.
        try (ChangeReader images =
                        engine.changes(
                                ORDERS, before, result.version(), ChangeMethod.BEFORE_IMAGES);
                ChangeReader diff =
                        engine.changes(ORDERS, before, result.version(), ChangeMethod.FULL_DIFF)) {
            assertThat(sorted(images.toList())).isEqualTo(sorted(diff.toList())).hasSize(3);
        }
        engine.close();
        assertThat(
                        TestLakes.plainRows(
                                catalog, lake.dir(), "SELECT * FROM plain.shop.orders ORDER BY id"))
                .containsExactly("1|10.00|2", "3|0.00|0");
        assertThat(
                        TestLakes.plainRows(
                                catalog,
                                lake.dir(),
                                "SELECT * FROM plain.shop.lines ORDER BY line"))
                .containsExactly("1|1|4.00", "1|2|6.00");
        assertThat(
                        TestLakes.plainRows(
                                catalog,
                                lake.dir(),
                                "SELECT count(*) FROM plain.snapshots() WHERE snapshot_id = "
                                        + result.version()))
                .containsExactly("1");
    }

    /**
     * Rows staged before a schema change are written under the old schema, those after it under the
     * new.
     */
    @Test
    void rowsBeforeAndAfterSchemaChangesInOneTransactionEachFitTheirSchema() throws Exception {
        long before = engine.latestVersion(ORDERS);
        TransactionResult result;
        try (LakeTransaction tx = engine.openTransaction()) {
            tx.merge(ORDERS).upsert(new Object[] {4L, new BigDecimal("40.00"), 4});
            tx.addColumn(ORDERS, Column.of("note", Primitive.VARCHAR));
            tx.merge(ORDERS).upsert(new Object[] {5L, new BigDecimal("50.00"), 5, "fifth"});
            tx.dropColumn(ORDERS, "qty");
            tx.renameColumn(ORDERS, "note", "remark");
            tx.alterColumnType(ORDERS, "total", new LakeType.Decimal(18, 2));
            assertThat(tx.schema(ORDERS).orElseThrow().names())
                    .containsExactly("id", "total", "remark");
            tx.merge(ORDERS).upsert(new Object[] {1L, new BigDecimal("1234567890.00"), "big"});
            result = tx.commit(CommitOptions.defaults());
        }

        assertThat(result.version()).isEqualTo(before + 1);
        assertThat(counts(result, ORDERS)).containsExactly(2L, 1L, 0L);
        assertThat(engine.describeTable(ORDERS))
                .isEqualTo(
                        TestSchemas.columns("id BIGINT", "total DECIMAL(18,2)", "remark VARCHAR")
                                .primaryKey("id")
                                .build());
        try (ChangeReader changes = engine.changes(ORDERS, before, result.version())) {
            assertThat(changes.toList()).hasSize(3);
        }
        engine.close();
        assertThat(
                        TestLakes.plainRows(
                                catalog, lake.dir(), "SELECT * FROM plain.shop.orders ORDER BY id"))
                .containsExactly(
                        "1|1234567890.00|big", "2|20.00|null", "4|40.00|null", "5|50.00|fifth");
    }

    /**
     * Rows a transaction inserted have no row ids of their own until it commits: a later merge of
     * the same table in the transaction must replace rows by key, or it deletes other rows.
     */
    @Test
    void aLaterMergeOfATableInOneTransactionReplacesTheRowsOfItsKeys() {
        engine.createTable(
                LINES,
                TestSchemas.columns("id BIGINT", "v BIGINT", "s VARCHAR", "note VARCHAR")
                        .primaryKey("id")
                        .build());
        Map<Long, Long> expected = new TreeMap<>();
        try (MergeSession merge = engine.openMergeSession(LINES)) {
            for (long id = 0; id < 40; id++) {
                merge.upsert(new Object[] {id, 0L, "s", "n"});
                expected.put(id, 0L);
            }
            merge.commit();
        }
        java.util.Random random = new java.util.Random(7);
        for (int round = 0; round < 5; round++) {
            try (LakeTransaction tx = engine.openTransaction()) {
                // Rows of another table first, as a commit of many tables has.
                MergeSession orders = tx.merge(ORDERS);
                for (long id = 100L * round; id < 100L * round + 30; id++) {
                    orders.upsert(new Object[] {1000 + id, BigDecimal.ONE, 1});
                }
                for (int segment = 0; segment < 3; segment++) {
                    if (segment == 1) {
                        tx.renameColumn(
                                LINES,
                                round % 2 == 0 ? "s" : "label",
                                round % 2 == 0 ? "label" : "s");
                    }
                    if (segment == 2 && round == 0) {
                        tx.dropColumn(LINES, "note");
                    }
                    // Staged in a file and imported, as the change-record sink's committer does.
                    MergeSession staging = tx.merge(LINES);
                    int width = tx.schema(LINES).orElseThrow().size();
                    for (int change = 0; change < 30; change++) {
                        long id = random.nextInt(40);
                        long v = random.nextInt(1000);
                        staging.upsert(
                                width == 4
                                        ? new Object[] {id, v, "x", "y"}
                                        : new Object[] {id, v, "x"});
                        expected.put(id, v);
                    }
                    String file =
                            lake.dir()
                                    .resolve("segment-" + round + "-" + segment + ".parquet")
                                    .toString();
                    staging.exportStaged(file);
                    staging.close();
                    tx.merge(LINES).importStaged(file);
                }
                tx.commit(CommitOptions.defaults());
            }
            List<String> want = new ArrayList<>();
            expected.forEach((id, v) -> want.add(id + "=" + v));
            List<String> got = new ArrayList<>();
            try (RowReader reader = engine.read(LINES, ScanRequest.builder().build())) {
                reader.forEachRemaining(row -> got.add(row[0] + "=" + row[1]));
            }
            assertThat(got).as("round %s", round).containsExactlyInAnyOrderElementsOf(want);
        }
    }

    /**
     * DuckLake v1.5.5 gives a transaction's inlined rows the row ids of its earlier rows in a file
     * of the same table once it deletes one of them (docs/limits.md): merges of one table in one
     * transaction (more rows than DuckLake inlines, then fewer, then updates of the inlined ones)
     * must replace rows by key, or the last update deletes a row of the first merge.
     */
    @Test
    void updatesOfInlinedRowsAfterALargerMergeInOneTransactionReplaceOnlyTheirKeys() {
        Map<Long, String> expected = new TreeMap<>();
        expected.put(1L, "10.00");
        expected.put(2L, "20.00");
        try (LakeTransaction tx = engine.openTransaction()) {
            List<long[]> merges =
                    List.of(
                            new long[] {10, 21},
                            new long[] {100, 103},
                            new long[] {100, 101},
                            new long[] {101, 102});
            for (int step = 0; step < merges.size(); step++) {
                MergeSession merge = tx.merge(ORDERS);
                for (long id = merges.get(step)[0]; id < merges.get(step)[1]; id++) {
                    merge.upsert(new Object[] {id, new BigDecimal(step), step});
                    expected.put(id, step + ".00");
                }
            }
            tx.commit(CommitOptions.defaults());
        }
        List<String> got = new ArrayList<>();
        try (RowReader reader =
                engine.read(ORDERS, ScanRequest.builder().orderByKey(true).build())) {
            reader.forEachRemaining(row -> got.add(row[0] + "=" + row[1]));
        }
        assertThat(got)
                .containsExactlyElementsOf(
                        expected.entrySet().stream()
                                .map(e -> e.getKey() + "=" + e.getValue())
                                .toList());
    }

    /**
     * A merge after a schema change of its table, in one transaction, replaces the rows of its keys
     * only.
     */
    @Test
    void aMergeAfterASchemaChangeOfItsTableReplacesTheRowsOfItsKeys() {
        Map<Long, String> expected = new TreeMap<>();
        try (MergeSession merge = engine.openMergeSession(ORDERS)) {
            for (long id = 1; id < 60; id++) {
                merge.upsert(new Object[] {id, BigDecimal.ONE, 1});
                expected.put(id, "1.00");
            }
            merge.commit();
        }
        for (int round = 0; round < 3; round++) {
            try (LakeTransaction tx = engine.openTransaction()) {
                tx.merge(linesIn(tx)).upsert(new Object[] {(long) round});
                if (round == 0) {
                    tx.dropColumn(ORDERS, "qty");
                } else {
                    tx.addColumn(ORDERS, Column.of("c" + round, Primitive.VARCHAR));
                }
                MergeSession merge = tx.merge(ORDERS);
                int width = tx.schema(ORDERS).orElseThrow().size();
                for (long id = 3 + round; id < 60; id += 7) {
                    Object[] row = new Object[width];
                    row[0] = id;
                    row[1] = new BigDecimal(round + 2);
                    merge.upsert(row);
                    expected.put(id, (round + 2) + ".00");
                }
                tx.commit(CommitOptions.defaults());
            }
            List<String> got = new ArrayList<>();
            try (RowReader reader = engine.read(ORDERS, ScanRequest.builder().build())) {
                reader.forEachRemaining(row -> got.add(row[0] + "=" + row[1]));
            }
            List<String> want = new ArrayList<>();
            expected.forEach((id, total) -> want.add(id + "=" + total));
            assertThat(got).as("round %s", round).containsExactlyInAnyOrderElementsOf(want);
        }
    }

    /** The table {@code LINES}, created in the transaction when it does not exist yet. */
    private TableName linesIn(LakeTransaction tx) {
        if (tx.schema(LINES).isEmpty()) {
            tx.createTable(LINES, TestSchemas.columns("n BIGINT").primaryKey("n").build());
        }
        return LINES;
    }

    @Test
    void aCommitKeyAppliesATransactionOnce() {
        CommitOptions options = CommitOptions.builder().commitKey("job/7").build();
        TransactionResult first = upsertInTransaction(9L, options);
        TransactionResult again = upsertInTransaction(9L, options);

        assertThat(first.committed()).isTrue();
        assertThat(again.alreadyCommitted()).isTrue();
        assertThat(again.version()).isEqualTo(first.version());
        assertThat(engine.latestSnapshot()).isEqualTo(first.version());
    }

    @Test
    void anAbortedTransactionOrAWithdrawnSessionChangesNothing() {
        long before = engine.latestSnapshot();
        try (LakeTransaction tx = engine.openTransaction()) {
            tx.createTable(LINES, TestSchemas.columns("x INTEGER").build());
            tx.merge(ORDERS).deleteKey(1L);
            tx.abort();
        }
        assertThat(engine.latestSnapshot()).isEqualTo(before);
        assertThat(engine.tableExists(LINES)).isFalse();

        TransactionResult result;
        try (LakeTransaction tx = engine.openTransaction()) {
            MergeSession withdrawn = tx.merge(ORDERS);
            withdrawn.deleteKey(1L);
            withdrawn.close();
            result = tx.commit(CommitOptions.defaults());
        }
        assertThat(result.committed()).isFalse();
        assertThat(engine.latestSnapshot()).isEqualTo(before);
    }

    /**
     * A step that fails at commit (a table another client created meanwhile) takes every other step
     * with it.
     */
    @Test
    void aFailingStepLeavesEveryTableAsItWas() {
        long before = engine.latestSnapshot();
        try (LakeTransaction tx = engine.openTransaction()) {
            tx.merge(ORDERS).deleteKey(1L);
            tx.createTable(LINES, TestSchemas.columns("x INTEGER").build());
            engine.createTable(LINES, TestSchemas.columns("y INTEGER").build());
            assertThatThrownBy(() -> tx.commit(CommitOptions.defaults()))
                    .isInstanceOf(LakeException.class)
                    .hasMessageContaining("lines");
        }
        assertThat(engine.latestSnapshot()).isEqualTo(before + 1); // only the other client's table
        assertThat(rows(ORDERS)).containsExactly("[1, 10.00, 1]", "[2, 20.00, 2]");
    }

    @Test
    void changesTheTableCannotTakeAreRefusedWhenStaged() {
        try (LakeTransaction tx = engine.openTransaction()) {
            assertThatThrownBy(() -> tx.dropColumn(ORDERS, "id"))
                    .isInstanceOf(UnsupportedChangeException.class)
                    .hasMessageContaining("'id'")
                    .hasMessageContaining("primary key");
            assertThatThrownBy(() -> tx.alterColumnType(ORDERS, "qty", Primitive.SMALLINT))
                    .isInstanceOf(UnsupportedChangeException.class)
                    .hasMessageContaining("qty")
                    .hasMessageContaining("SMALLINT");
            assertThatThrownBy(() -> tx.merge(LINES))
                    .isInstanceOf(LakeValidationException.class)
                    .hasMessageContaining("shop.lines")
                    .hasMessageContaining("does not exist");
            assertThatThrownBy(
                            () -> tx.createTable(ORDERS, TestSchemas.columns("x INTEGER").build()))
                    .isInstanceOf(LakeValidationException.class)
                    .hasMessageContaining("already exists");
            tx.dropColumn(ORDERS, "qty");
            assertThatThrownBy(() -> tx.merge(ORDERS).upsert(new Object[] {1L, BigDecimal.ONE, 1}))
                    .as("a row of the schema before the drop")
                    .isInstanceOf(LakeValidationException.class);
            MergeSession merge = tx.merge(ORDERS);
            assertThatThrownBy(() -> merge.commit())
                    .isInstanceOf(LakeValidationException.class)
                    .hasMessageContaining("part of a transaction");
            assertThatThrownBy(
                            () -> tx.commit(CommitOptions.builder().expectLatestVersion(1).build()))
                    .isInstanceOf(LakeValidationException.class);
        }
    }

    /**
     * Staged files are read by column name: a file of another column order, or of narrower types
     * and fewer columns (a change staged before a schema change), loads; a column the table lacks
     * fails.
     */
    @Test
    void stagedFilesAreImportedByColumnName() throws Exception {
        String reordered = lake.dir().resolve("reordered.parquet").toString();
        TableName source = TableName.of("shop", "source_events");
        engine.createTable(
                source,
                TestLakes.twoColumnSchema("what", Primitive.VARCHAR, "n", Primitive.BIGINT));
        try (WriteSession append = engine.openWriteSession(source, WriteMode.APPEND)) {
            append.write(new Object[] {"a", 1L});
            append.exportStaged(reordered);
        }
        String wide = lake.dir().resolve("wide.parquet").toString();
        engine.createTable(
                TableName.of("shop", "wide"),
                TestSchemas.columns("what VARCHAR", "n BIGINT", "extra INTEGER").build());
        try (WriteSession append =
                engine.openWriteSession(TableName.of("shop", "wide"), WriteMode.APPEND)) {
            append.write(new Object[] {"w", 2L, 3});
            append.exportStaged(wide);
        }
        try (LakeTransaction tx = engine.openTransaction()) {
            tx.createTable(
                    EVENTS,
                    TestSchemas.columns("n BIGINT", "what VARCHAR", "later INTEGER").build());
            tx.append(EVENTS).importStaged(reordered);
            String narrower = lake.dir().resolve("narrower.parquet").toString();
            try (MergeSession changes = engine.openMergeSession(ORDERS)) {
                changes.upsert(new Object[] {7L, new BigDecimal("7.00"), 7});
                changes.exportStaged(narrower);
            }
            tx.alterColumnType(ORDERS, "qty", Primitive.BIGINT);
            tx.addColumn(ORDERS, Column.of("note", Primitive.VARCHAR));
            tx.merge(ORDERS).importStaged(narrower);
            assertThatThrownBy(() -> tx.append(EVENTS).importStaged(wide))
                    .isInstanceOf(LakeException.class)
                    .hasMessageContaining("extra")
                    .hasMessageContaining("shop.events");
            tx.commit(CommitOptions.defaults());
        }
        assertThat(rows(EVENTS)).containsExactly("[1, a, null]");
        assertThat(rows(ORDERS)).contains("[7, 7.00, 7, null]");
    }

    private TransactionResult upsertInTransaction(long id, CommitOptions options) {
        try (LakeTransaction tx = engine.openTransaction()) {
            tx.merge(ORDERS).upsert(new Object[] {id, BigDecimal.ONE, 1});
            return tx.commit(options);
        }
    }

    private static List<Long> counts(TransactionResult result, TableName table) {
        var r = result.tables().get(table);
        return List.of(r.inserted(), r.updated(), r.deleted());
    }

    private List<String> rows(TableName table) {
        List<String> rows = new ArrayList<>();
        try (RowReader reader = engine.read(table, ScanRequest.builder().build())) {
            reader.forEachRemaining(row -> rows.add(Arrays.toString(row)));
        }
        rows.sort(null);
        return rows;
    }

    private static List<String> sorted(List<Change> changes) {
        return changes.stream().map(Change::toString).sorted().toList();
    }
}
