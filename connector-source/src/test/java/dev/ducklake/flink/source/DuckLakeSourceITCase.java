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

package dev.ducklake.flink.source;

import static dev.ducklake.flink.common.DuckLakeConnectorOptions.DATA_PATH;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.ducklake.engine.EngineRegistry;
import dev.ducklake.engine.LakeEngine;
import dev.ducklake.engine.maintenance.MaintenanceReport;
import dev.ducklake.engine.maintenance.MaintenanceRequest;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.testutils.TestLakes;
import dev.ducklake.engine.write.MergeSession;
import dev.ducklake.flink.common.EngineSpec;
import dev.ducklake.flink.sink.DuckLakeSink;
import dev.ducklake.flink.sink.testutils.DuckDbLakeTestBase;
import dev.ducklake.flink.sink.testutils.FailOnce;
import dev.ducklake.flink.sink.testutils.NoEngineLeftOpen;
import dev.ducklake.flink.sink.testutils.OrderEvents;
import dev.ducklake.flink.sink.testutils.TestJobs;
import dev.ducklake.flink.sink.testutils.Throttle;
import dev.ducklake.flink.source.testutils.ChangelogModel;
import dev.ducklake.flink.source.testutils.RandomChangelog;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.types.RowKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The change source on a MiniCluster: each emitted changelog is applied to a {@link
 * ChangelogModel}, which must end equal to the table as plain DuckDB reads it, without a change
 * that does not fit.
 */
@Timeout(value = 4, unit = TimeUnit.MINUTES)
@ExtendWith(NoEngineLeftOpen.class)
class DuckLakeSourceITCase extends DuckDbLakeTestBase {

    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = TestJobs.miniCluster(8);

    static final TableName ORDERS = TableName.of("orders");

    /** How long a reading job may take to show what the test waits for. */
    static final Duration MODEL_TIMEOUT = Duration.ofSeconds(90);

    @ParameterizedTest(name = "writer parallelism {0}")
    @ValueSource(ints = {1, 4})
    void aChangelogReadWhileTheSinkWritesReplaysToTheTable(int writers) throws Exception {
        createOrders();
        StreamExecutionEnvironment reading = TestJobs.environment();
        reading.fromSource(
                        source().discoveryInterval(Duration.ofMillis(100)).build(),
                        WatermarkStrategy.noWatermarks(),
                        "orders changelog")
                .setParallelism(3)
                .sinkTo(new ChangelogModel("e2e", OrderEvents.ROW_TYPE))
                .setParallelism(1);
        JobClient reader = reading.executeAsync("read the changelog");
        RandomChangelog changes = new RandomChangelog(writers, 300);
        long count = 20_000;
        ChangelogModel.Result model;
        try {
            StreamExecutionEnvironment writing = TestJobs.environment();
            writing.fromSource(
                            changes.source(count, 10_000),
                            WatermarkStrategy.noWatermarks(),
                            "random changes")
                    .sinkTo(
                            DuckLakeSink.forRowData()
                                    .catalog(catalog.key())
                                    .dataPath(dataPath())
                                    .table("orders")
                                    .rowType(OrderEvents.ROW_TYPE)
                                    .primaryKey("order_id")
                                    .build())
                    .setParallelism(writers);
            writing.execute("write the changelog");
            model = ChangelogModel.awaitRows("e2e", changes.expected(count), MODEL_TIMEOUT);
        } finally {
            TestJobs.cancel(reader);
        }

        assertReplaysTheTable(model, changes.expected(count));
    }

    @Test
    void aFailureInTheMiddleOfALargeRangeResumesWithNothingLostOrRepeated() throws Exception {
        long created = createOrders();
        RandomChangelog changes = new RandomChangelog(7, 20_000);
        long last = mergeInBatches(changes, 2, 30_000);

        ChangelogModel.Result model =
                readWithOneFailure(changesBetween(created, last), 10_000, "restore");

        assertThat(model.rows()).isEqualTo(changes.expected(60_000)).isEqualTo(tableRows());
    }

