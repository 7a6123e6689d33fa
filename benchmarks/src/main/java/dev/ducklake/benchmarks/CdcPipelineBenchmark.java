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

package dev.ducklake.benchmarks;

import dev.ducklake.examples.cdc.CdcPipelineJob;
import dev.ducklake.examples.cdc.PipelineDatabases;
import dev.ducklake.examples.cdc.ShopComparison;
import dev.ducklake.examples.cdc.ShopWorkload;
import dev.ducklake.testing.cdc.DebeziumConnector;
import dev.ducklake.testing.cdc.KafkaServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.util.FileUtils;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;

/**
 * The CDC pipeline's end-to-end throughput and delay (PostgreSQL → Debezium → Kafka → Flink →
 * DuckLake, all on loopback, the lake's catalog on the same PostgreSQL server), with whole source
 * transactions against the same pipeline releasing changes as they arrive (the baseline, 1.00x).
 *
 * <ul>
 *   <li><b>Throughput:</b> after 500 transactions of warm-up, {@code transactions} of {@link
 *       ShopWorkload} as fast as PostgreSQL takes them, timed from the workload's start until every
 *       lake table equals its PostgreSQL table: source transactions and changed rows per second.
 *   <li><b>Where the time goes:</b> when Debezium has published every transaction into Kafka (the
 *       transaction topic holds its BEGIN and END), and when the lake equals PostgreSQL.
 *   <li><b>Delay:</b> {@code paced} transactions at {@code rate} per second; every 50 ms the lake's
 *       newest order is looked up, and for each order placed since the last look, the time since
 *       PostgreSQL committed it is one sample: p50 and p99.
 * </ul>
 *
 * <pre>{@code
 * .ci/postgres.sh && mvn -q -pl benchmarks -am install -DskipTests && mvn -q -pl benchmarks exec:exec \
 *     -Dexec.mainClass=dev.ducklake.benchmarks.CdcPipelineBenchmark -Dbenchmark.args="20000 200 3000"
 * }</pre>
 *
 * <p>Arguments: transactions (20,000), rate (200 per second) and paced transactions (3,000), rounds
 * (2), then the PostgreSQL server's JDBC URL ({@code .ci/postgres.sh}'s by default).
 */
public final class CdcPipelineBenchmark {

    private static final String SLOT = "ducklake_cdc_benchmark";
    private static final Duration CATCH_UP = Duration.ofMinutes(10);
    private static final long WARM_UP = 500;

    private CdcPipelineBenchmark() {}

    /** One run's figures. */
    record Result(
            double transactionsPerSecond,
            double rowsPerSecond,
            double workloadPerSecond,
            double publishedSeconds,
            double lakeSeconds,
            long p50Ms,
            long p99Ms,
            int samples) {}

    public static void main(String[] args) throws Exception {
        long transactions = args.length > 0 ? Long.parseLong(args[0]) : 20_000;
        double rate = args.length > 1 ? Double.parseDouble(args[1]) : 200;
        long paced = args.length > 2 ? Long.parseLong(args[2]) : 3_000;
        int rounds = args.length > 3 ? Integer.parseInt(args[3]) : 2;
        String server = args.length > 4 ? args[4] : PipelineDatabases.LOCAL_SERVER;
        Path work = Path.of("target", "cdc-benchmark").toAbsolutePath();
        FileUtils.deleteDirectory(work.toFile());
        Files.createDirectories(work);
        System.out.printf(
                "CDC pipeline: %,d transactions as fast as PostgreSQL takes them, then %,d at %.0f/s;"
                        + " 1 s checkpoints, parallelism 1%n",
                transactions, paced, rate);
        System.out.println(
                "| round | mode | tx/s | rows/s | ratio | workload tx/s | all in Kafka s | lake equal s"
                        + " | delay p50 ms | delay p99 ms | samples |");
        System.out.println("|---|---|---|---|---|---|---|---|---|---|---|");
        try (KafkaServer kafka = KafkaServer.start(work.resolve("kafka"))) {
            int run = 0;
            for (int round = 1; round <= rounds; round++) {
                Result baseline = null;
                for (boolean whole : new boolean[] {false, true}) {
                    Result result =
                            run(
                                    server,
                                    kafka,
                                    work.resolve("run-" + run),
                                    "bench" + run++,
                                    whole,
                                    transactions,
                                    rate,
                                    paced);
                    if (baseline == null) {
                        baseline = result;
                    }
                    System.out.printf(
                            "| %d | %s | %,.0f | %,.0f | %.2fx | %,.0f | %.1f | %.1f | %d | %d | %d |%n",
                            round,
                            whole ? "whole transactions" : "as they arrive (baseline)",
                            result.transactionsPerSecond(),
                            result.rowsPerSecond(),
                            result.transactionsPerSecond() / baseline.transactionsPerSecond(),
                            result.workloadPerSecond(),
                            result.publishedSeconds(),
                            result.lakeSeconds(),
                            result.p50Ms(),
                            result.p99Ms(),
                            result.samples());
                }
            }
        }
    }

