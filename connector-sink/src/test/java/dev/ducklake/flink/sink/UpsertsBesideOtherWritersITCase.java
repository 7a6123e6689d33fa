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

import dev.ducklake.engine.LakeEngine;
import dev.ducklake.engine.change.Change;
import dev.ducklake.engine.change.ChangeMethod;
import dev.ducklake.engine.change.ChangeReader;
import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.testutils.TestLakes;
import dev.ducklake.engine.version.TableVersion;
import dev.ducklake.engine.write.MergeSession;
import dev.ducklake.flink.common.DuckLakeConnectorOptions.UpsertIndex;
import dev.ducklake.flink.sink.metrics.DuckLakeSinkMetrics;
import dev.ducklake.flink.sink.testutils.JobMetrics;
import dev.ducklake.flink.sink.testutils.LakeContents;
import dev.ducklake.flink.sink.testutils.NoEngineLeftOpen;
import dev.ducklake.flink.sink.testutils.OrderEvents;
import dev.ducklake.flink.sink.testutils.TestJobs;
import dev.ducklake.testing.postgres.PostgresServer;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.apache.flink.api.common.JobID;
import org.apache.flink.connector.datagen.source.GeneratorFunction;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.types.RowKind;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * An upsert job shares its table with a plain DuckDB that updates and deletes the job's keys,
 * inserts keys of its own, and compacts and expires the table while the job runs, on a PostgreSQL
 * catalog. The job then writes a last change of every one of its keys, after the other writer has
 * stopped and a few of its checkpoints with the table to itself have committed. Whatever order the
 * two writers' commits took, the lake must then hold exactly the job's last changes and the other
 * writer's own rows; no version may hold a key twice; and the changes between any two consecutive
 * versions must equal a full diff of the two versions, before-images included. With the upsert
 * index, the table holds rows of the job's keys before the job starts, and the job's commits must
 * have used the index, except after the other writer's commits.
 */
@ExtendWith(NoEngineLeftOpen.class)
class UpsertsBesideOtherWritersITCase {

    static final JobMetrics JOB_METRICS = JobMetrics.retained();

    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = JOB_METRICS.miniCluster(2);

    private static final TableName TABLE = TableName.of("shop", "orders");
    private static final int KEYS = 500;

    /** Events of the first phase, beside the other writer. */
    private static final long BESIDE = 6_000;

    /** How many waiting events the job may send while it waits for the other writer to stop. */
    private static final long MAX_WAITING = 3_000;

    private static final long WAIT_MILLIS = 20;

    /** The other writer's pace: one statement at most every this many ms. */
    private static final long PACE_MILLIS = 50;

    /** The other writer's successful statements, at least. */
    private static final int MIN_STATEMENTS = 40;

    private static final List<String> ACTIONS =
            List.of("update", "delete", "insert", "compact", "expire");

    /** The key the job updates while it waits; not checked. */
    private static final String HEARTBEAT = "heartbeat";

    /** Set by the test once the other writer has stopped; read by the job's source in this JVM. */
    private static volatile boolean otherWriterStopped;

    private static final AtomicLong EMITTED_BESIDE = new AtomicLong();

    @TempDir Path dir;

    /**
     * Each upsert index once; {@code -Dstress.runs=N} (a stress run on request) runs the scenario
     * {@code N} times for each.
     */
    static Stream<Arguments> runs() {
        int runs = Integer.getInteger("stress.runs", 1);
        return IntStream.rangeClosed(1, runs)
                .boxed()
                .flatMap(
                        run ->
                                Stream.of(UpsertIndex.values())
                                        .map(index -> Arguments.of(index, run)));
    }

