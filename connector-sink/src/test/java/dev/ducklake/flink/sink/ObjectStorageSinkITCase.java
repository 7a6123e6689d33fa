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

import dev.ducklake.engine.testutils.TestLakes;
import dev.ducklake.flink.sink.testutils.FailOnce;
import dev.ducklake.flink.sink.testutils.JobMetrics;
import dev.ducklake.flink.sink.testutils.NoEngineLeftOpen;
import dev.ducklake.flink.sink.testutils.OrderEvents;
import dev.ducklake.flink.sink.testutils.TestJobs;
import dev.ducklake.testing.postgres.PostgresServer;
import dev.ducklake.testing.s3.S3Server;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sink with the lake's data and its own staging on object storage (a real S3-compatible server
 * on loopback) and the catalog on PostgreSQL: no file system is shared between writers and
 * committer. Checked with plain DuckDB reading the lake over S3.
 */
@ExtendWith(NoEngineLeftOpen.class)
class ObjectStorageSinkITCase {

    private static final String BUCKET = "lake";

    /**
     * The sources' rate: slow enough that a checkpoint completes (the writers open the catalog and
     * S3 first) before the half of the events after which {@link FailOnce} fails the job.
     */
    private static final int PER_SECOND = 5_000;

    static final JobMetrics JOB_METRICS = JobMetrics.retained();

    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = JOB_METRICS.miniCluster(4);

    @TempDir static Path serverDirectory;

    static S3Server s3;

    String catalog;
    String prefix;

    @BeforeAll
    static void startServer() {
        s3 = S3Server.start(serverDirectory);
        s3.createBucket(BUCKET);
    }

    @AfterAll
    static void stopServer() {
        if (s3 != null) {
            s3.close();
        }
    }

    @BeforeEach
    void setUp() {
        catalog = PostgresServer.createDatabase();
        prefix = "t-" + UUID.randomUUID();
        FailOnce.reset();
    }

    @AfterEach
    void dropCatalog() {
        PostgresServer.dropDatabase(catalog);
    }

    @Test
    void appendsStageToObjectStorageAndCommitEveryRowOnceAcrossAFailure() throws Exception {
        long count = 30_000;
        StreamExecutionEnvironment env = TestJobs.environment();
        OrderEvents.stream(env, "orders", OrderEvents::append, count, PER_SECOND)
                .map(new FailOnce<>(count / 2))
                .returns(InternalTypeInfo.of(OrderEvents.ROW_TYPE))
                .sinkTo(sink().build())
                .setParallelism(4);
        env.execute("append to S3 with a failure");

        assertThat(FailOnce.failures()).isEqualTo(1);
        assertThat(rowsByKey())
                .isEqualTo(OrderEvents.queriedRows(OrderEvents.expectedAppend(count)));
        assertThat(dataFiles())
                .as("appends adopt their staged files as data files on S3")
                .anyMatch(file -> file.startsWith(stagingRoot()));
        assertStagingHoldsOnlyLakeData();
    }

    @Test
    void upsertsStageToObjectStorageAndLeaveEveryKeyAtItsLastValueAcrossAFailure()
            throws Exception {
        long count = 20_000;
        int keys = 500;
        StreamExecutionEnvironment env = TestJobs.environment();
        OrderEvents.stream(
                        env, "order changes", i -> OrderEvents.upsert(i, keys), count, PER_SECOND)
                .map(new FailOnce<>(count / 2))
                .returns(InternalTypeInfo.of(OrderEvents.ROW_TYPE))
                .sinkTo(sink().primaryKey("order_id").build())
                .setParallelism(4);
        env.execute("upsert to S3 with a failure");

        assertThat(FailOnce.failures()).isEqualTo(1);
        assertThat(rowsByKey())
                .isEqualTo(OrderEvents.queriedRows(OrderEvents.expectedUpsert(count, keys)));
        assertThat(dataFiles())
                .as("the lake's data files are on S3")
                .isNotEmpty()
                .allMatch(file -> file.startsWith("s3://" + BUCKET + "/" + prefix + "/"));
        assertStagingHoldsOnlyLakeData();
    }