    private static Result run(
            String server,
            KafkaServer kafka,
            Path dir,
            String topicPrefix,
            boolean whole,
            long transactions,
            double rate,
            long paced)
            throws Exception {
        PipelineDatabases.recreate(server, SLOT, "ducklake_bench_shop", "ducklake_bench_lake");
        String source = PipelineDatabases.database(server, "ducklake_bench_shop");
        String lakeCatalog = PipelineDatabases.lakeCatalog(server, "ducklake_bench_lake");
        String dataPath = dir.resolve("data") + "/";
        ShopWorkload workload = new ShopWorkload(source, 11);
        workload.createSchema();
        try (DebeziumConnector debezium =
                        DebeziumConnector.start(
                                dir.resolve("debezium"),
                                PipelineDatabases.debeziumSettings(source, topicPrefix, SLOT),
                                kafka.bootstrapServers());
                ShopComparison comparison = new ShopComparison(source, lakeCatalog, dataPath)) {
            JobClient job =
                    CdcPipelineJob.start(
                            dir.resolve("checkpoints"),
                            kafka.bootstrapServers(),
                            topicPrefix,
                            whole,
                            lakeCatalog,
                            dataPath,
                            "CDC pipeline benchmark");
            try {
                // Warm-up: the job runs, every topic exists and the lake has its tables.
                workload.run(WARM_UP, -1, 0, (done, lastOrder) -> {});
                awaitCaughtUp(comparison);
                long rowsBefore = workload.rowsChanged();
                long boundaries = transactionBoundaries(kafka, topicPrefix);
                long start = System.nanoTime();
                workload.run(transactions, transactions / 2, 0, (done, lastOrder) -> {});
                double workloadSeconds = (System.nanoTime() - start) / 1e9;
                // Debezium writes a BEGIN and an END of each transaction to its transaction topic.
                awaitPublished(kafka, topicPrefix, boundaries + 2 * transactions);
                double publishedSeconds = (System.nanoTime() - start) / 1e9;
                awaitCaughtUp(comparison);
                double seconds = (System.nanoTime() - start) / 1e9;
                long rows = workload.rowsChanged() - rowsBefore;

                Map<Long, Long> committedAt = new ConcurrentHashMap<>();
                List<Long> delays = Collections.synchronizedList(new ArrayList<>());
                AtomicBoolean sampling = new AtomicBoolean(true);
                Thread sampler =
                        new Thread(
                                () -> sample(comparison, committedAt, delays, sampling),
                                "delay-sampler");
                sampler.start();
                workload.run(
                        paced,
                        -1,
                        rate,
                        (done, lastOrder) -> committedAt.putIfAbsent(lastOrder, System.nanoTime()));
                awaitCaughtUp(comparison);
                sampling.set(false);
                sampler.join();
                List<Long> sorted = new ArrayList<>(delays);
                Collections.sort(sorted);
                return new Result(
                        transactions / seconds,
                        rows / seconds,
                        transactions / workloadSeconds,
                        publishedSeconds,
                        seconds,
                        percentile(sorted, 0.50),
                        percentile(sorted, 0.99),
                        sorted.size());
            } finally {
                job.cancel().get();
                try {
                    job.getJobExecutionResult().get();
                } catch (ExecutionException cancelled) {
                    // The job ended, cancelled: its sources are closed before Kafka goes.
                }
            }
        } finally {
            PipelineDatabases.dropSlot(server, SLOT);
        }
    }

    /**
     * Every 50 ms, for each order placed since the last look that the lake shows now, the time
     * since PostgreSQL committed it.
     */
    private static void sample(
            ShopComparison comparison,
            Map<Long, Long> committedAt,
            List<Long> delays,
            AtomicBoolean sampling) {
        long seen = Long.MAX_VALUE;
        while (sampling.get()) {
            try {
                long newest = comparison.newestOrder();
                long now = System.nanoTime();
                if (seen == Long.MAX_VALUE) {
                    seen = newest;
                }
                for (long order = seen + 1; order <= newest; order++) {
                    Long committed = committedAt.get(order);
                    if (committed != null) {
                        delays.add((now - committed) / 1_000_000);
                    }
                }
                seen = Math.max(seen, newest);
                Thread.sleep(50); // the sampling period
            } catch (SQLException notReadableNow) {
                // The lake's tables do not exist yet: the next sample reads them.
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** The messages in the connector's transaction topic (0 before it exists). */
    private static long transactionBoundaries(KafkaServer kafka, String topicPrefix)
            throws Exception {
        TopicPartition topic = new TopicPartition(topicPrefix + ".transaction", 0);
        try (Admin admin =
                Admin.create(
                        Map.of(
                                AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
                                kafka.bootstrapServers()))) {
            if (!admin.listTopics().names().get().contains(topic.topic())) {
                return 0;
            }
            return admin.listOffsets(Map.of(topic, OffsetSpec.latest()))
                    .partitionResult(topic)
                    .get()
                    .offset();
        }
    }

    private static void awaitPublished(KafkaServer kafka, String topicPrefix, long boundaries)
            throws Exception {
        long deadline = System.nanoTime() + CATCH_UP.toNanos();
        while (transactionBoundaries(kafka, topicPrefix) < boundaries) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(
                        "Debezium did not publish the workload within " + CATCH_UP);
            }
            Thread.sleep(100); // Kafka has no event to wait on
        }
    }

    private static void awaitCaughtUp(ShopComparison comparison) throws Exception {
        long deadline = System.nanoTime() + CATCH_UP.toNanos();
        while (!comparison.differingTables().isEmpty()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(
                        "The lake did not catch up with PostgreSQL within " + CATCH_UP);
            }
            Thread.sleep(200); // the lake has no event to wait on
        }
    }

    private static long percentile(List<Long> sorted, double quantile) {
        return sorted.isEmpty()
                ? -1
                : sorted.get(
                        (int) Math.min(sorted.size() - 1, Math.ceil(quantile * sorted.size()) - 1));
    }
}
