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
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The connector on a real standalone cluster of Flink's distribution: a JobManager and two
 * TaskManagers, each a process of its own, the connector's jar in {@code lib/}, a PostgreSQL
 * catalog, and the lake's data and the sink's staging on an S3-compatible server, so that the
 * processes share no file system for the lake. A keyed upsert job submitted through the SQL client
 * and a DataStream job submitted with {@code flink run}, which follows the upserted table's
 * changelog into a copy, run through three faults: a TaskManager killed (a new one takes its
 * place), PostgreSQL restarted, and the S3 server down until the jobs fail over it. Both tables
 * must end equal to the model, read by plain DuckDB over S3.
 */
class StandaloneClusterIT {

    private static final String VERSION = "2.3.0";
    private static final Duration FAULT = Duration.ofMinutes(3);

    @RegisterExtension static final LakeServers SERVERS = new LakeServers();

    @TempDir static Path dir;

    @Test
    void anUpsertJobAndAChangelogJobEndExactThroughALostTaskManagerAPostgresRestartAndAnS3Outage()
            throws Exception {
        Balances workload = new Balances("balances", 60_000, 1_000, 800);
        try (Lake lake = new Lake(SERVERS.s3());
                FlinkCluster cluster =
                        FlinkCluster.create(
                                VERSION,
                                dir.resolve("cluster"),
                                Map.of(
                                        "execution.checkpointing.interval", "1 s",
                                        "restart-strategy.type", "fixed-delay",
                                        "restart-strategy.fixed-delay.attempts", "1000",
                                        "restart-strategy.fixed-delay.delay", "1 s",
                                        // A killed TaskManager is noticed within this time (50 s by
                                        // default).
                                        "heartbeat.timeout", "20 s"))) {
            try {
                cluster.start(2);
                Path script = dir.resolve("upsert.sql");
                Files.writeString(script, workload.job(lake));
                String upserts = cluster.sql(script).get(0);
                FlinkCluster.await(
                        () -> safely(() -> lake.rowsByKey("balances").size(), 0) > 0,
                        FAULT,
                        "the first commits of the keyed table");

                List<String> arguments =
                        new ArrayList<>(List.of("source=balances", "target=balances_copy"));
                arguments.addAll(lake.arguments());
                String copy =
                        cluster.submit(
                                Path.of(System.getProperty("job.jar")),
                                ChangelogCopyJob.class.getName(),
                                arguments.toArray(String[]::new));
                FlinkCluster.await(
                        () -> cluster.state(copy).equals("RUNNING"),
                        FAULT,
                        "the changelog job running");

                // A lost TaskManager, one that runs the upsert job: it fails over to the others and
                // a new one.
                cluster.killTaskManagerOf(upserts);
                cluster.startTaskManager();
                FlinkCluster.await(
                        () ->
                                cluster.restarts(upserts) >= 1
                                        && cluster.state(upserts).equals("RUNNING"),
                        FAULT,
                        "the upsert job restarted after the lost TaskManager");
                long committed = lake.sinkSnapshots();
                FlinkCluster.await(
                        () -> safely(lake::sinkSnapshots, -1L) > committed,
                        FAULT,
                        "commits after the failover");

                // The catalog's server restarts under the running jobs.
                PostgresServer.restart();
                long afterRestart = safely(lake::sinkSnapshots, -1L);
                FlinkCluster.await(
                        () -> safely(lake::sinkSnapshots, -1L) > afterRestart,
                        FAULT,
                        "commits after PostgreSQL's restart");

                // Object storage goes away until the upsert job has failed over it.
                long restarts = cluster.restarts(upserts);
                SERVERS.s3().stop();
                try {
                    FlinkCluster.await(
                            () -> cluster.restarts(upserts) > restarts,
                            FAULT,
                            "the upsert job failing while S3 is down");
                } finally {
                    SERVERS.s3().start();
                }

                cluster.awaitFinished(upserts, Duration.ofMinutes(5));
                assertThat(lake.rowsByKey("balances")).isEqualTo(workload.expected());
                assertThat(lake.rowsByKey("balances_events"))
                        .as("every event once")
                        .isEqualTo(workload.expectedEvents());
                FlinkCluster.await(
                        () ->
                                safely(
                                                () -> lake.rowsByKey("balances_copy"),
                                                Map.<String, String>of())
                                        .equals(workload.expected()),
                        FAULT,
                        "the changelog job's copy to replay the table");
                System.out.printf(
                        "Flink %s cluster: SQL job %d checkpoints, %d restarts; changelog job %d"
                                + " checkpoints, %d restarts, %d commit retries in its last attempt; %d sink commits%n",
                        VERSION,
                        cluster.completedCheckpoints(upserts),
                        cluster.restarts(upserts),
                        cluster.completedCheckpoints(copy),
                        cluster.restarts(copy),
                        (long) cluster.operatorMetricSum(copy, "commitRetries"),
                        lake.sinkSnapshots());

                // The runbook's upgrade: stop with a savepoint, swap the jar in lib/, start,
                // resume.
                String savepoint = cluster.stopWithSavepoint(copy, dir.resolve("savepoints"));
                cluster.stop();
                Path upgraded =
                        Files.copy(
                                Path.of(System.getProperty("connector.jar")),
                                dir.resolve("flink-sql-connector-ducklake-upgraded.jar"));
                cluster.replaceConnectorJar(upgraded);
                cluster.start(2);
                List<String> resume = new ArrayList<>(List.of("-s", savepoint));
                String resumed =
                        cluster.submit(
                                Path.of(System.getProperty("job.jar")),
                                ChangelogCopyJob.class.getName(),
                                arguments.toArray(String[]::new),
                                resume);
                FlinkCluster.await(
                        () -> cluster.restoredFrom(resumed).equals(savepoint),
                        FAULT,
                        "the resumed job restored from the savepoint");
                lake.execute(
                        "UPDATE plain.balances SET v = v + 1 WHERE k = 'k-7'",
                        "INSERT INTO plain.balances VALUES ('k-new', 1, 0.01)",
                        "DELETE FROM plain.balances WHERE k = 'k-8'");
                Map<String, String> changed = lake.rowsByKey("balances");
                FlinkCluster.await(
                        () ->
                                safely(
                                                () -> lake.rowsByKey("balances_copy"),
                                                Map.<String, String>of())
                                        .equals(changed),
                        FAULT,
                        "the resumed job to copy changes made after the upgrade");
                cluster.cancel(resumed);
            } catch (Throwable e) {
                e.addSuppressed(new AssertionError("Cluster logs:\n" + cluster.logs()));
                throw e;
            }
        }
    }

    /**
     * A value that cannot be read yet (the table does not exist, a server is restarting) counts as
     * none.
     */
    static <T> T safely(Read<T> read, T fallback) {
        try {
            return read.get();
        } catch (Exception notYet) {
            return fallback;
        }
    }

    interface Read<T> {
        T get() throws Exception;
    }
}