    @ParameterizedTest(name = "upsert index {0}, run {1}")
    @MethodSource("runs")
    void theLakeEndsWithTheJobsLastChangesAndTheOtherWritersRowsAndEveryVersionIsConsistent(
            UpsertIndex index, int run) throws Exception {
        otherWriterStopped = false;
        EMITTED_BESIDE.set(0);
        CatalogLocation catalog = TestLakes.catalog(CatalogLocation.Kind.POSTGRES, dir);
        try {
            try (LakeEngine engine = LakeEngine.open(TestLakes.config(catalog, dir).build())) {
                engine.createSchema(TABLE.schema(), false);
                engine.createTable(TABLE, OrderEvents.lakeSchema(true));
                try (MergeSession merge = engine.openMergeSession(TABLE)) {
                    for (int key = 0; key < KEYS; key += 3) {
                        merge.upsert(new Object[] {"o-" + key, -1L, new BigDecimal("7.77")});
                    }
                    merge.commit();
                }
            }
            Map<String, List<Object>> otherRows;
            CompletableFuture<?> result;
            JobID jobId;
            try (Connection plain = TestLakes.plainDuckDb(catalog, dir)) {
                JobClient job = job(catalog, index).executeAsync("upserts beside another writer");
                result = job.getJobExecutionResult();
                otherRows = writeBeside(plain, result);
                awaitSinkCommits(plain, 3);
                if (index == UpsertIndex.FLINK_STATE) {
                    awaitCommitUsingTheIndex(job.getJobID());
                }
                otherWriterStopped = true;
                result.get(120, TimeUnit.SECONDS);
                jobId = job.getJobID();
            }

            Map<String, List<Object>> expected = new TreeMap<>(lastChangesModel());
            expected.putAll(otherRows);
            Map<String, List<Object>> actual =
                    LakeContents.rowsByFirstColumn(catalog, dir, "shop.orders");
            actual.remove(HEARTBEAT);
            assertThat(actual).as("the lake after both writers").isEqualTo(expected);
            assertEveryVersionIsConsistent(catalog);
            long commits = JOB_METRICS.counter(jobId, DuckLakeSinkMetrics.COMMITS);
            long lookups = JOB_METRICS.counter(jobId, DuckLakeSinkMetrics.COMMITS_LOOKING_UP_ROWS);
            if (index == UpsertIndex.FLINK_STATE) {
                assertThat(lookups)
                        .as("commits that looked rows up, of %s", commits)
                        .isPositive()
                        .isLessThan(commits);
            } else {
                assertThat(lookups).as("commits that looked rows up").isEqualTo(commits);
            }
        } finally {
            PostgresServer.dropDatabase(catalog.location());
        }
    }

    private StreamExecutionEnvironment job(CatalogLocation catalog, UpsertIndex index) {
        StreamExecutionEnvironment env = TestJobs.environment(0);
        OrderEvents.stream(env, "orders", new PhasedEvents(), BESIDE + MAX_WAITING + KEYS, 3_000)
                .sinkTo(
                        OrderEvents.sink(catalog, dir, "shop.orders")
                                .primaryKey("order_id")
                                .commitRetries(50, Duration.ofMillis(20))
                                .upsertIndex(index)
                                .build());
        return env;
    }

