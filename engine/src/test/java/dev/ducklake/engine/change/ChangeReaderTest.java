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

package dev.ducklake.engine.change;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ducklake.engine.LakeEngine;
import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.error.LakeValidationException;
import dev.ducklake.engine.maintenance.MaintenanceReport;
import dev.ducklake.engine.maintenance.MaintenanceRequest;
import dev.ducklake.engine.read.Bucket;
import dev.ducklake.engine.read.RowFilter;
import dev.ducklake.engine.read.RowReader;
import dev.ducklake.engine.read.ScanRequest;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.schema.TableSchema;
import dev.ducklake.engine.testutils.TestLake;
import dev.ducklake.engine.testutils.TestLakes;
import dev.ducklake.engine.testutils.TestSchemas;
import dev.ducklake.engine.version.TableVersion;
import dev.ducklake.engine.version.VersionPins;
import dev.ducklake.engine.write.MergeSession;
import dev.ducklake.engine.write.WriteMode;
import dev.ducklake.engine.write.WriteSession;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Changes between versions as a user reads them, their errors, and the retention guard. */
class ChangeReaderTest {

    static final TableName ORDERS = TableName.of("orders");
    static final TableSchema SCHEMA =
            TestSchemas.columns("id VARCHAR", "amount DECIMAL(10,2)").primaryKey("id").build();

    @RegisterExtension final TestLake lake = TestLake.of(CatalogLocation.Kind.DUCKDB);

    LakeEngine engine;

    @BeforeEach
    void open() {
        engine = lake.engine();
    }

    static Object[] row(String id, String amount) {
        return new Object[] {id, new BigDecimal(amount)};
    }

    /**
     * Appends keys {@code k0} to {@code k<count - 1>}, each with its number as amount, in one
     * commit.
     */
    long appendKeys(int count) {
        Object[][] rows = new Object[count][];
        for (int i = 0; i < count; i++) {
            rows[i] = row("k" + i, i + ".00");
        }
        return append(rows);
    }

    /** Upserts the rows in one merge; the new version. */
    long upsert(Object[]... rows) {
        return merge(
                merge -> {
                    for (Object[] row : rows) {
                        merge.upsert(row);
                    }
                });
    }

    /** Commits the changes given to a merge session on the orders; the new version. */
    long merge(Consumer<MergeSession> changes) {
        try (MergeSession merge = engine.openMergeSession(ORDERS)) {
            changes.accept(merge);
            return merge.commit().version();
        }
    }

    long append(Object[]... rows) {
        try (WriteSession session = engine.openWriteSession(ORDERS, WriteMode.APPEND)) {
            for (Object[] row : rows) {
                session.write(row);
            }
            return session.commit().version();
        }
    }

    @Test
    void changesArePairsOfBeforeAndAfterImagesNettedPerKey() {
        long created = engine.createTable(ORDERS, SCHEMA);
        long v1 = append(row("a", "1.00"), row("b", "2.00"), row("c", "3.00"), row("d", "4.00"));
        long v2 =
                merge(
                        merge -> {
                            merge.upsert(row("a", "10.00"));
                            merge.deleteKey("b");
                            merge.upsert(row("e", "5.00"));
                            merge.upsert(row("c", "30.00"));
                        });
        long v3 =
                merge(
                        merge -> {
                            merge.upsert(row("c", "3.00"));
                            merge.deleteKey("e");
                        });

        try (ChangeReader changes = engine.changes(ORDERS, v1, v3)) {
            assertThat(changes.summary()).isEqualTo(new ChangeSummary(v1, v3, 4, 3, 2));
            assertThat(changes.toList())
                    .containsExactlyInAnyOrder(
                            new Change(row("a", "1.00"), row("a", "10.00")),
                            new Change(row("b", "2.00"), null));
        }
        try (ChangeReader changes = engine.changes(ORDERS, created, v2)) {
            assertThat(changes.toList())
                    .extracting(Change::kind)
                    .containsOnly(Change.Kind.INSERT)
                    .hasSize(4);
        }
        try (ChangeReader changes = engine.changes(ORDERS, v2, v2)) {
            assertThat(changes.summary()).isEqualTo(new ChangeSummary(v2, v2, 4, 4, 0));
            assertThat(changes.hasNext()).isFalse();
        }
        assertThat(engine.openResources()).isZero();
    }

