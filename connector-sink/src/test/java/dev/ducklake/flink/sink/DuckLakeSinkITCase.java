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

package dev.ducklake.flink.sink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.ducklake.engine.EngineRegistry;
import dev.ducklake.engine.LakeEngine;
import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.testutils.TestLakes;
import dev.ducklake.engine.testutils.TestSchemas;
import dev.ducklake.engine.write.MergeSession;
import dev.ducklake.flink.common.DuckLakeConnectorOptions.UpsertIndex;
import dev.ducklake.flink.sink.metrics.DuckLakeSinkMetrics;
import dev.ducklake.flink.sink.testutils.CountCheckpoints;
import dev.ducklake.flink.sink.testutils.DuckDbLakeTestBase;
import dev.ducklake.flink.sink.testutils.FailOnce;
import dev.ducklake.flink.sink.testutils.JobMetrics;
import dev.ducklake.flink.sink.testutils.LakeContents;
import dev.ducklake.flink.sink.testutils.LakeContents.SinkSnapshot;
import dev.ducklake.flink.sink.testutils.LoseAcknowledgementOnce;
import dev.ducklake.flink.sink.testutils.NoEngineLeftOpen;
import dev.ducklake.flink.sink.testutils.OrderEvents;
import dev.ducklake.flink.sink.testutils.TestJobs;
import dev.ducklake.flink.sink.testutils.Throttle;
import dev.ducklake.testing.postgres.PostgresServer;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.LongFunction;
import java.util.stream.Stream;
import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.metrics.Histogram;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.types.RowKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Exactly-once writes through the DataStream API on a MiniCluster, checked with plain DuckDB. */
@ExtendWith(NoEngineLeftOpen.class)
class DuckLakeSinkITCase extends DuckDbLakeTestBase {

    static final JobMetrics JOB_METRICS = JobMetrics.retained();

    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = JOB_METRICS.miniCluster(4);

    @ParameterizedTest(name = "parallelism {0}")
    @ValueSource(ints = {1, 4})
    void appendsEveryRowOnceAcrossAFailureAfterACheckpoint(int parallelism) throws Exception {
        long count = 30_000;
        StreamExecutionEnvironment env = TestJobs.environment();
        OrderEvents.stream(env, "orders", OrderEvents::append, count, 10_000)
                .map(new FailOnce<>(count / 2))
                .returns(InternalTypeInfo.of(OrderEvents.ROW_TYPE))
                .sinkTo(sink("orders").build())
                .setParallelism(parallelism);
        env.execute("append with a failure");

        assertThat(FailOnce.failures()).isEqualTo(1);
        assertThat(LakeContents.rowsByFirstColumn(catalog, dir, "orders"))
                .isEqualTo(OrderEvents.queriedRows(OrderEvents.expectedAppend(count)));
        assertOneSnapshotPerCheckpoint();
        LakeContents.assertStagingEmpty(catalog, dir);
    }

    @ParameterizedTest(name = "parallelism {0}")
    @ValueSource(ints = {1, 4})
    void upsertsLeaveEveryKeyAtItsLastValueAcrossAFailureAfterACheckpoint(int parallelism)
            throws Exception {
        upsertAcrossAFailure(30_000, 1_000, parallelism, UpsertIndex.NONE);
    }

    /**
     * The index starts from a table that holds rows, and the job restores it after the failure;
     * most commits then use it, none when told not to.
     */
    @Test
    void upsertsThroughAnIndexOfATableWithRowsExactlyOnceAcrossAFailure() throws Exception {
        try (EngineRegistry.Lease lease =
                EngineRegistry.shared()
                        .acquire(sink("orders").build().settings().engine().toEngineConfig())) {
            lease.engine().createTable(TableName.of("orders"), OrderEvents.lakeSchema(true));
            try (MergeSession merge = lease.engine().openMergeSession(TableName.of("orders"))) {
                for (int key = 0; key < 1_000; key += 2) {
                    merge.upsert(new Object[] {"o-" + key, -1L, new BigDecimal("9.99")});
                }
                merge.commit();
            }
        }
        JobExecutionResult result = upsertAcrossAFailure(30_000, 1_000, 4, UpsertIndex.FLINK_STATE);
        long commits = JOB_METRICS.counter(result.getJobID(), DuckLakeSinkMetrics.COMMITS);
        assertThat(
                        JOB_METRICS.counter(
                                result.getJobID(), DuckLakeSinkMetrics.COMMITS_LOOKING_UP_ROWS))
                .as("commits that looked the replaced rows up, of %s", commits)
                .isLessThan(commits / 2);
    }