    @Test
    void aSnapshotReadInPartsResumesAfterAFailureWithNothingLostOrRepeated() throws Exception {
        createOrders();
        RandomChangelog changes = new RandomChangelog(11, 200_000);
        merge(changes, 0, 40_000);
        merge(changes, 40_000, 80_000);
        merge(changes, 80_000, 80_004); // few enough rows to be inlined into the catalog

        ChangelogModel.Result model =
                readWithOneFailure(
                        source().snapshot().batchSize(1_000).build(), 25_000, "snapshot parts");

        assertThat(model.rows()).isEqualTo(tableRows()).hasSizeGreaterThan(50_000);
    }

    @Test
    void aSavepointResumesAtAnotherParallelismWithNothingLostOrRepeated() throws Exception {
        long created = createOrders();
        RandomChangelog changes = new RandomChangelog(11, 20_000);
        long last = mergeInBatches(changes, 6, 2_000);
        DuckLakeSource bounded = changesBetween(created, last);

        StreamExecutionEnvironment first = TestJobs.environment();
        readThrottledWithUids(first, bounded, 2, "savepoint");
        JobClient job = first.executeAsync("read until the savepoint");
        ChangelogModel.awaitChanges("savepoint", 2_000, MODEL_TIMEOUT);
        String savepoint = TestJobs.stopWithSavepoint(job, dir);
        ChangelogModel.Result atSavepoint = ChangelogModel.published("savepoint");

        StreamExecutionEnvironment second = TestJobs.resumedFrom(savepoint);
        readThrottledWithUids(second, bounded, 3, "savepoint");
        second.execute("resume from the savepoint");

        ChangelogModel.Result model = ChangelogModel.published("savepoint");
        assertThat(model.ended()).isTrue();
        assertThat(model.changes()).isGreaterThan(atSavepoint.changes());
        assertReplaysTheTable(model, changes.expected(12_000));
    }

    /**
     * A restored reader gets back the splits of its state in no particular order (Flink keeps them
     * in a hash map); it must still read each bucket's ranges in version order.
     */
    @Test
    void aReaderRestoredWithSeveralUnreadSplitsReadsThemInVersionOrder() throws Exception {
        long created = createOrders();
        RandomChangelog changes = new RandomChangelog(13, 5_000);
        String name = "restored splits";
        StreamExecutionEnvironment first = TestJobs.environment();
        readThrottledWithUids(first, following(created), 1, name);
        JobClient job = first.executeAsync("read while versions pile up");
        long last = merge(changes, 0, 10_000);
        ChangelogModel.awaitChanges(name, 1, MODEL_TIMEOUT);
        for (int batch = 0; batch < 5; batch++) {
            // Pacing, not synchronization: the pause lets the enumerator (looking every 50 ms) plan
            // each version as a split of its own, so that the reader's state holds several. Should
            // two versions share a split, the test still holds, over fewer splits.
            Thread.sleep(150);
            last = merge(changes, 10_000 + batch * 2_000L, 10_000 + (batch + 1) * 2_000L);
        }
        // Pacing as well: lets the enumerator hand the last versions to the reader before the
        // savepoint. Splits it has not handed out are in its own state, which restores them just
        // the same.
        Thread.sleep(300);
        String savepoint = TestJobs.stopWithSavepoint(job, dir);
        assertThat(ChangelogModel.published(name).changes())
                .as(
                        "changes read before the savepoint: fewer than the first version's, so the later versions'"
                                + " splits were all unread in the reader's state")
                .isLessThan(changes.expected(10_000).size());

        StreamExecutionEnvironment second = TestJobs.resumedFrom(savepoint);
        readThrottledWithUids(second, changesBetween(created, last), 1, name);
        second.execute("resume from the savepoint");

        ChangelogModel.Result model = ChangelogModel.published(name);
        assertThat(model.ended()).isTrue();
        assertReplaysTheTable(model, changes.expected(20_000));
    }