    @Test
    void aRequestSelectsTheChangesOfTheFilteredProjectedTableByBucketAndOffset() {
        engine.createTable(ORDERS, SCHEMA);
        long v1 = append(row("a", "1.00"), row("b", "20.00"), row("c", "3.00"), row("d", "40.00"));
        long v2 =
                upsert(
                        row("a", "10.00"),
                        row("b", "2.00"),
                        row("c", "4.00"),
                        row("d", "50.00"),
                        row("e", "60.00"));
        RowFilter large = column -> column.apply("amount") + " >= 10";
        try (ChangeReader changes =
                engine.changes(ORDERS, ChangeRequest.builder(v1, v2).filter(large).build())) {
            assertThat(changes.toList())
                    .containsExactlyInAnyOrder(
                            new Change(null, row("a", "10.00")),
                            new Change(row("b", "20.00"), null),
                            new Change(row("d", "40.00"), row("d", "50.00")),
                            new Change(null, row("e", "60.00")));
        }
        try (ChangeReader changes =
                engine.changes(ORDERS, ChangeRequest.builder(v1, v2).columns("id").build())) {
            assertThat(changes.columns()).extracting(c -> c.name()).containsExactly("id");
            assertThat(changes.toList()).containsExactly(new Change(null, new Object[] {"e"}));
        }
        List<Change> ordered;
        try (ChangeReader changes =
                engine.changes(ORDERS, ChangeRequest.builder(v1, v2).ordered(true).build())) {
            ordered = changes.toList();
        }
        assertThat(ordered)
                .extracting(c -> (String) (c.after() != null ? c.after() : c.before())[0])
                .containsExactly("a", "b", "c", "d", "e");
        try (ChangeReader changes =
                engine.changes(
                        ORDERS, ChangeRequest.builder(v1, v2).ordered(true).offset(3).build())) {
            assertThat(changes.toList()).containsExactlyElementsOf(ordered.subList(3, 5));
        }
        List<Change> byBucket = new ArrayList<>();
        List<Object[]> rowsByBucket = new ArrayList<>();
        for (int b = 0; b < 3; b++) {
            try (ChangeReader changes =
                            engine.changes(
                                    ORDERS,
                                    ChangeRequest.builder(v1, v2)
                                            .bucket(new Bucket(b, 3))
                                            .build());
                    RowReader rows =
                            engine.read(
                                    ORDERS,
                                    ScanRequest.builder().bucket(new Bucket(b, 3)).build())) {
                List<Change> bucket = changes.toList();
                List<Object> keys =
                        rows.toList().stream().peek(rowsByBucket::add).map(r -> r[0]).toList();
                assertThat(bucket).allSatisfy(c -> assertThat(keys).contains(c.after()[0]));
                byBucket.addAll(bucket);
            }
        }
        assertThat(byBucket).containsExactlyInAnyOrderElementsOf(ordered);
        assertThat(rowsByBucket).hasSize(5);
        assertThat(engine.openResources()).isZero();
    }

    @Test
    void badRangesFailNamingTheVersion() {
        engine.createTable(ORDERS, SCHEMA);
        long v1 = append(row("a", "1"));
        TableName other = TableName.of("other");
        engine.createTable(other, SCHEMA);
        long otherVersion = engine.latestVersion(other);
        long v2 = append(row("b", "2"));

        assertThatThrownBy(() -> engine.changes(ORDERS, v2, v1))
                .isInstanceOf(LakeValidationException.class)
                .hasMessageContaining("from version " + v2)
                .hasMessageContaining("to version " + v1);
        assertThatThrownBy(() -> engine.changes(ORDERS, v1, 999))
                .isInstanceOf(LakeValidationException.class)
                .hasMessageContaining("Version 999")
                .hasMessageContaining("no such snapshot yet");
        assertThatThrownBy(() -> engine.changes(ORDERS, otherVersion, v2))
                .isInstanceOf(LakeValidationException.class)
                .hasMessageContaining("Version " + otherVersion)
                .hasMessageContaining("did not change this table");
    }

