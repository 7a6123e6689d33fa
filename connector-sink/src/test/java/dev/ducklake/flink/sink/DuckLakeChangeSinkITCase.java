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
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.testutils.TestLakes;
import dev.ducklake.flink.cdc.ChangeRecord;
import dev.ducklake.flink.cdc.ChangeRecordTypeInfo;
import dev.ducklake.flink.cdc.ChangeSchema;
import dev.ducklake.flink.sink.internal.commit.CommitObserver;
import dev.ducklake.flink.sink.testutils.DuckDbLakeTestBase;
import dev.ducklake.flink.sink.testutils.FailOnce;
import dev.ducklake.flink.sink.testutils.LakeContents;
import dev.ducklake.flink.sink.testutils.LakeContents.SinkSnapshot;
import dev.ducklake.flink.sink.testutils.LedgerChanges;
import dev.ducklake.flink.sink.testutils.LedgerFunction;
import dev.ducklake.flink.sink.testutils.LoseAcknowledgementOnce;
import dev.ducklake.flink.sink.testutils.NoEngineLeftOpen;
import dev.ducklake.flink.sink.testutils.TestJobs;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.connector.source.util.ratelimit.RateLimiterStrategy;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.types.RowKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The change-record sink on a MiniCluster: a generated change stream of many tables whose schemas
 * change mid-stream ({@link LedgerChanges}), with a task failure after a completed checkpoint, a
 * commit whose acknowledgement is lost (so Flink replays it), and a stop with a savepoint and
 * resume. Checked with plain DuckDB against the generator's model: every table's rows and columns
 * at the end, and at every snapshot the job wrote, the ledger's cross-table invariant (amounts sum
 * to zero, the journal has no gap), which a snapshot holding part of a checkpoint would break.
 */
@ExtendWith(NoEngineLeftOpen.class)
class DuckLakeChangeSinkITCase extends DuckDbLakeTestBase {

    private static final int TABLES = 22;
    private static final long TRANSACTIONS = 6_000;

    /** {@code shop.orders}: {@code id BIGINT NOT NULL} (its key), {@code status STRING}. */
    private static final ChangeSchema ORDERS =
            ChangeSchema.of(
                    RowType.of(
                            new LogicalType[] {
                                new BigIntType(false), new VarCharType(VarCharType.MAX_LENGTH)
                            },
                            new String[] {"id", "status"}),
                    List.of("id"));

    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = TestJobs.miniCluster(4);

    @ParameterizedTest(name = "parallelism {0}")
    @ValueSource(ints = {1, 4})
    void manyTablesWithSchemaChangesLandExactlyOnceInSnapshotsThatEachHoldWholeCheckpoints(
            int parallelism) throws Exception {
        // Slow enough that the first job is still running when it is stopped.
        JobClient first =
                job(TestJobs.environment(), parallelism, 300, new LoseAcknowledgementOnce())
                        .executeAsync("before");
        await("a task failure and a lost acknowledgement")
                .atMost(Duration.ofMinutes(2))
                .until(() -> FailOnce.failures() == 1 && LoseAcknowledgementOnce.lost() == 1);
        // A commit after both: the job runs again, so the savepoint can be taken.
        long versions = journalVersions();
        await("commits after the failures")
                .atMost(Duration.ofMinutes(2))
                .until(() -> journalVersions() >= Math.max(3, versions + 1));
        String savepoint = stopWithSavepoint(first);

        job(TestJobs.resumedFrom(savepoint), parallelism, 3_000, CommitObserver.NONE)
                .execute("after");

        LedgerChanges model = new LedgerChanges(TABLES);
        while (model.next() < TRANSACTIONS) {
            model.advance();
        }
        Map<String, Map<Long, List<Object>>> expected = model.expected();
        for (Map.Entry<String, Map<Long, List<Object>>> table : expected.entrySet()) {
            assertThat(rowsByKey(table.getKey())).as(table.getKey()).isEqualTo(table.getValue());
            assertThat(columns(table.getKey()))
                    .as(table.getKey())
                    .containsExactly("id|BIGINT", "v|BIGINT", "label|VARCHAR");
        }
        assertThat(
                        LakeContents.rows(
                                catalog,
                                dir,
                                "SELECT count(*), min(txn), max(txn) FROM plain."
                                        + LedgerChanges.JOURNAL))
                .containsExactly(List.of(TRANSACTIONS, 0L, TRANSACTIONS - 1));

        List<SinkSnapshot> snapshots = LakeContents.sinkSnapshots(catalog, dir);
        assertThat(snapshots.stream().map(SinkSnapshot::sinkId).distinct()).hasSize(1);
        assertThat(snapshots.stream().map(SinkSnapshot::checkpointId)).doesNotHaveDuplicates();
        assertThat(snapshots.size()).isGreaterThan(4);
        assertInvariantAtEverySnapshot(snapshots);
        LakeContents.assertStagingEmpty(catalog, dir);
    }