    @Test
    void upsertsOnAPostgresCatalogExactlyOnceAcrossAFailure() throws Exception {
        catalog = TestLakes.catalog(CatalogLocation.Kind.POSTGRES, dir);
        try {
            upsertAcrossAFailure(20_000, 500, 4, UpsertIndex.NONE);
        } finally {
            PostgresServer.dropDatabase(catalog.location());
        }
    }

    /**
     * Upserts {@code count} events over {@code keys} orders through {@code writers} writers,
     * failing once halfway after a checkpoint; the lake must hold each key at its last value,
     * exactly once.
     */
    private JobExecutionResult upsertAcrossAFailure(
            long count, int keys, int writers, UpsertIndex index) throws Exception {
        StreamExecutionEnvironment env = TestJobs.environment();
        OrderEvents.stream(env, "order changes", i -> OrderEvents.upsert(i, keys), count, 10_000)
                .map(new FailOnce<>(count / 2))
                .returns(InternalTypeInfo.of(OrderEvents.ROW_TYPE))
                .sinkTo(sink("orders").primaryKey("order_id").upsertIndex(index).build())
                .setParallelism(writers);
        JobExecutionResult result =
                env.execute("upsert on a " + catalog.kind() + " catalog with a failure");

        assertThat(FailOnce.failures()).isEqualTo(1);
        assertThat(LakeContents.rowsByFirstColumn(catalog, dir, "orders"))
                .isEqualTo(OrderEvents.queriedRows(OrderEvents.expectedUpsert(count, keys)));
        assertOneSnapshotPerCheckpoint();
        LakeContents.assertStagingEmpty(catalog, dir);
        return result;
    }

    /** A user's own record type, written through a converter. */
    record Order(String id, long seq, BigDecimal amount) {}

    @Test
    void userRecordsThroughAConverterWithSmallCommitsInlinedAndCompactedOnACadence()
            throws Exception {
        long count = 3_000;
        StreamExecutionEnvironment env = TestJobs.environment();
        env.enableCheckpointing(100);
        DuckLakeSink<Order> sink =
                DuckLakeSink.<Order>builder()
                        .catalog(catalog.key())
                        .dataPath(dir.resolve("data") + "/")
                        .table("orders")
                        .rowType(OrderEvents.ROW_TYPE)
                        .converter(
                                order ->
                                        GenericRowData.of(
                                                StringData.fromString(order.id()),
                                                order.seq(),
                                                DecimalData.fromBigDecimal(order.amount(), 12, 2)))
                        .dataInliningRowLimit(1_000)
                        .compactionInterval(Duration.ofMillis(300))
                        .build();
        env.fromSequence(0, count - 1)
                .map(i -> new Order("o-" + i, i, BigDecimal.valueOf(i % 100_000, 2)))
                .map(new Throttle<>(1))
                .sinkTo(sink);
        env.execute("user records, inlined and compacted");

        assertThat(LakeContents.rowsByFirstColumn(catalog, dir, "orders"))
                .isEqualTo(OrderEvents.queriedRows(OrderEvents.expectedAppend(count)));
        long commits = LakeContents.sinkSnapshots(catalog, dir).size();
        List<List<Object>> files =
                LakeContents.rows(
                        catalog,
                        dir,
                        "SELECT count(*) FROM"
                                + " __ducklake_metadata_plain.ducklake_data_file WHERE end_snapshot IS NULL");
        assertThat(commits).isGreaterThan(5);
        assertThat((Long) files.get(0).get(0))
                .as("live data files after %s commits", commits)
                .isLessThan(commits);
        long otherSnapshots =
                (Long)
                        LakeContents.rows(
                                        catalog,
                                        dir,
                                        "SELECT count(*) FROM plain.snapshots()"
                                                + " WHERE commit_extra_info IS NULL OR NOT contains(commit_extra_info, 'sink-id')")
                                .get(0)
                                .get(0);
        assertThat(otherSnapshots)
                .as("the table's creation and at least one compaction")
                .isGreaterThan(2);
    }

