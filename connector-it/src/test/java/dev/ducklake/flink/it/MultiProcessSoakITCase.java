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

package dev.ducklake.flink.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.ducklake.engine.EngineRegistry;
import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.config.EngineConfig;
import dev.ducklake.engine.maintenance.MaintenanceRequest;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.testutils.JvmProcess;
import dev.ducklake.engine.testutils.TestLakes;
import dev.ducklake.flink.sink.testutils.LakeContents;
import dev.ducklake.flink.sink.testutils.OrderEvents;
import dev.ducklake.flink.sink.testutils.TestJobs;
import dev.ducklake.flink.source.DuckLakeSource;
import dev.ducklake.flink.source.testutils.ChangelogModel;
import dev.ducklake.testing.postgres.PostgresServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.util.FileUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Three Flink jobs on one lake with a PostgreSQL catalog, in three JVMs, with faults:
 *
 * <ul>
 *   <li>a {@link WriterProcess} upserts table {@code orders_a} at parallelism 4, with one induced
 *       task failure after a third of its events;
 *   <li>a second {@link WriterProcess} appends to table {@code orders_b}; it is killed with SIGKILL
 *       once a quarter of its rows are in the table, and started again, resuming from its last
 *       checkpoint;
 *   <li>this JVM runs a change source following {@code orders_a} into a {@link ChangelogModel}, and
 *       expires snapshots older than 30 s every 3 s;
 *   <li>PostgreSQL is restarted once, when half of the appended rows are in.
 * </ul>
 *
 * Both writers compact their table every 5 s (rewriting files with deletes, merging files).
 *
 * <p>Afterwards {@code orders_a} equals the reference model of its input, {@code orders_b} holds
 * every appended row once, and the changelog replays to {@code orders_a}. The soak lasts {@code
 * -Dsoak.seconds} (60 in the build; see docs/getting-started.md for the long run).
 */
class MultiProcessSoakITCase {

    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = TestJobs.miniCluster(4);

    private static final long SECONDS = Long.getLong("soak.seconds", 60);
    private static final int UPSERTS_PER_SECOND = 1_000;
    private static final int APPENDS_PER_SECOND = 2_000;
    private static final Duration EXPIRY_RETENTION = Duration.ofSeconds(30);
    private static final Pattern RESULT =
            Pattern.compile(
                    WriterProcess.RESULT
                            + " commits=(\\d+) commitRetries=(\\d+)"
                            + " failures=(\\d+) filesCompacted=(\\d+)");

    @TempDir Path dir;

    /** The writers' logs, kept for a look after a failure. */
    private final Path logs = Path.of("target", "soak-logs");

    @Test
    void twoWriterProcessesAndAFollowingSourceKeepEveryGuaranteeThroughFaults() throws Exception {
        FileUtils.deleteDirectory(logs.toFile());
        Files.createDirectories(logs);
        CatalogLocation catalog = TestLakes.catalog(CatalogLocation.Kind.POSTGRES, dir);
        String dataPath = dir.resolve("data") + "/";
        EngineConfig lake = TestLakes.config(catalog, dir).build();
        long created;
        try (EngineRegistry.Lease lease = EngineRegistry.shared().acquire(lake)) {
            created =
                    lease.engine()
                            .createTable(TableName.of("orders_a"), OrderEvents.lakeSchema(true));
            lease.engine().createTable(TableName.of("orders_b"), OrderEvents.lakeSchema(false));
        }
        long upserts = SECONDS * UPSERTS_PER_SECOND;
        long appends = SECONDS * APPENDS_PER_SECOND;
        String[] upserter = {
            "upsert",
            catalog.key(),
            dataPath,
            "orders_a",
            "4",
            Long.toString(upserts),
            Integer.toString(UPSERTS_PER_SECOND),
            dir.resolve("checkpoints-a").toString(),
            Long.toString(upserts / 3),
            "10",
            "100",
            "0"
        };
        String[] appender = {
            "append",
            catalog.key(),
            dataPath,
            "orders_b",
            "2",
            Long.toString(appends),
            Integer.toString(APPENDS_PER_SECOND),
            dir.resolve("checkpoints-b").toString(),
            "-1",
            "10",
            "100",
            "0"
        };

        JobClient follower = follow(catalog, dataPath, created);
        AtomicInteger expiries = new AtomicInteger();
        ScheduledExecutorService maintenance = Executors.newSingleThreadScheduledExecutor();
        String upsertOutput;
        String appendOutput;
        ChangelogModel.Result model;
        try (JvmProcess a =
                        JvmProcess.start(
                                WriterProcess.class, logs.resolve("writer-a.log"), upserter);
                JvmProcess b =
                        JvmProcess.start(
                                WriterProcess.class, logs.resolve("writer-b.log"), appender)) {
            maintenance.scheduleWithFixedDelay(
                    () -> expire(lake, expiries), 3, 3, TimeUnit.SECONDS);
            awaitRows(catalog, "orders_b", appends / 4);
            b.kill();
            try (JvmProcess restartedB =
                    JvmProcess.start(WriterProcess.class, logs.resolve("writer-b.log"), appender)) {
                awaitRows(catalog, "orders_b", appends / 2);
                PostgresServer.restart();
                upsertOutput = a.awaitSuccess(Duration.ofSeconds(SECONDS * 4 + 120));
                appendOutput = restartedB.awaitSuccess(Duration.ofSeconds(SECONDS * 4 + 120));
            }
            model =
                    ChangelogModel.awaitRows(
                            "soak",
                            WriterProcess.expectedUpserts(0, upserts),
                            Duration.ofSeconds(120));
        } finally {
            maintenance.shutdownNow();
            maintenance.awaitTermination(30, TimeUnit.SECONDS);
            TestJobs.cancel(follower);
        }

        Map<String, String> expectedA = WriterProcess.expectedUpserts(0, upserts);
        assertThat(ChangelogModel.lakeRows(catalog, dir, "orders_a"))
                .as("orders_a against the model of its input")
                .isEqualTo(expectedA);
        assertThat(ChangelogModel.lakeRows(catalog, dir, "orders_b"))
                .as("orders_b: every appended row once")
                .isEqualTo(ChangelogModel.render(OrderEvents.expectedAppend(appends)));
        assertThat(model.problems()).as("changelog problems").isEmpty();
        assertThat(model.rows()).as("the changelog replayed").isEqualTo(expectedA);

        assertThat(appendOutput)
                .as("the appender restarted after SIGKILL")
                .contains("Restoring from ");
        Matcher a = result(upsertOutput);
        Matcher b = result(appendOutput);
        assertThat(Integer.parseInt(a.group(3)))
                .as("induced failures in the upserter")
                .isEqualTo(1);
        long commitsA = Long.parseLong(a.group(1));
        long commitsB = Long.parseLong(b.group(1));
        assertThat(commitsA + commitsB)
                .as("checkpoints committed by the writers (the appender's after its restart)")
                .isGreaterThanOrEqualTo(50);
        assertThat(expiries.get()).as("expiry runs during the soak").isPositive();
        assertThat(Long.parseLong(a.group(4)))
                .as("files of orders_a rewritten or merged by compaction")
                .isPositive();
        assertThat(Long.parseLong(b.group(4)))
                .as("files of orders_b merged by compaction")
                .isPositive();
        System.out.printf(
                "Soak of %d s: orders_a %d commits, %s commit retries, %s files compacted; orders_b %d"
                        + " commits after restart, %s retries, %s files compacted; %d expiry runs%n",
                SECONDS,
                commitsA,
                a.group(2),
                a.group(4),
                commitsB,
                b.group(2),
                b.group(4),
                expiries.get());
    }