    /**
     * Updates and deletes random keys of the job, inserts keys of its own ({@code f-<n>}), and now
     * and then compacts the table or expires its older snapshots, until the job has sent its first
     * phase and at least {@value #MIN_STATEMENTS} statements, each action among them, have
     * committed. A statement that conflicts with a commit of the job fails and is not retried.
     * Returns the rows of its own keys that it committed.
     */
    private static Map<String, List<Object>> writeBeside(Connection plain, CompletableFuture<?> job)
            throws Exception {
        Random random = new Random(17);
        Map<String, List<Object>> own = new TreeMap<>();
        Map<String, Integer> done = new HashMap<>();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        for (int step = 0;
                (EMITTED_BESIDE.get() < BESIDE
                                || !done.keySet().containsAll(ACTIONS)
                                || done.values().stream().mapToInt(Integer::intValue).sum()
                                        < MIN_STATEMENTS)
                        && !job.isDone()
                        && System.nanoTime() < deadline;
                step++) {
            String key = "o-" + random.nextInt(KEYS);
            String action;
            String statement;
            switch (step % 10) {
                case 0, 3, 6 -> {
                    action = "update";
                    statement =
                            "UPDATE plain.shop.orders SET seq = -"
                                    + step
                                    + ", amount = 1.23 WHERE order_id = '"
                                    + key
                                    + "'";
                }
                case 1, 4, 7 -> {
                    action = "delete";
                    statement = "DELETE FROM plain.shop.orders WHERE order_id = '" + key + "'";
                }
                case 2, 5, 8 -> {
                    action = "insert";
                    statement =
                            "INSERT INTO plain.shop.orders VALUES ('f-"
                                    + step
                                    + "', "
                                    + step
                                    + ", 4.56)";
                }
                default -> {
                    action = step % 20 == 9 ? "compact" : "expire";
                    statement =
                            step % 20 == 9
                                    ? "CALL ducklake_rewrite_data_files('plain', delete_threshold => 0.0)"
                                    : "CALL ducklake_expire_snapshots('plain', older_than => now() - INTERVAL 3 SECOND)";
                }
            }
            Thread.sleep(PACE_MILLIS);
            // A statement whose commit failed is closed by DuckDB's driver: one statement per step.
            try (Statement sql = plain.createStatement()) {
                sql.execute(statement);
                if (action.equals("compact")) {
                    sql.execute("CALL ducklake_merge_adjacent_files('plain')");
                }
                done.merge(action, 1, Integer::sum);
                if (action.equals("insert")) {
                    own.put("f-" + step, List.of("f-" + step, (long) step, new BigDecimal("4.56")));
                }
            } catch (SQLException e) {
                // a conflict with a commit of the job: this change did not happen
            }
        }
        if (job.isDone()) {
            job.get(); // the job failed: its error ends the test
        }
        assertThat(EMITTED_BESIDE.get())
                .as("events the job sent beside the other writer")
                .isEqualTo(BESIDE);
        assertThat(done)
                .as("what the other writer committed")
                .containsKeys(ACTIONS.toArray(String[]::new));
        return own;
    }

    /**
     * Waits while the job commits {@code count} more checkpoints (of its heartbeat) with the table
     * to itself: an index is back on the table's latest version after the first.
     */
    private static void awaitSinkCommits(Connection plain, int count) throws SQLException {
        String sinkCommits =
                "SELECT count(*) FROM ducklake_snapshots('plain') WHERE commit_message LIKE 'flink checkpoint%'";
        long before = count(plain, sinkCommits);
        await("the job's next " + count + " commits")
                .atMost(Duration.ofSeconds(60))
                .until(() -> count(plain, sinkCommits) >= before + count);
    }

    /**
     * With the table to itself, a commit of the job uses the upsert index once its writers have
     * seen the job's own last commit; how many commits that takes depends on the machine's load.
     */
    private static void awaitCommitUsingTheIndex(JobID job) {
        await("a commit that used the upsert index, with the table to itself")
                .atMost(Duration.ofSeconds(60))
                .until(
                        () ->
                                JOB_METRICS.counter(
                                                job, DuckLakeSinkMetrics.COMMITS_LOOKING_UP_ROWS)
                                        < JOB_METRICS.counter(job, DuckLakeSinkMetrics.COMMITS));
    }