    /**
     * Appends too large to inline are committed by adopting the staged Parquet files ({@code
     * ducklake_add_data_files}); DuckLake v1.5.5 crashes when it merges such files in a statement
     * prepared outside the transaction that runs it, so compaction runs in one.
     */
    @Test
    void compactionMergesTheFilesThatAppendsAdopted() throws Exception {
        long count = 40_000;
        StreamExecutionEnvironment env = TestJobs.environment();
        env.enableCheckpointing(100);
        OrderEvents.stream(env, "orders", OrderEvents::append, count, 10_000)
                .sinkTo(sink("orders").compactionInterval(Duration.ofMillis(500)).build());
        env.execute("append, compacted");

        assertThat(LakeContents.rowsByFirstColumn(catalog, dir, "orders"))
                .isEqualTo(OrderEvents.queriedRows(OrderEvents.expectedAppend(count)));
        long commits = LakeContents.sinkSnapshots(catalog, dir).size();
        long files =
                (Long)
                        LakeContents.rows(
                                        catalog,
                                        dir,
                                        "SELECT count(*) FROM"
                                                + " __ducklake_metadata_plain.ducklake_data_file WHERE end_snapshot IS NULL")
                                .get(0)
                                .get(0);
        long compactions =
                (Long)
                        LakeContents.rows(
                                        catalog,
                                        dir,
                                        "SELECT count(*) FROM plain.snapshots()"
                                                + " WHERE author = 'ducklake-engine maintenance'")
                                .get(0)
                                .get(0);
        assertThat(commits).isGreaterThan(10);
        assertThat(compactions).as("compactions").isPositive();
        assertThat(files).as("live data files after %s commits", commits).isLessThan(commits / 2);
    }

    @Test
    void changesToOneKeySpreadOverSeveralStagedFilesOfACheckpointApplyInArrivalOrder()
            throws Exception {
        long count = 400_000;
        int keys = 1_000;
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setRuntimeMode(RuntimeExecutionMode.BATCH);
        env.setParallelism(1);
        OrderEvents.stream(env, "changes", i -> OrderEvents.upsert(i, keys), count)
                .sinkTo(sink("orders").primaryKey("order_id").build());
        env.execute("one commit of several staged files");

        assertThat(LakeContents.sinkSnapshots(catalog, dir)).hasSize(1);
        assertThat(LakeContents.rowsByFirstColumn(catalog, dir, "orders"))
                .isEqualTo(OrderEvents.queriedRows(OrderEvents.expectedUpsert(count, keys)));
    }

    @Test
    void checkpointsWithoutDataCreateNoSnapshotAndEachSnapshotNamesSinkAndCheckpoint()
            throws Exception {
        StreamExecutionEnvironment env = TestJobs.environment();
        env.enableCheckpointing(100);
        OrderEvents.stream(env, "slow orders", OrderEvents::append, 6, 2)
                .map(new CountCheckpoints<>())
                .returns(InternalTypeInfo.of(OrderEvents.ROW_TYPE))
                .sinkTo(sink("orders").build())
                .setParallelism(4);
        env.execute("mostly idle");

        assertThat(CountCheckpoints.completed()).isGreaterThan(10);
        List<SinkSnapshot> snapshots = LakeContents.sinkSnapshots(catalog, dir);
        assertThat(snapshots).hasSizeBetween(1, 6);
        assertThat(snapshots.stream().map(SinkSnapshot::sinkId).distinct()).hasSize(1);
        assertThat(snapshots).allMatch(s -> s.checkpointId() > 0);
        assertThat(LakeContents.rowsByFirstColumn(catalog, dir, "orders")).hasSize(6);
    }