    /**
     * A {@code -U} that no {@code +U} of its key follows deletes the key, as upsert-kafka and JDBC
     * treat it; a {@code -U}/{@code +U} pair whose key changes moves the row to the new key.
     */
    @Test
    void anUpdateBeforeWithoutItsUpdateAfterDeletesItsKey() throws Exception {
        List<ChangeRecord> changes =
                List.of(
                        change(RowKind.INSERT, 1, "new"),
                        change(RowKind.INSERT, 2, "new"),
                        change(RowKind.INSERT, 3, "new"),
                        change(RowKind.UPDATE_BEFORE, 1, "new"),
                        change(RowKind.UPDATE_BEFORE, 2, "new"),
                        change(RowKind.UPDATE_AFTER, 2, "paid"),
                        change(RowKind.UPDATE_BEFORE, 3, "new"),
                        change(RowKind.UPDATE_AFTER, 4, "moved"));
        StreamExecutionEnvironment env = TestJobs.environment();
        env.fromData(changes, ChangeRecordTypeInfo.INSTANCE).sinkTo(sink().build());
        env.execute("a lone update-before");

        assertThat(rowsByKey("shop.orders"))
                .containsExactly(
                        Map.entry(2L, List.of(2L, "paid")), Map.entry(4L, List.of(4L, "moved")));
    }

    /**
     * After its first commit creates the table, checkpoints of deletes of keys it never held change
     * nothing and make no snapshot; a failure after one of them makes Flink replay the last
     * completed checkpoint, whose commit succeeded. The job goes on, and the table ends with the
     * later inserts.
     */
    @Test
    void aCheckpointThatChangedNothingIsNotLostWhenAFailureReplaysIt() throws Exception {
        FailAfterUnchangedCommits.reset();
        long absent = 6_000;
        long inserts = 2_000;
        StreamExecutionEnvironment env = TestJobs.environment();
        DataGeneratorSource<ChangeRecord> changes =
                new DataGeneratorSource<>(
                        i ->
                                i < absent
                                        ? change(RowKind.DELETE, -1 - i, "absent")
                                        : change(RowKind.INSERT, i - absent, "new"),
                        absent + inserts,
                        RateLimiterStrategy.perSecond(2_000),
                        ChangeRecordTypeInfo.INSTANCE);
        env.fromSource(changes, WatermarkStrategy.noWatermarks(), "deletes, then inserts")
                .map(FailAfterUnchangedCommits.<ChangeRecord>failAfter(1))
                .returns(ChangeRecordTypeInfo.INSTANCE)
                .sinkTo(sink().observer(FailAfterUnchangedCommits.observer()).build());
        env.execute("checkpoints that change nothing, then a failure");

        FailAfterUnchangedCommits.assertFailedOnce();
        Map<Long, List<Object>> expected = new TreeMap<>();
        for (long id = 0; id < inserts; id++) {
            expected.put(id, List.of(id, "new"));
        }
        assertThat(rowsByKey("shop.orders")).isEqualTo(expected);
    }

    private static ChangeRecord change(RowKind kind, long id, String status) {
        return new ChangeRecord(
                "shop.orders",
                GenericRowData.ofKind(kind, id, StringData.fromString(status)),
                ORDERS);
    }

    private DuckLakeChangeSinkBuilder sink() {
        return DuckLakeSink.forChangeRecords()
                .catalog(catalog.key())
                .dataPath(dir.resolve("data") + "/");
    }