    @Test
    void aLatestStartReadsOnlyWhatIsCommittedAfterTheJobStarts() throws Exception {
        createOrders();
        RandomChangelog changes = new RandomChangelog(5, 100);
        merge(changes, 0, 200);
        StreamExecutionEnvironment env = TestJobs.environment();
        env.fromSource(
                        source().startupMode(StartupMode.LATEST)
                                .discoveryInterval(Duration.ofMillis(100))
                                .build(),
                        WatermarkStrategy.noWatermarks(),
                        "orders changelog")
                .sinkTo(new ChangelogModel("latest", OrderEvents.ROW_TYPE));
        JobClient job = env.executeAsync("read the latest changes");
        ChangelogModel.Result model;
        try {
            // The enumerator resolves the latest version when it starts; a checkpoint comes after
            // that.
            ChangelogModel.awaitPublished("latest", MODEL_TIMEOUT);
            try (EngineRegistry.Lease lease = lease();
                    MergeSession merge = lease.engine().openMergeSession(ORDERS)) {
                merge.upsert(new Object[] {"new", 1L, BigDecimal.ONE});
                merge.commit();
            }
            // One reader, one bucket: an older change read by mistake would arrive before this one.
            model =
                    await("the model latest holds the row committed after the start")
                            .atMost(MODEL_TIMEOUT)
                            .until(
                                    () -> ChangelogModel.published("latest"),
                                    m -> m.rows().containsKey("new"));
        } finally {
            TestJobs.cancel(job);
        }
        assertThat(model.problems()).isEmpty();
        assertThat(model.rows()).containsOnlyKeys("new");
        assertThat(model.changes()).as("changes read").isEqualTo(1);
    }

    @Test
    void anEndAtTheLatestVersionStopsAtTheVersionThatWasLatestWhenTheSourceWasBuilt()
            throws Exception {
        long created = createOrders();
        RandomChangelog changes = new RandomChangelog(6, 100);
        merge(changes, 0, 300);
        long end = merge(changes, 300, 600);
        Map<String, String> atEnd = tableRows();
        DuckLakeSource source = source().startAfterVersion(created).endAtLatestVersion().build();
        DuckLakeSource full = source().endAtLatestVersion().build();
        merge(changes, 600, 900);

        StreamExecutionEnvironment env = TestJobs.environment();
        env.fromSource(source, WatermarkStrategy.noWatermarks(), "orders changelog")
                .sinkTo(new ChangelogModel("end at latest", OrderEvents.ROW_TYPE));
        env.fromSource(full, WatermarkStrategy.noWatermarks(), "orders at the end")
                .sinkTo(new ChangelogModel("full start, end at latest", OrderEvents.ROW_TYPE));
        env.execute("read up to the latest version at build time");

        for (String name : List.of("end at latest", "full start, end at latest")) {
            ChangelogModel.Result model = ChangelogModel.published(name);
            assertThat(model.problems()).as(name).isEmpty();
            assertThat(model.rows())
                    .as("%s: the changelog up to version %d", name, end)
                    .isEqualTo(atEnd);
        }
        assertThat(tableRows())
                .as("the table moved on after the source was built")
                .isNotEqualTo(atEnd);
    }

