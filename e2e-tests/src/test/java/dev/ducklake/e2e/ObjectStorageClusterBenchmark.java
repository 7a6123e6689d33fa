package dev.ducklake.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ducklake.engine.testutils.PostgresServer;
import dev.ducklake.testing.s3.S3Server;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Appends and upserts on a standalone Flink 2.3.0 cluster (a JobManager and two TaskManager
 * processes, parallelism 2, checkpoints every second, PostgreSQL catalog) with the lake's data and
 * staging on an S3-compatible server (S3Proxy on loopback), against the same jobs with a local data
 * path, in the same run: rows per second over each job's run time from the REST API, their ratio,
 * and the committers' commit duration (median and p99 of {@code commitDurationMs}, the highest over
 * the committer subtasks, read while the job runs). Not part of the build; run it with:
 *
 * <pre>{@code
 * mvn -q -pl e2e-tests -am install -DskipTests
 * mvn -pl e2e-tests verify -Dit.test=ObjectStorageClusterBenchmark
 * }</pre>
 *
 * <p>The figures go to {@code e2e-tests/target/failsafe-reports/*ObjectStorageClusterBenchmark-output.txt}.
 */
class ObjectStorageClusterBenchmark {

    private static final long APPENDS = 2_000_000;
    private static final long UPSERTS = 1_000_000;
    private static final int KEYS = 100_000;

    @TempDir
    Path dir;

    @Test
    void appendsAndUpsertsOnS3AgainstALocalDataPath() throws Exception {
        PostgresServer.start();
        try (S3Server s3 = S3Server.start(dir.resolve("s3"));
                FlinkCluster cluster = FlinkCluster.create("2.3.0", dir.resolve("cluster"), Map.of(
                        "execution.checkpointing.interval", "1 s",
                        "parallelism.default", "2"))) {
            cluster.start(2);
            System.out.printf("%d appends and %d upserts over %d keys; 2 TaskManagers, parallelism 2, 1 s"
                    + " checkpoints%n", APPENDS, UPSERTS, KEYS);
            System.out.println("run  job     local rows/s  S3 rows/s  ratio  S3 commits  commit ms median  p99");
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
                    System.out.printf("%3d  %-6s  %,12.0f  %,9.0f  %4.2fx  %10d  %16.0f  %4.0f%n", run, job,
                            local.perSecond, remote.perSecond, remote.perSecond / local.perSecond, remote.commits,
                            remote.commitMedian, remote.commitP99);
                }
            }
        }
    }

    private record Result(double perSecond, long commits, double commitMedian, double commitP99) {}

    private Result run(FlinkCluster cluster, Lake lake, String kind) throws Exception {
        long rows = kind.equals("append") ? APPENDS : UPSERTS;
        String generator = "CREATE TABLE gen (seq BIGINT) WITH ('connector' = 'datagen', 'rows-per-second' ="
                + " '1000000000', 'fields.seq.kind' = 'sequence', 'fields.seq.start' = '0', 'fields.seq.end' = '"
                + (rows - 1) + "');";
        String job = kind.equals("append")
                ? String.join("\n", generator,
                        "CREATE TABLE events (seq BIGINT, name STRING, amount DECIMAL(12, 2), note STRING) WITH ("
                                + lake.with("events") + ");",
                        "INSERT INTO events SELECT seq, CONCAT('name-', CAST(seq % 1000 AS STRING)),"
                                + " CAST(CAST(seq % 100000 AS DECIMAL(12, 2)) / 100 AS DECIMAL(12, 2)),"
                                + " CONCAT('note ', CAST(seq AS STRING)) FROM gen;")
                : String.join("\n", generator,
                        "CREATE TABLE balances (k STRING NOT NULL, v BIGINT, amount DECIMAL(12, 2),"
                                + " PRIMARY KEY (k) NOT ENFORCED) WITH (" + lake.with("balances") + ");",
                        "INSERT INTO balances SELECT k, MAX(seq), CAST(CAST(MAX(seq) % 10000 AS DECIMAL(12, 2)) / 100"
                                + " AS DECIMAL(12, 2)) FROM (SELECT CONCAT('k-', CAST(seq % " + KEYS
                                + " AS STRING)) AS k, seq FROM gen) GROUP BY k;");
        Path script = Files.writeString(dir.resolve(kind + ".sql"), job + "\n");
        String id = cluster.sql(script).get(0);
        double[] commits = new double[3];
        FlinkCluster.await(() -> {
            String state = cluster.state(id);
            if (state.equals("RUNNING")) {
                // The committers' histograms, while they exist: they go with the job's end.
                double count = cluster.operatorMetric(id, "commitDurationMs_count", "max");
                if (count >= commits[0]) {
                    commits[0] = count;
                    commits[1] = cluster.operatorMetric(id, "commitDurationMs_median", "max");
                    commits[2] = cluster.operatorMetric(id, "commitDurationMs_p99", "max");
                }
            }
            if (state.equals("FAILED") || state.equals("CANCELED")) {
                throw new AssertionError(kind + " job " + id + " ended " + state);
            }
            return state.equals("FINISHED");
        }, Duration.ofMinutes(10), kind + " job " + id + " finished");
        String table = kind.equals("append") ? "events" : "balances";
        long expected = kind.equals("append") ? APPENDS : KEYS;
        assertThat(((Number) lake.query("SELECT count(*) FROM plain." + table).get(0).get(0)).longValue())
                .isEqualTo(expected);
        return new Result(rows / (cluster.duration(id).toMillis() / 1000.0), (long) commits[0], commits[1],
                commits[2]);
    }
}