    @Test
    void aCommitWhoseAcknowledgementIsLostIsNotAppliedTwice() throws Exception {
        long count = 20_000;
        StreamExecutionEnvironment env = TestJobs.environment();
        OrderEvents.stream(env, "orders", OrderEvents::append, count, 10_000)
                .sinkTo(sink("orders").commitObserver(new LoseAcknowledgementOnce()).build())
                .setParallelism(2);
        JobExecutionResult result = env.execute("lost acknowledgement");

        assertThat(LoseAcknowledgementOnce.lost()).isEqualTo(1);
        assertThat(LakeContents.rowsByFirstColumn(catalog, dir, "orders"))
                .isEqualTo(OrderEvents.queriedRows(OrderEvents.expectedAppend(count)));
        assertOneSnapshotPerCheckpoint();
        assertThat(
                        JOB_METRICS.counter(
                                result.getJobID(), DuckLakeSinkMetrics.COMMITS_ALREADY_APPLIED))
                .isGreaterThanOrEqualTo(1);
        assertThat(JOB_METRICS.counter(result.getJobID(), DuckLakeSinkMetrics.COMMITS))
                .isEqualTo(LakeContents.sinkSnapshots(catalog, dir).size());
        LakeContents.assertStagingEmpty(catalog, dir);
    }

    /**
     * The first checkpoints hold only deletes of keys the table never held: their commits change
     * nothing and make no snapshot. A failure after the first of them makes Flink replay the last
     * completed checkpoint's committables, whose commit succeeded; the job must go on and end with
     * every key at its last value.
     */
    @Test
    void aCheckpointThatChangedNothingIsNotLostWhenAFailureReplaysIt() throws Exception {
        FailAfterUnchangedCommits.reset();
        long absent = 6_000;
        long count = 4_000;
        int keys = 100;
        StreamExecutionEnvironment env = TestJobs.environment();
        OrderEvents.stream(
                        env,
                        "deletes, then order changes",
                        i ->
                                i < absent
                                        ? deleteOfAbsentKey(i)
                                        : OrderEvents.upsert(i - absent, keys),
                        absent + count,
                        2_000)
                .map(FailAfterUnchangedCommits.failAfter(1))
                .returns(InternalTypeInfo.of(OrderEvents.ROW_TYPE))
                .sinkTo(
                        sink("orders")
                                .primaryKey("order_id")
                                .commitObserver(FailAfterUnchangedCommits.observer())
                                .build());
        env.execute("checkpoints that change nothing, then a failure");

        FailAfterUnchangedCommits.assertFailedOnce();
        assertThat(LakeContents.rowsByFirstColumn(catalog, dir, "orders"))
                .isEqualTo(OrderEvents.queriedRows(OrderEvents.expectedUpsert(count, keys)));
        List<SinkSnapshot> snapshots = LakeContents.sinkSnapshots(catalog, dir);
        assertThat(snapshots).extracting(SinkSnapshot::checkpointId).doesNotHaveDuplicates();
    }

    private static RowData deleteOfAbsentKey(long i) {
        return GenericRowData.ofKind(RowKind.DELETE, StringData.fromString("absent-" + i), i, null);
    }

    @Test
    void reportsRecordsCommitsDurationsVersionsAndRetries() throws Exception {
        long count = 5_000;
        StreamExecutionEnvironment env = TestJobs.environment();
        OrderEvents.stream(env, "orders", OrderEvents::append, count, 5_000)
                .sinkTo(sink("orders").build())
                .setParallelism(2);
        JobExecutionResult result = env.execute("metrics");

        List<SinkSnapshot> snapshots = LakeContents.sinkSnapshots(catalog, dir);
        assertThat(JOB_METRICS.counter(result.getJobID(), "numRecordsSend")).isEqualTo(count);
        assertThat(JOB_METRICS.counter(result.getJobID(), DuckLakeSinkMetrics.COMMITS))
                .isEqualTo(snapshots.size());
        assertThat(JOB_METRICS.counter(result.getJobID(), DuckLakeSinkMetrics.ROWS_COMMITTED))
                .isEqualTo(count);
        assertThat(JOB_METRICS.counter(result.getJobID(), DuckLakeSinkMetrics.COMMIT_RETRIES))
                .isZero();
        assertThat(JOB_METRICS.gauge(result.getJobID(), DuckLakeSinkMetrics.LAST_COMMITTED_VERSION))
                .isEqualTo(snapshots.get(snapshots.size() - 1).snapshotId());
        assertThat(JOB_METRICS.gauge(result.getJobID(), DuckLakeSinkMetrics.LAST_COMMIT_DURATION))
                .isGreaterThanOrEqualTo(0L);
        assertThat(
                        JOB_METRICS
                                .metrics(result.getJobID(), DuckLakeSinkMetrics.COMMIT_DURATION)
                                .mapToLong(m -> ((Histogram) m).getCount())
                                .sum())
                .as("commit durations recorded")
                .isEqualTo(snapshots.size());
    }