    /**
     * The S3 server goes down while the job runs, until the job has failed because of it, and comes
     * back: the job recovers through its restart strategy, and the lake ends exact.
     */
    @Test
    void anObjectStorageOutageFailsTheJobUntilItEndsAndTheLakeEndsExact() throws Exception {
        long count = 40_000;
        int keys = 500;
        StreamExecutionEnvironment env = TestJobs.environment(100);
        OrderEvents.stream(env, "order changes", i -> OrderEvents.upsert(i, keys), count, 4_000)
                .sinkTo(sink().primaryKey("order_id").build())
                .setParallelism(2);
        JobClient job = env.executeAsync("upsert to S3 through an outage");
        try {
            await().atMost(Duration.ofSeconds(60))
                    .ignoreExceptions()
                    .until(() -> sinkSnapshots() >= 2);
            s3.stop();
            try {
                await().atMost(Duration.ofSeconds(60))
                        .until(
                                () ->
                                        JOB_METRICS
                                                        .metrics(job.getJobID(), "numRestarts")
                                                        .findAny()
                                                        .isPresent()
                                                && JOB_METRICS.gauge(job.getJobID(), "numRestarts")
                                                        >= 1);
            } finally {
                s3.start();
            }
            job.getJobExecutionResult().get(180, TimeUnit.SECONDS);
        } finally {
            TestJobs.cancelIfRunning(job);
        }
        System.out.printf(
                "S3 outage: %d restarts, %d sink snapshots%n",
                JOB_METRICS.gauge(job.getJobID(), "numRestarts"), sinkSnapshots());
        assertThat(rowsByKey())
                .isEqualTo(OrderEvents.queriedRows(OrderEvents.expectedUpsert(count, keys)));
        assertStagingHoldsOnlyLakeData();
    }

    private long sinkSnapshots() throws SQLException {
        return ((Number)
                        query(
                                        "SELECT count(*) FROM __ducklake_metadata_plain.ducklake_snapshot_changes"
                                                + " WHERE commit_extra_info LIKE '%sink-id%'")
                                .get(0)
                                .get(0))
                .longValue();
    }

    /** The sink with the default staging path, beside the data path on S3. */
    private DuckLakeSinkBuilder<RowData> sink() {
        return DuckLakeSink.forRowData()
                .catalog("postgres:" + catalog)
                .dataPath(dataPath())
                .secret("lake_s3", s3.secret())
                .table("orders")
                .rowType(OrderEvents.ROW_TYPE)
                .memoryLimit("256MB");
    }

    private String dataPath() {
        return "s3://" + BUCKET + "/" + prefix + "/data/";
    }

    private String stagingRoot() {
        return "s3://" + BUCKET + "/" + prefix + "/data.flink-staging/";
    }

    /** Every object left under the staging root is a data file of the lake. */
    private void assertStagingHoldsOnlyLakeData() throws SQLException {
        Set<String> lakeFiles = Set.copyOf(dataFiles());
        List<String> staged =
                s3.keys(BUCKET, prefix + "/data.flink-staging/").stream()
                        .map(key -> "s3://" + BUCKET + "/" + key)
                        .toList();
        assertThat(staged).as("staging left behind").allMatch(lakeFiles::contains);
    }

    private List<String> dataFiles() throws SQLException {
        return query(
                        "SELECT CASE WHEN f.path_is_relative THEN s.data_path || f.path ELSE f.path END"
                                + " FROM __ducklake_metadata_plain.ducklake_data_file f,"
                                + " (SELECT value AS data_path FROM __ducklake_metadata_plain.ducklake_metadata WHERE key = 'data_path') s")
                .stream()
                .map(row -> row.get(0).toString())
                .toList();
    }

    private Map<String, List<Object>> rowsByKey() throws SQLException {
        Map<String, List<Object>> rows = new TreeMap<>();
        for (List<Object> row : query("SELECT * FROM plain.orders")) {
            Object previous = rows.put(row.get(0).toString(), row);
            assertThat(previous).as("a second row for %s", row.get(0)).isNull();
        }
        return rows;
    }

    /** A query on plain DuckDB that reads the lake over S3 with a secret of its own. */
    private List<List<Object>> query(String sql) throws SQLException {
        try (Connection connection = DriverManager.getConnection("jdbc:duckdb:");
                Statement statement = connection.createStatement()) {
            statement.execute("LOAD httpfs");
            statement.execute("LOAD ducklake");
            statement.execute(s3.createSecretSql());
            statement.execute("ATTACH 'ducklake:postgres:" + catalog + "' AS plain (READ_ONLY)");
            return TestLakes.rows(statement, sql);
        }
    }
}