    private JobClient follow(CatalogLocation catalog, String dataPath, long created)
            throws Exception {
        Configuration conf = new Configuration();
        conf.set(RestartStrategyOptions.RESTART_STRATEGY, "fixed-delay");
        conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_ATTEMPTS, 100);
        conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_DELAY, Duration.ofSeconds(1));
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        env.enableCheckpointing(500);
        env.fromSource(
                        DuckLakeSource.builder()
                                .catalog(catalog.key())
                                .dataPath(dataPath)
                                .table("orders_a")
                                .rowType(OrderEvents.ROW_TYPE)
                                .startAfterVersion(created)
                                .discoveryInterval(Duration.ofMillis(200))
                                .build(),
                        WatermarkStrategy.noWatermarks(),
                        "orders_a changelog")
                .setParallelism(2)
                .sinkTo(new ChangelogModel("soak", OrderEvents.ROW_TYPE))
                .setParallelism(1);
        return env.executeAsync("follow orders_a");
    }

    /** Expires old snapshots through this JVM's engine, the one that holds the source's pins. */
    private static void expire(EngineConfig lake, AtomicInteger runs) {
        try (EngineRegistry.Lease lease = EngineRegistry.shared().acquire(lake)) {
            lease.engine()
                    .maintain(
                            MaintenanceRequest.builder()
                                    .expireSnapshotsOlderThan(EXPIRY_RETENTION)
                                    .deleteUnusedFiles()
                                    .build());
            runs.incrementAndGet();
        } catch (RuntimeException e) {
            System.out.println("Expiry failed (PostgreSQL restarting?): " + e.getMessage());
        }
    }

    /** Waits until the table holds at least this many rows, as plain DuckDB counts them. */
    private void awaitRows(CatalogLocation catalog, String table, long rows) throws Exception {
        // Each look attaches the lake anew: look twice a second.
        await(
                        table
                                + " holds "
                                + rows
                                + " rows (the writers' logs are in "
                                + logs.toAbsolutePath()
                                + ")")
                .atMost(Duration.ofSeconds(SECONDS * 4 + 120))
                .pollInterval(Duration.ofMillis(500))
                .until(
                        () ->
                                ((Number)
                                                LakeContents.rows(
                                                                catalog,
                                                                dir,
                                                                "SELECT count(*) FROM plain."
                                                                        + table)
                                                        .get(0)
                                                        .get(0))
                                        .longValue(),
                        count -> count >= rows);
    }

    private static Matcher result(String output) {
        Matcher matcher = RESULT.matcher(output);
        assertThat(matcher.find()).as("a RESULT line in:\n" + output).isTrue();
        return matcher;
    }
}