    @Test
    void expiryRemovesOldVersionsButNeverPinnedOnesOrNewer() {
        engine.createTable(ORDERS, SCHEMA);
        long v1 = append(row("a", "1"));
        long v2 = upsert(row("a", "1.50"), row("b", "2"));
        long v3 = upsert(row("a", "1.75"), row("c", "3"));
        long v4 = append(row("d", "4"));

        MaintenanceReport dryRun;
        try (VersionPins.Pin pin = engine.pinVersion(ORDERS, v3)) {
            dryRun =
                    engine.maintain(
                            MaintenanceRequest.builder()
                                    .expireSnapshotsOlderThan(Duration.ZERO)
                                    .dryRun(true)
                                    .build());
            assertThat(dryRun.expiredSnapshots()).contains(v1, v2).doesNotContain(v3, v4);
            assertThat(engine.version(ORDERS, v1).id()).isEqualTo(v1);

            MaintenanceReport report =
                    engine.maintain(
                            MaintenanceRequest.builder()
                                    .expireSnapshotsOlderThan(Duration.ZERO)
                                    .deleteUnusedFiles()
                                    .build());
            assertThat(report.expiredSnapshots()).isEqualTo(dryRun.expiredSnapshots());
            assertThat(report.beforeImagesDeleted())
                    .as("the before-image of 'a' kept by the expired merge")
                    .isOne();
        }
        assertThatThrownBy(() -> engine.changes(ORDERS, v1, v4))
                .isInstanceOf(LakeValidationException.class)
                .hasMessageContaining("Version " + v1)
                .hasMessageContaining("expired");
        try (ChangeReader changes = engine.changes(ORDERS, v3, v4)) {
            assertThat(changes.toList()).containsExactly(new Change(null, row("d", "4.00")));
        }

        MaintenanceReport unpinned =
                engine.maintain(
                        MaintenanceRequest.builder()
                                .expireSnapshotsOlderThan(Duration.ZERO)
                                .build());
        assertThat(unpinned.expiredSnapshots()).contains(v3).doesNotContain(v4);
        assertThat(engine.latestVersion(ORDERS)).isEqualTo(v4);
        assertThat(engine.read(ORDERS, dev.ducklake.engine.read.ScanRequest.all()).toList())
                .hasSize(4);
    }

    /**
     * DuckLake records a flush of inlined deletions alone as a plain delete from the table; the
     * engine's maintenance snapshot must still not count as a version, or every change read over a
     * range that holds one would lose its before-images and fall back to the change feed. The
     * engine writes its deletes to files, so plain DuckDB makes the inlined deletions.
     */
    @Test
    void aFlushOfInlinedDeletionsAloneIsNotAVersion() throws Exception {
        engine.createTable(ORDERS, SCHEMA);
        long first = appendKeys(1_000);
        engine.close();
        TestLakes.plainExecute(
                lake.catalog(), lake.dir(), "DELETE FROM plain.orders WHERE id IN ('k1', 'k2')");
        engine = lake.reopen();
        long deleted = engine.latestVersion(ORDERS);
        engine.maintain(MaintenanceRequest.builder().table(ORDERS).flushInlinedData().build());
        engine.close();
        long flush;
        try (Connection plain = TestLakes.plainDuckDb(lake.catalog(), lake.dir());
                Statement statement = plain.createStatement();
                ResultSet rs =
                        statement.executeQuery(
                                "SELECT snapshot_id, changes['tables_deleted_from']::VARCHAR,"
                                        + " changes['flushed_inlined']::VARCHAR FROM plain.snapshots() ORDER BY snapshot_id DESC LIMIT 1")) {
            assertThat(rs.next()).isTrue();
            flush = rs.getLong(1);
            assertThat(flush).as("the flush made a snapshot").isGreaterThan(deleted);
            assertThat(rs.getString(2)).as("which DuckLake records as a delete").isNotNull();
            assertThat(rs.getString(3)).as("and not as a flush").isNull();
        }
        engine = lake.reopen();
        upsert(row("k3", "33.00"));
        long last = engine.latestVersion(ORDERS);

        assertThat(engine.versions(ORDERS, 0, 100))
                .extracting(TableVersion::id)
                .doesNotContain(flush)
                .contains(first, deleted, last);
        // The flush lies inside the range; the plain delete before it carries no before-images.
        try (ChangeReader changes =
                engine.changes(
                        ORDERS,
                        ChangeRequest.builder(deleted, last)
                                .method(ChangeMethod.BEFORE_IMAGES)
                                .build())) {
            assertThat(changes.toList())
                    .containsExactly(new Change(row("k3", "3.00"), row("k3", "33.00")));
        }
    }