    /**
     * The ledger's transactions at {@code perSecond}, into the sink at {@code parallelism}; a task
     * fails once (in the JVM) after a completed checkpoint, and the observer may lose a commit's
     * acknowledgement.
     */
    private StreamExecutionEnvironment job(
            StreamExecutionEnvironment env,
            int parallelism,
            int perSecond,
            CommitObserver observer) {
        DataGeneratorSource<Long> transactions =
                new DataGeneratorSource<>(
                        i -> i, TRANSACTIONS, RateLimiterStrategy.perSecond(perSecond), Types.LONG);
        env.fromSource(transactions, WatermarkStrategy.noWatermarks(), "transactions")
                .flatMap(new LedgerFunction(TABLES))
                .returns(ChangeRecordTypeInfo.INSTANCE)
                .map(new FailOnce<ChangeRecord>(1_000))
                .returns(ChangeRecordTypeInfo.INSTANCE)
                .sinkTo(sink().memoryLimit("512MB").observer(observer).build())
                .setParallelism(parallelism);
        return env;
    }

    /**
     * At every snapshot the job wrote (read as the lake was then, with plain DuckDB's time travel),
     * the ledger tables' amounts sum to zero and the journal holds the transactions 0..n without a
     * gap.
     */
    private void assertInvariantAtEverySnapshot(List<SinkSnapshot> snapshots) throws Exception {
        try (Connection plain = TestLakes.plainDuckDb(catalog, dir);
                Statement st = plain.createStatement()) {
            for (SinkSnapshot snapshot : snapshots) {
                long version = snapshot.snapshotId();
                List<String> ledgers = new ArrayList<>();
                try (ResultSet rs =
                        st.executeQuery(
                                "SELECT table_name FROM __ducklake_metadata_plain.ducklake_table"
                                        + " WHERE table_name LIKE 't%' AND begin_snapshot <= "
                                        + version
                                        + " AND (end_snapshot IS NULL"
                                        + " OR end_snapshot > "
                                        + version
                                        + ")")) {
                    while (rs.next()) {
                        ledgers.add(rs.getString(1));
                    }
                }
                assertThat(ledgers).as("ledger tables at snapshot %s", version).isNotEmpty();
                String at = " AT (VERSION => " + version + ")";
                String sum =
                        ledgers.stream()
                                .map(
                                        t ->
                                                "SELECT coalesce(sum(v), 0) AS v FROM plain.src."
                                                        + t
                                                        + at)
                                .collect(Collectors.joining(" UNION ALL "));
                try (ResultSet rs =
                        st.executeQuery(
                                "SELECT (SELECT sum(v) FROM ("
                                        + sum
                                        + ")), (SELECT count(*) -"
                                        + " max(txn) - 1 FROM plain.src.journal"
                                        + at
                                        + ")")) {
                    rs.next();
                    assertThat(rs.getLong(1)).as("sum of amounts at snapshot %s", version).isZero();
                    assertThat(rs.getLong(2)).as("journal gap at snapshot %s", version).isZero();
                }
            }
        }
    }

    /**
     * Stops the job with a savepoint, asking again while Flink refuses because a restart after the
     * induced failures is still under way.
     */
    private String stopWithSavepoint(JobClient job) throws Exception {
        AtomicReference<String> savepoint = new AtomicReference<>();
        await("a savepoint")
                .atMost(Duration.ofMinutes(2))
                .ignoreExceptionsInstanceOf(ExecutionException.class)
                .until(
                        () -> {
                            savepoint.set(TestJobs.stopWithSavepoint(job, dir));
                            return true;
                        });
        return savepoint.get();
    }

    /**
     * The journal's versions, read through the running job's engine (a DuckDB file admits one
     * process).
     */
    private long journalVersions() {
        try (EngineRegistry.Lease lease =
                EngineRegistry.shared().acquire(TestLakes.config(catalog, dir).build())) {
            TableName journal = TableName.parse(LedgerChanges.JOURNAL);
            return lease.engine().tableExists(journal)
                    ? lease.engine().versions(journal, 0, 1000).size()
                    : 0;
        }
    }

    private Map<Long, List<Object>> rowsByKey(String table) throws Exception {
        Map<Long, List<Object>> rows = new TreeMap<>();
        for (List<Object> row : LakeContents.rows(catalog, dir, "SELECT * FROM plain." + table)) {
            rows.put((Long) row.get(0), row);
        }
        return rows;
    }

    private List<String> columns(String table) throws Exception {
        String[] parts = table.split("\\.");
        return LakeContents.rows(
                        catalog,
                        dir,
                        "SELECT column_name, data_type FROM duckdb_columns() WHERE database_name"
                                + " = 'plain' AND schema_name = '"
                                + parts[0]
                                + "' AND table_name = '"
                                + parts[1]
                                + "' ORDER BY column_index")
                .stream()
                .map(r -> r.get(0) + "|" + r.get(1))
                .toList();
    }
}