    /**
     * Resumed at twice the writers: Flink gives the added writers no state of their own; an index
     * is restored into a job of another id, whose commits of the first job look like another
     * writer's.
     */
    @ParameterizedTest(name = "upsert index {0}")
    @EnumSource(UpsertIndex.class)
    void
            aJobStoppedWithASavepointResumesAtAHigherParallelismExactlyOnceUnderItsSinkIdAndRemovesStrayStaging(
                    UpsertIndex index) throws Exception {
        long count = 40_000;
        int keys = 2_000;
        JobClient first =
                upsertJob(TestJobs.environment(), count, keys, 2, index)
                        .executeAsync("before the savepoint");
        waitForSinkSnapshots(2);
        String savepoint = TestJobs.stopWithSavepoint(first, dir);
        String sinkId = LakeContents.sinkSnapshots(catalog, dir).get(0).sinkId();
        Path staging = dir.resolve("data.flink-staging");
        Path stray = staging.resolve(sinkId).resolve("0").resolve("999999-stray.parquet");
        Files.createDirectories(stray.getParent());
        Files.writeString(stray, "left by a crash");

        upsertJob(TestJobs.resumedFrom(savepoint), count, keys, 4, index)
                .execute("after the savepoint");

        assertThat(stray).doesNotExist();
        assertThat(LakeContents.rowsByFirstColumn(catalog, dir, "orders"))
                .isEqualTo(OrderEvents.queriedRows(OrderEvents.expectedUpsert(count, keys)));
        List<SinkSnapshot> snapshots = LakeContents.sinkSnapshots(catalog, dir);
        assertThat(snapshots.stream().map(SinkSnapshot::sinkId).distinct()).containsExactly(sinkId);
        try (Stream<Path> sinkIds = Files.list(staging)) {
            assertThat(sinkIds.map(p -> p.getFileName().toString()))
                    .as("sink ids that staged files")
                    .containsExactly(sinkId);
        }
        assertOneSnapshotPerCheckpoint();
        LakeContents.assertStagingEmpty(catalog, dir);
    }

    /**
     * A null key, and a key holding U+0000 (which DuckLake would store once and then fail every
     * later upsert of), fail the job naming table, column and value; nothing of their checkpoint is
     * committed.
     */
    @ParameterizedTest(name = "key {0}")
    @ValueSource(strings = {"null", "o-\u0000"})
    void
            aKeyTheLakeCannotHoldFailsTheJobNamingTableColumnAndValueAndNothingOfItsCheckpointIsCommitted(
                    String key) throws Exception {
        long bad = 5_000;
        String value = key.equals("null") ? null : key;
        StreamExecutionEnvironment env = TestJobs.environment(0);
        OrderEvents.stream(
                        env,
                        "orders",
                        i -> i == bad ? withKey(i, value) : OrderEvents.upsert(i, 100_000),
                        10_000,
                        5_000)
                .sinkTo(sink("orders").primaryKey("order_id").build())
                .setParallelism(2);

        TestJobs.assertJobFails(env, "bad key")
                .contains("main.orders")
                .contains("order_id")
                .contains(value == null ? "must not be null" : "'o-\\u0000'");
        // The events are upserts of distinct keys, every seventh a delete of a key never written.
        assertCommittedPrefixBefore(
                bad, committed -> OrderEvents.expectedUpsert(committed, 100_000));
    }