    private static long count(Connection plain, String query) throws SQLException {
        try (Statement sql = plain.createStatement();
                ResultSet rs = sql.executeQuery(query)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /** The rows the job's second phase leaves: the last change of each of its keys. */
    private static Map<String, List<Object>> lastChangesModel() {
        Map<String, List<Object>> rows = new TreeMap<>();
        for (long i = BESIDE; i < BESIDE + KEYS; i++) {
            RowData event = OrderEvents.upsert(i, KEYS);
            String key = event.getString(0).toString();
            if (OrderEvents.removesKey(event.getRowKind())) {
                rows.remove(key);
            } else {
                rows.put(
                        key,
                        List.of(key, event.getLong(1), event.getDecimal(2, 12, 2).toBigDecimal()));
            }
        }
        return rows;
    }

    /**
     * Every version the table still has holds each key once, and the engine's changes between each
     * two consecutive versions (before-images of the job's merges, DuckLake's change feed for the
     * other writer's commits) equal a full diff of the two.
     */
    private void assertEveryVersionIsConsistent(CatalogLocation catalog) throws SQLException {
        try (LakeEngine engine = LakeEngine.open(TestLakes.config(catalog, dir).build())) {
            List<Long> versions =
                    engine.versions(TABLE, 0, 10_000).stream()
                            .map(TableVersion::id)
                            .sorted(Comparator.naturalOrder())
                            .toList();
            assertThat(versions).as("versions of the table").hasSizeGreaterThan(10);
            try (Connection plain = TestLakes.plainDuckDb(catalog, dir);
                    Statement sql = plain.createStatement()) {
                for (long version : versions) {
                    try (ResultSet twice =
                            sql.executeQuery(
                                    "SELECT order_id FROM plain.shop.orders AT (VERSION => "
                                            + version
                                            + ") GROUP BY order_id HAVING count(*) > 1")) {
                        assertThat(twice.next())
                                .as("a key held twice at version %s", version)
                                .isFalse();
                    }
                }
            }
            for (int i = 1; i < versions.size(); i++) {
                long from = versions.get(i - 1);
                long to = versions.get(i);
                boolean merge =
                        engine.version(TABLE, to)
                                .metadata()
                                .map(m -> m.beforeImages())
                                .orElse(false);
                try (ChangeReader changes =
                                merge
                                        ? engine.changes(
                                                TABLE, from, to, ChangeMethod.BEFORE_IMAGES)
                                        : engine.changes(TABLE, from, to);
                        ChangeReader diff =
                                engine.changes(TABLE, from, to, ChangeMethod.FULL_DIFF)) {
                    assertThat(multiset(changes.toList()))
                            .as("changes over (%s, %s]", from, to)
                            .isEqualTo(multiset(diff.toList()));
                }
            }
        }
    }

    private static Map<Change, Integer> multiset(List<Change> changes) {
        Map<Change, Integer> counts = new HashMap<>();
        changes.forEach(c -> counts.merge(c, 1, Integer::sum));
        return counts;
    }

    /**
     * The job's events: {@value #BESIDE} upserts and deletes over {@value #KEYS} keys beside the
     * other writer; then, while that writer runs, an update of a key of its own every {@value
     * #WAIT_MILLIS} ms; then one last change of every key. Kept in the generator, which is fine for
     * a job without restarts.
     */
    private static final class PhasedEvents implements GeneratorFunction<Long, RowData> {

        private static final long serialVersionUID = 1L;

        private long lastChangesFrom = -1;

        @Override
        public RowData map(Long index) throws InterruptedException {
            if (index < BESIDE) {
                EMITTED_BESIDE.incrementAndGet();
                return OrderEvents.upsert(index, KEYS);
            }
            if (lastChangesFrom < 0 && otherWriterStopped) {
                lastChangesFrom = index;
            }
            if (lastChangesFrom >= 0 && index - lastChangesFrom < KEYS) {
                return OrderEvents.upsert(BESIDE + index - lastChangesFrom, KEYS);
            }
            if (lastChangesFrom < 0) {
                Thread.sleep(WAIT_MILLIS);
            }
            return GenericRowData.ofKind(
                    RowKind.UPDATE_AFTER,
                    StringData.fromString(HEARTBEAT),
                    index,
                    DecimalData.fromBigDecimal(BigDecimal.ONE, 12, 2));
        }
    }
}