    @Test
    void flushingAndRewritingFilesWithDeletesKeepRowsVersionsAndChanges() {
        engine.createTable(ORDERS, SCHEMA);
        long first = appendKeys(100);
        merge(
                merge -> {
                    for (int i = 0; i < 97; i++) {
                        merge.upsert(row("k" + i, (i + 1000) + ".00"));
                    }
                });
        merge(
                merge -> {
                    for (int i = 99; i < 102; i++) {
                        merge.upsert(row("k" + i, (i + 1000) + ".00"));
                    }
                });
        long last = engine.latestVersion(ORDERS);
        List<List<Change>> before = new ArrayList<>();
        for (ChangeMethod method : ChangeMethod.values()) {
            try (ChangeReader changes = engine.changes(ORDERS, first, last, method)) {
                before.add(changes.toList());
            }
        }

        MaintenanceReport report =
                engine.maintain(
                        MaintenanceRequest.builder()
                                .table(ORDERS)
                                .flushInlinedData()
                                .rewriteFilesWithDeletes()
                                .mergeAdjacentFiles()
                                .build());
        assertThat(report.rowsFlushed()).as("the small merge's inlined rows").isEqualTo(3);
        assertThat(report.filesRewritten())
                .as("the loaded file, most of its rows replaced")
                .isEqualTo(1);

        assertThat(engine.latestVersion(ORDERS)).as("a rewrite is not a version").isEqualTo(last);
        for (ChangeMethod method : ChangeMethod.values()) {
            try (ChangeReader changes = engine.changes(ORDERS, first, last, method)) {
                assertThat(changes.toList())
                        .as(method.name())
                        .containsExactlyInAnyOrderElementsOf(before.get(method.ordinal()));
            }
        }
        try (RowReader rows = engine.read(ORDERS, ScanRequest.all())) {
            assertThat(rows.toList()).hasSize(102);
        }
    }

    @Test
    void flushAndMergeKeepRowsVersionsAndChanges() {
        engine.createTable(ORDERS, SCHEMA);
        long first = append(row("a", "1"));
        for (int i = 0; i < 5; i++) {
            append(row("k" + i, String.valueOf(i)));
        }
        long last = engine.latestVersion(ORDERS);
        List<Change> before;
        try (ChangeReader changes = engine.changes(ORDERS, first, last)) {
            before = changes.toList();
        }

        MaintenanceReport dryRun =
                engine.maintain(
                        MaintenanceRequest.builder()
                                .flushInlinedData()
                                .mergeAdjacentFiles()
                                .dryRun(true)
                                .build());
        assertThat(dryRun.rowsFlushed()).isEqualTo(6);
        MaintenanceReport flushed =
                engine.maintain(
                        MaintenanceRequest.builder()
                                .table(ORDERS)
                                .flushInlinedData()
                                .mergeAdjacentFiles()
                                .build());
        assertThat(flushed.rowsFlushed()).isEqualTo(6);
        assertThat(
                        engine.maintain(
                                        MaintenanceRequest.builder()
                                                .flushInlinedData()
                                                .dryRun(true)
                                                .build())
                                .rowsFlushed())
                .isZero();

        assertThat(engine.latestVersion(ORDERS)).as("maintenance is not a version").isEqualTo(last);
        for (ChangeMethod method : ChangeMethod.values()) {
            try (ChangeReader changes = engine.changes(ORDERS, first, last, method)) {
                assertThat(changes.toList())
                        .as(method.name())
                        .containsExactlyInAnyOrderElementsOf(before);
            }
        }
    }
}