    @Test
    void aValueThatDoesNotFitItsColumnFailsTheJobNamingTableColumnAndValue() throws Exception {
        try (LakeEngine engine = LakeEngine.open(TestLakes.config(catalog, dir).build())) {
            engine.createTable(
                    TableName.of("orders"),
                    TestSchemas.columns("order_id VARCHAR", "seq BIGINT", "amount DECIMAL(5,2)")
                            .build());
        }
        long bad = 5_000;
        StreamExecutionEnvironment env = TestJobs.environment(0);
        OrderEvents.stream(
                        env,
                        "orders",
                        i -> i == bad ? tooLarge(i) : OrderEvents.append(i),
                        10_000,
                        5_000)
                .sinkTo(sink("orders").build())
                .setParallelism(2);

        TestJobs.assertJobFails(env, "value too large")
                .contains("main.orders")
                .contains("amount")
                .contains("1234567.89")
                .contains("DECIMAL(5,2)");
        assertCommittedPrefixBefore(bad, OrderEvents::expectedAppend);
    }

    private StreamExecutionEnvironment upsertJob(
            StreamExecutionEnvironment env, long count, int keys, int writers, UpsertIndex index) {
        OrderEvents.stream(env, "order changes", i -> OrderEvents.upsert(i, keys), count, 8_000)
                .uid("order-changes")
                .sinkTo(sink("orders").primaryKey("order_id").upsertIndex(index).build())
                .setParallelism(writers)
                .uid("ducklake-orders");
        return env;
    }

    private void waitForSinkSnapshots(int atLeast) throws Exception {
        await("the sink committed " + atLeast + " snapshots")
                .atMost(Duration.ofSeconds(60))
                .until(
                        () ->
                                Files.exists(dir.resolve("metadata.ducklake"))
                                        && committedSnapshots() >= atLeast);
    }

    /** Sink snapshots, read through the running job's engine (a DuckDB file admits one process). */
    private long committedSnapshots() {
        try (EngineRegistry.Lease lease =
                EngineRegistry.shared().acquire(TestLakes.config(catalog, dir).build())) {
            TableName orders = TableName.of("orders");
            if (!lease.engine().tableExists(orders)) {
                return 0;
            }
            return lease.engine().versions(orders, 0, 1000).stream()
                    .filter(
                            v ->
                                    v.metadata()
                                            .map(m -> m.producer().containsKey("sink-id"))
                                            .orElse(false))
                    .count();
        }
    }

    /**
     * The lake holds exactly what the events {@code 0..k-1} leave, by {@code model}, for some
     * {@code k} at or below {@code bad}.
     */
    private void assertCommittedPrefixBefore(
            long bad, LongFunction<Map<String, List<Object>>> model) throws Exception {
        if (!Files.exists(dir.resolve("metadata.ducklake"))) {
            return;
        }
        Map<String, List<Object>> rows = LakeContents.rowsByFirstColumn(catalog, dir, "orders");
        long committed =
                rows.values().stream().mapToLong(r -> (Long) r.get(1)).max().orElse(-1) + 1;
        assertThat(committed).isLessThanOrEqualTo(bad);
        assertThat(rows).isEqualTo(OrderEvents.queriedRows(model.apply(committed)));
    }

    private static RowData withKey(long i, String key) {
        GenericRowData row = (GenericRowData) OrderEvents.append(i);
        row.setField(0, key == null ? null : StringData.fromString(key));
        return row;
    }

    private static RowData tooLarge(long i) {
        GenericRowData row = (GenericRowData) OrderEvents.append(i);
        row.setField(2, DecimalData.fromBigDecimal(new BigDecimal("1234567.89"), 12, 2));
        return row;
    }

    private DuckLakeSinkBuilder<RowData> sink(String table) {
        return OrderEvents.sink(catalog, dir, table).memoryLimit("256MB");
    }

    private void assertOneSnapshotPerCheckpoint() throws Exception {
        List<SinkSnapshot> snapshots = LakeContents.sinkSnapshots(catalog, dir);
        assertThat(snapshots).isNotEmpty();
        assertThat(snapshots.stream().map(SinkSnapshot::checkpointId)).doesNotHaveDuplicates();
        assertThat(snapshots.stream().map(SinkSnapshot::commitKey)).allMatch(k -> !k.isEmpty());
    }
}