    @Test
    void changesMadeWithPlainDuckDbSqlAreReadLikeTheSinks() throws Exception {
        long created = createOrders();
        try (Connection plain = TestLakes.plainDuckDb(catalog, dir);
                Statement sql = plain.createStatement()) {
            sql.execute(
                    "INSERT INTO plain.orders SELECT 'o-' || i, i, i / 100 FROM range(1000) t(i)");
            sql.execute(
                    "UPDATE plain.orders SET amount = amount + 1, seq = seq + 1000 WHERE seq % 3 = 0");
            sql.execute("DELETE FROM plain.orders WHERE seq % 5 = 1");
            sql.execute(
                    "MERGE INTO plain.orders t USING (SELECT 'o-' || i AS order_id, i + 5000 AS seq, i AS amount"
                            + " FROM range(900, 1100) s(i)) s ON t.order_id = s.order_id"
                            + " WHEN MATCHED THEN UPDATE SET seq = s.seq, amount = s.amount"
                            + " WHEN NOT MATCHED THEN INSERT VALUES (s.order_id, s.seq, s.amount)");
            sql.execute("BEGIN");
            sql.execute("UPDATE plain.orders SET amount = 0 WHERE seq < 100");
            sql.execute("INSERT INTO plain.orders VALUES ('late', 1, 1.50)");
            sql.execute("COMMIT");
        }
        long last = latestVersion();

        StreamExecutionEnvironment env = TestJobs.environment();
        env.fromSource(
                        changesBetween(created, last),
                        WatermarkStrategy.noWatermarks(),
                        "orders changelog")
                .setParallelism(2)
                .sinkTo(new ChangelogModel("plain", OrderEvents.ROW_TYPE))
                .setParallelism(1);
        env.execute("read plain SQL changes");

        ChangelogModel.Result model = ChangelogModel.published("plain");
        assertThat(model.problems()).isEmpty();
        assertThat(model.rows()).hasSize(tableRows().size()).isEqualTo(tableRows());
    }

    @Test
    void theVersionsASourceStillNeedsSurviveExpiry() throws Exception {
        long created = createOrders();
        RandomChangelog changes = new RandomChangelog(3, 2_000);
        long end = mergeInBatches(changes, 5, 4_000);
        StreamExecutionEnvironment env = TestJobs.environment();
        env.fromSource(
                        changesBetween(created, end),
                        WatermarkStrategy.noWatermarks(),
                        "orders changelog")
                .setParallelism(1)
                .map(new Throttle<>(2))
                .returns(InternalTypeInfo.of(OrderEvents.ROW_TYPE))
                .sinkTo(new ChangelogModel("pinned", OrderEvents.ROW_TYPE))
                .setParallelism(1);
        JobClient job = env.executeAsync("read while snapshots expire");
        ChangelogModel.awaitChanges("pinned", 500, MODEL_TIMEOUT);
        MaintenanceReport report;
        try (EngineRegistry.Lease lease = lease()) {
            report = expireAllSnapshots(lease.engine());
            assertThat(lease.engine().version(ORDERS, created).id()).isEqualTo(created);
        }
        job.getJobExecutionResult().get(120, TimeUnit.SECONDS);

        ChangelogModel.Result model = ChangelogModel.published("pinned");
        assertThat(report.expiredSnapshots()).doesNotContain(created);
        assertReplaysTheTable(model, changes.expected(20_000));
    }

