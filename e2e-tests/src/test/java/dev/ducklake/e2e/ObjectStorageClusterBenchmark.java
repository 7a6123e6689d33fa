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

package dev.ducklake.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ducklake.testing.postgres.PostgresServer;
import dev.ducklake.testing.s3.S3Server;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Appends and upserts of random rows from Flink's datagen connector on a standalone Flink 2.3.0
 * cluster (a JobManager and two TaskManager processes, parallelism 2, checkpoints every second,
 * PostgreSQL catalog) with the lake's data and staging on an S3-compatible server (S3Proxy on
 * loopback), against the same jobs with a local data path, in the same run: rows per second over
 * each job's run time from the REST API, their ratio, the commits, and the committers' commit
 * duration (median and p99 of {@code commitDurationMs}, the highest over the committer subtasks,
 * read while the job runs, with the REST API's metrics fetched every second). Not part of the
 * build; run it with:
 *
 * <pre>{@code
 * mvn -q -pl e2e-tests -am install -DskipTests
 * mvn -pl e2e-tests verify -Dit.test=ObjectStorageClusterBenchmark
 * }</pre>
 *
 * <p>The figures go to {@code
 * e2e-tests/target/failsafe-reports/*ObjectStorageClusterBenchmark-output.txt}.
 */
class ObjectStorageClusterBenchmark {

    private static final long APPENDS = Long.getLong("benchmark.appends", 10_000_000);
    private static final long UPSERTS = Long.getLong("benchmark.upserts", 5_000_000);
    private static final int KEYS = 100_000;

    @TempDir Path dir;

    @Test
    void appendsAndUpsertsOnS3AgainstALocalDataPath() throws Exception {
        PostgresServer.start();
        try (S3Server s3 = S3Server.start(dir.resolve("s3"));
                FlinkCluster cluster =
                        FlinkCluster.create(
                                "2.3.0",
                                dir.resolve("cluster"),
                                Map.of(
                                        "execution.checkpointing.interval", "1 s",
                                        "parallelism.default", "2",
                                        "metrics.fetcher.update-interval", "1000"))) {
            try {
                measure(cluster, s3);
            } catch (Throwable e) {
                e.addSuppressed(new AssertionError("Cluster logs:\n" + cluster.logs()));
                throw e;
            }
        }
    }

    private void measure(FlinkCluster cluster, S3Server s3) throws Exception {
        cluster.start(2);
        System.out.printf(
                "%d appends and %d upserts over %d keys; 2 TaskManagers, parallelism 2, 1 s"
                        + " checkpoints%n",
                APPENDS, UPSERTS, KEYS);
        System.out.println(
                "run  job     local rows/s  S3 rows/s  ratio  commits local/S3  commit ms median local/S3"
                        + "  p99 local/S3");
        for (int run = 1; run <= 2; run++) {
            for (String job : new String[] {"append", "upsert"}) {
                Result local;
                Result remote;
                try (Lake lake = new Lake(s3, dir.resolve("local"))) {
                    local = run(cluster, lake, job);
                }
                try (Lake lake = new Lake(s3)) {
                    remote = run(cluster, lake, job);
                }
                System.out.printf(
                        "%3d  %-6s  %,12.0f  %,9.0f  %4.2fx  %7d / %-7d  %12.0f / %-11.0f  %5.0f / %.0f%n",
                        run,
                        job,
                        local.perSecond,
                        remote.perSecond,
                        remote.perSecond / local.perSecond,
                        local.commits,
                        remote.commits,
                        local.commitMedian,
                        remote.commitMedian,
                        local.commitP99,
                        remote.commitP99);
            }
        }
    }

    private record Result(double perSecond, long commits, double commitMedian, double commitP99) {}

    private Result run(FlinkCluster cluster, Lake lake, String kind) throws Exception {
        long rows = kind.equals("append") ? APPENDS : UPSERTS;
        // Random values, bounded by a row count: a datagen sequence of millions of values keeps
        // them all in its state, whose checkpoint acknowledgements outgrow Flink's RPC frame.
        String generator =
                "CREATE TABLE gen (seq BIGINT, r INT) WITH ('connector' = 'datagen', 'number-of-rows' = '"
                        + rows
                        + "', 'rows-per-second' = '1000000000', 'fields.seq.min' = '0', 'fields.seq.max' ="
                        + " '1000000000000', 'fields.r.min' = '0', 'fields.r.max' = '"
                        + (KEYS - 1)
                        + "');";
        String job =
                kind.equals("append")
                        ? String.join(
                                "\n",
                                generator,
                                "CREATE TABLE events (seq BIGINT, name STRING, amount DECIMAL(12, 2), note STRING) WITH ("
                                        + lake.with("events")
                                        + ");",
                                "INSERT INTO events SELECT seq, CONCAT('name-', CAST(r % 1000 AS STRING)),"
                                        + " CAST(CAST(r % 100000 AS DECIMAL(12, 2)) / 100 AS DECIMAL(12, 2)),"
                                        + " CONCAT('note ', CAST(seq AS STRING)) FROM gen;")
                        : String.join(
                                "\n",
                                generator,
                                "CREATE TABLE balances (k STRING NOT NULL, v BIGINT, amount DECIMAL(12, 2),"
                                        + " PRIMARY KEY (k) NOT ENFORCED) WITH ("
                                        + lake.with("balances")
                                        + ");",
                                "INSERT INTO balances SELECT k, LAST_VALUE(seq), CAST(CAST(LAST_VALUE(seq) % 10000 AS"
                                        + " DECIMAL(12, 2)) / 100 AS DECIMAL(12, 2)) FROM (SELECT CONCAT('k-', CAST(r AS STRING))"
                                        + " AS k, seq FROM gen) GROUP BY k;");
        Path script = Files.writeString(dir.resolve(kind + ".sql"), job + "\n");
        String id = cluster.sql(script).get(0);
        double[] commits = new double[3];
        FlinkCluster.await(
                () -> {
                    String state = cluster.state(id);
                    if (state.equals("RUNNING")) {
                        // The committers' histograms, while they exist: they go with the job's end.
                        double count = cluster.operatorMetricSum(id, "commits");
                        if (count > commits[0]) {
                            commits[0] = count;
                            commits[1] = cluster.operatorMetricMax(id, "commitDurationMs_median");
                            commits[2] = cluster.operatorMetricMax(id, "commitDurationMs_p99");
                        }
                    }
                    if (state.equals("FAILED") || state.equals("CANCELED")) {
                        throw new AssertionError(kind + " job " + id + " ended " + state);
                    }
                    return state.equals("FINISHED");
                },
                Duration.ofMinutes(10),
                kind + " job " + id + " finished");
        if (kind.equals("append")) {
            assertThat(lake.query("SELECT count(*) FROM plain.events").get(0).get(0))
                    .isEqualTo(APPENDS);
        } else {
            List<Object> keys =
                    lake.query("SELECT count(*), count(DISTINCT k) FROM plain.balances").get(0);
            assertThat(keys.get(0)).as("one row per key").isEqualTo(keys.get(1));
            assertThat(((Number) keys.get(0)).longValue()).isBetween(1L, (long) KEYS);
        }
        return new Result(
                rows / (cluster.duration(id).toMillis() / 1000.0),
                (long) commits[0],
                commits[1],
                commits[2]);
    }
}