    /**
     * A reader's pins go away while its task restarts; the enumerator's keep every version that the
     * restored reader reads again, so expiry without any retention, running all along, removes
     * none.
     */
    @Test
    void aFailureWhileExpiryRunsWithoutRetentionLosesNoVersionTheRestoredReaderNeeds()
            throws Exception {
        long created = createOrders();
        RandomChangelog changes = new RandomChangelog(17, 3_000);
        String name = "expiry through a failure";
        StreamExecutionEnvironment env = TestJobs.environment();
        env.fromSource(following(created), WatermarkStrategy.noWatermarks(), "orders changelog")
                .map(new Throttle<>(1))
                .returns(InternalTypeInfo.of(OrderEvents.ROW_TYPE))
                .map(new FailOnce<>(5_000))
                .returns(InternalTypeInfo.of(OrderEvents.ROW_TYPE))
                .sinkTo(new ChangelogModel(name, OrderEvents.ROW_TYPE));
        JobClient job = env.executeAsync("read while expiry runs without retention");
        AtomicInteger expiries = new AtomicInteger();
        ScheduledExecutorService expiry = Executors.newSingleThreadScheduledExecutor();
        ChangelogModel.Result model;
        try (EngineRegistry.Lease lease = lease()) {
            expiry.scheduleWithFixedDelay(
                    () -> {
                        expireAllSnapshots(lease.engine());
                        expiries.incrementAndGet();
                    },
                    0,
                    100,
                    TimeUnit.MILLISECONDS);
            for (int batch = 0; batch < 8; batch++) {
                merge(changes, batch * 2_000L, (batch + 1) * 2_000L);
                // Paced by expiry: each version meets two expiry runs before the next one comes.
                int expiriesBefore = expiries.get();
                await("two expiry runs after merge " + batch)
                        .atMost(Duration.ofSeconds(30))
                        .until(() -> expiries.get() >= expiriesBefore + 2);
            }
            model = ChangelogModel.awaitRows(name, changes.expected(16_000), MODEL_TIMEOUT);
        } finally {
            expiry.shutdownNow();
            assertThat(expiry.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
            TestJobs.cancel(job);
        }

        assertThat(FailOnce.failures()).as("the induced failure").isEqualTo(1);
        assertThat(expiries.get()).as("expiry runs").isGreaterThan(10);
        assertReplaysTheTable(model, changes.expected(16_000));
    }

    @Test
    void aMissingTableOrAStartVersionThatIsNotOneFailsAtStartNamingIt() throws Exception {
        assertThatThrownBy(() -> source().build()).hasMessageContaining("orders");
        long created = createOrders();
        long older = merge(new RandomChangelog(1, 10), 0, 10);
        long last = merge(new RandomChangelog(2, 10), 0, 10);
        assertJobFailsAtStart(
                source().startAfterVersion(last + 100).build(),
                "start at a future version",
                "Version "
                        + (last + 100)
                        + " is not a version of main.orders: no such snapshot yet");
        assertJobFailsAtStart(
                source().endVersion(created - 1).build(),
                "end before the table was created",
                "The end version "
                        + (created - 1)
                        + " of the source on main.orders is before the table's first version");

        MaintenanceReport report;
        try (EngineRegistry.Lease lease = lease()) {
            report = expireAllSnapshots(lease.engine());
        }
        assertThat(report.expiredSnapshots()).contains(older);
        assertJobFailsAtStart(
                changesBetween(older, last),
                "start at an expired version",
                "Version " + older + " is not a version of main.orders: the snapshot was expired");
    }

    /**
     * Runs {@code source} to its end through a throttle and an operator that fails once after
     * {@code failAfter} records, into the model {@code name}; asserts that the job failed once and
     * its model ended without problems.
     */
    private static ChangelogModel.Result readWithOneFailure(
            DuckLakeSource source, int failAfter, String name) throws Exception {
        StreamExecutionEnvironment env = TestJobs.environment();
        env.fromSource(source, WatermarkStrategy.noWatermarks(), "orders changelog")
                .setParallelism(2)
                .map(new Throttle<>(20))
                .returns(InternalTypeInfo.of(OrderEvents.ROW_TYPE))
                .map(new FailOnce<>(failAfter))
                .returns(InternalTypeInfo.of(OrderEvents.ROW_TYPE))
                .setParallelism(1)
                .sinkTo(new ChangelogModel(name, OrderEvents.ROW_TYPE))
                .setParallelism(1);
        env.execute(name + " with a failure");

        ChangelogModel.Result model = ChangelogModel.published(name);
        assertThat(FailOnce.failures()).isEqualTo(1);
        assertThat(model.ended()).isTrue();
        assertThat(model.problems()).isEmpty();
        return model;
    }

    /**
     * Adds to {@code env} a job reading {@code source} through a throttle into the model {@code
     * name}, with uids that let a savepoint of it resume at another parallelism.
     */
    private static void readThrottledWithUids(
            StreamExecutionEnvironment env, DuckLakeSource source, int parallelism, String name) {
        env.fromSource(source, WatermarkStrategy.noWatermarks(), "orders changelog")
                .uid("source")
                .setParallelism(parallelism)
                .map(new Throttle<>(1))
                .uid("throttle")
                .returns(InternalTypeInfo.of(OrderEvents.ROW_TYPE))
                .setParallelism(parallelism)
                .sinkTo(new ChangelogModel(name, OrderEvents.ROW_TYPE))
                .uid("model")
                .setParallelism(1);
    }

    /** Asserts that a job reading {@code source}, without restarts, fails with {@code message}. */
    private static void assertJobFailsAtStart(DuckLakeSource source, String name, String message) {
        StreamExecutionEnvironment env = TestJobs.environment(0);
        env.fromSource(source, WatermarkStrategy.noWatermarks(), "orders")
                .sinkTo(new ChangelogModel(name, OrderEvents.ROW_TYPE));
        TestJobs.assertJobFails(env, name).contains(message);
    }

    /** Expires snapshots without any retention: every one older than now. */
    private static MaintenanceReport expireAllSnapshots(LakeEngine engine) {
        return engine.maintain(
                MaintenanceRequest.builder().expireSnapshotsOlderThan(Duration.ZERO).build());
    }

    private DuckLakeSourceBuilder source() {
        return DuckLakeSource.builder()
                .catalog(catalog.key())
                .dataPath(dataPath())
                .table("orders")
                .rowType(OrderEvents.ROW_TYPE);
    }

    /**
     * Asserts that the model took in its changelog without a change that does not fit, and holds
     * the {@code expected} rows, which are the table's as plain DuckDB reads it.
     */
    private void assertReplaysTheTable(ChangelogModel.Result model, Map<String, String> expected)
            throws Exception {
        assertThat(model.problems()).isEmpty();
        assertThat(model.rows()).isEqualTo(expected).isEqualTo(tableRows());
    }

    /** A bounded source of the changes after version {@code after} up to version {@code end}. */
    private DuckLakeSource changesBetween(long after, long end) {
        return source().startAfterVersion(after).endVersion(end).build();
    }

    /** An unbounded source of the changes after {@code created}, looking for new versions often. */
    private DuckLakeSource following(long created) {
        return source().startAfterVersion(created).discoveryInterval(Duration.ofMillis(50)).build();
    }

    private EngineRegistry.Lease lease() {
        return EngineRegistry.shared().acquire(engineSpec().toEngineConfig());
    }

    private EngineSpec engineSpec() {
        return EngineSpec.of(catalog.key()).with(DATA_PATH, dataPath());
    }

    private String dataPath() {
        return dir.resolve("data") + "/";
    }

    private long createOrders() {
        try (EngineRegistry.Lease lease = lease()) {
            return lease.engine().createTable(ORDERS, OrderEvents.lakeSchema(true));
        }
    }

    /** Applies events {@code [from, to)} in one merge; returns its version. */
    private long merge(RandomChangelog changes, long from, long to) {
        try (EngineRegistry.Lease lease = lease();
                MergeSession merge = lease.engine().openMergeSession(ORDERS)) {
            for (long i = from; i < to; i++) {
                RowData row = changes.map(i);
                if (row.getRowKind() == RowKind.DELETE) {
                    merge.deleteKey(row.getString(0).toString());
                } else {
                    merge.upsert(
                            new Object[] {
                                row.getString(0).toString(),
                                row.getLong(1),
                                row.getDecimal(2, 12, 2).toBigDecimal()
                            });
                }
            }
            return merge.commit().version();
        }
    }

    /**
     * Applies events {@code [0, batches * batchSize)} in {@code batches} merges; returns the last
     * one's version.
     */
    private long mergeInBatches(RandomChangelog changes, int batches, long batchSize) {
        long last = 0;
        for (int batch = 0; batch < batches; batch++) {
            last = merge(changes, batch * batchSize, (batch + 1) * batchSize);
        }
        return last;
    }

    private long latestVersion() {
        try (EngineRegistry.Lease lease = lease()) {
            return lease.engine().latestVersion(ORDERS);
        }
    }

    /** The table as plain DuckDB reads it, rendered as the model holds rows. */
    private Map<String, String> tableRows() throws Exception {
        return ChangelogModel.lakeRows(catalog, dir, "orders");
    }
}
