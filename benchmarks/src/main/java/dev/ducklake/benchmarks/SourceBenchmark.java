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

import static dev.ducklake.flink.common.DuckLakeConnectorOptions.DATA_PATH;
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.SCAN_DISCOVERY_INTERVAL;

import dev.ducklake.engine.EngineRegistry;
import dev.ducklake.engine.LakeEngine;
import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.config.EngineConfig;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.testutils.TestLakes;
import dev.ducklake.engine.write.MergeSession;
import dev.ducklake.engine.write.WriteMode;
import dev.ducklake.engine.write.WriteSession;
import dev.ducklake.flink.common.EngineSpec;
import dev.ducklake.flink.common.FlinkLakeTypes;
import dev.ducklake.flink.source.DuckLakeSource;
import dev.ducklake.flink.source.DuckLakeSourceBuilder;
import java.lang.management.ManagementFactory;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.stream.Collectors;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.TaskManagerOptions;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.types.RowKind;
import org.apache.flink.util.FileUtils;

/**
 * The change source's throughput and latency, against baselines measured in the same run and JVM. A
 * table of 10 columns is loaded with {@code rows} keys (default 10 M), then gets an upsert history
 * of {@code changes} changes (default 1 M: updates, deletes, new keys) in 7 commits. Then, on a
 * local MiniCluster (2 task slots):
 *
 * <ol>
 *   <li>plain DuckDB, in this JVM on one thread, reads every column of the table at its latest
 *       version: rows per second;
 *   <li>Flink's {@code DataGeneratorSource} into a sink that counts and discards, rows of the same
 *       shape: rows per second (every job below feeds the same sink);
 *   <li>the source's bounded {@code snapshot()} read of the table at parallelism 1 and 2: rows per
 *       second, and their ratios to the two baselines and to each other;
 *   <li>the changelog of the 7 commits at parallelism 1: changes per second, and the ratio to the
 *       scan; again with 2 DuckDB threads ({@code duckdb.threads}), which compute the net changes;
 *   <li>a streaming job follows the table at the default discovery interval: the process's CPU
 *       while the table does not change, and the cost of one probe for a new snapshot; then, while
 *       100 commits of one row each are made, the latency from each commit's return to the row's
 *       emission: median and p99;
 *   <li>the same again after {@code history} more snapshots (default 10,000; one-row commits of the
 *       engine to another table), and the ratio of the two medians.
 * </ol>
 *
 * <pre>{@code
 * mvn -q -pl benchmarks -am install -DskipTests
 * mvn -q -pl benchmarks exec:exec -Dexec.mainClass=dev.ducklake.benchmarks.SourceBenchmark \
 *     -Dbenchmark.heap=512m -Dbenchmark.args="10000000 1000000 10000"
 * }</pre>
 */
public final class SourceBenchmark {

    private static final TableName TABLE = TableName.of("orders");
    private static final Map<Long, Long> EMITTED = new ConcurrentHashMap<>();
    private static final LongAdder COUNTED = new LongAdder();
    private static final LongAdder CHANGES = new LongAdder();
    private static final long MARKER = 1_000_000_000L;

    /** Rows committed by {@link #commitAndAwait}, whose keys count up from {@link #MARKER}. */
    private static long markerCommits;

    private SourceBenchmark() {}

    public static void main(String[] args) throws Exception {
        long rows = args.length > 0 ? Long.parseLong(args[0]) : 10_000_000L;
        long changes = args.length > 1 ? Long.parseLong(args[1]) : 1_000_000L;
        int moreSnapshots = args.length > 2 ? Integer.parseInt(args[2]) : 10_000;
        Path dir = Files.createTempDirectory("ducklake-source-bench");
        try {
            EngineSpec spec =
                    EngineSpec.of(dir.resolve("metadata.ducklake").toString())
                            .with(DATA_PATH, dir.resolve("data") + "/");
            long[] range = history(spec.toEngineConfig(), rows, changes);
            System.out.printf(
                    "Change source benchmark: %,d keys loaded, then %,d changes in 7 commits; heap %,d MB%n",
                    rows, changes, Runtime.getRuntime().maxMemory() >> 20);
            double duckDb = plainDuckDb(dir);
            double generator = generator(rows);
            double scan = run("table rows, p1", source(dir).snapshot().build(), 1);
            double scan2 = run("table rows, p2", source(dir).snapshot().build(), 2);
            double changelog =
                    run(
                            "changelog, p1",
                            source(dir).startAfterVersion(range[0]).endVersion(range[1]).build(),
                            1);
            double changelog2 =
                    run(
                            "changelog, p1, 2 thr",
                            source(dir)
                                    .threads(2)
                                    .startAfterVersion(range[0])
                                    .endVersion(range[1])
                                    .build(),
                            1);
            System.out.printf(
                    "table rows p1 / plain DuckDB = %.3fx (target >= 0.08x), / generator job = %.2fx%n",
                    scan / duckDb, scan / generator);
            System.out.printf("table rows p2 / p1 = %.2fx (target >= 1.6x)%n", scan2 / scan);
            System.out.printf(
                    "changelog / table rows = %.2fx (target >= 0.5x), / plain DuckDB = %.3fx,"
                            + " / generator job = %.2fx%n",
                    changelog / scan, changelog / duckDb, changelog / generator);
            System.out.printf(
                    "changelog with 2 DuckDB threads / table rows = %.2fx%n", changelog2 / scan);
            double fresh = latency(dir, spec, "this lake");
            if (moreSnapshots > 0) {
                LakeHistory.addSnapshots(spec.toEngineConfig(), moreSnapshots);
                double aged =
                        latency(
                                dir,
                                spec,
                                String.format(Locale.ROOT, "%,d more snapshots", moreSnapshots));
                System.out.printf(
                        "latency median with %,d more snapshots / this lake = %.2fx (target <= 1.2x)%n",
                        moreSnapshots, aged / fresh);
            }
        } finally {
            FileUtils.deleteDirectory(dir.toFile());
        }
    }

    private static DuckLakeSourceBuilder source(Path dir) {
        return DuckLakeSource.builder()
                .catalog(dir.resolve("metadata.ducklake").toString())
                .dataPath(dir.resolve("data") + "/")
                .table("orders");
    }

    /**
     * Plain DuckDB on one thread, in this JVM, reading every column of every row of the table at
     * its latest version (a minimum per column, so no column is skipped): rows per second, best of
     * three.
     */
    private static double plainDuckDb(Path dir) throws Exception {
        String columns =
                SinkBenchmark.ROW_TYPE.getFieldNames().stream()
                        .map(c -> "min(" + c + ")")
                        .collect(Collectors.joining(", "));
        try (Connection connection =
                        TestLakes.plainDuckDb(
                                CatalogLocation.duckDbFile(dir.resolve("metadata.ducklake")), dir);
                Statement statement = connection.createStatement()) {
            statement.execute("SET threads = 1");
            double best = 0;
            for (int i = 0; i < 3; i++) {
                long start = System.nanoTime();
                long rows;
                try (ResultSet result =
                        statement.executeQuery(
                                "SELECT count(*), " + columns + " FROM plain.orders")) {
                    result.next();
                    rows = result.getLong(1);
                }
                best = Math.max(best, rows / ((System.nanoTime() - start) / 1e9));
            }
            System.out.printf(
                    "%-22s %,12.0f rows/s  (best of 3, one thread)%n", "plain DuckDB scan", best);
            return best;
        }
    }

    /**
     * Flink's generator source into the discarding sink, rows of the same shape at parallelism 1:
     * rows per second.
     */
    private static double generator(long rows) throws Exception {
        double perSecond =
                TimedJob.generate(
                                environment(1),
                                i -> SinkBenchmark.row(i, Integer.MAX_VALUE),
                                rows,
                                InternalTypeInfo.of(SinkBenchmark.ROW_TYPE),
                                new CountingSink(),
                                "generator")
                        .perSecond();
        System.out.printf("%-22s %,12.0f rows/s%n", "generator job, p1", perSecond);
        return perSecond;
    }

    /**
     * Creates the table, loads {@code keys} keys in a first commit, then applies {@code changes}
     * upserts and deletes over them (a tenth deletes, a twentieth new keys) in 7 more commits.
     * Returns the load's version and the last one: the changelog between them holds inserts,
     * updates and deletes.
     */
    private static long[] history(EngineConfig config, long keys, long changes) {
        int commits = 7;
        try (EngineRegistry.Lease lease = EngineRegistry.shared().acquire(config)) {
            LakeEngine engine = lease.engine();
            engine.createTable(
                    TABLE,
                    FlinkLakeTypes.toLakeSchema(SinkBenchmark.ROW_TYPE, List.of("id"), List.of()));
            long loaded;
            try (WriteSession load = engine.openWriteSession(TABLE, WriteMode.APPEND)) {
                for (long id = 0; id < keys; id++) {
                    load.write(values(id, id));
                }
                loaded = load.commit().version();
            }
            long last = loaded;
            long perCommit = changes / commits;
            for (int c = 0; c < commits; c++) {
                try (MergeSession merge = engine.openMergeSession(TABLE)) {
                    for (long i = c * perCommit; i < (c + 1) * perCommit; i++) {
                        long id = i % 20 == 0 ? keys + i : (i * 7919) % keys;
                        if (i % 10 == 1) {
                            merge.deleteKey(id);
                        } else {
                            merge.upsert(values(i + keys, id));
                        }
                    }
                    last = merge.commit().version();
                }
            }
            return new long[] {loaded, last};
        }
    }

    private static Object[] values(long i, long id) {
        return new Object[] {
            id,
            "customer-" + (i % 50_000),
            "product-" + (i % 1_000),
            "eu-west",
            i % 10 + 1,
            (i % 10_000) / 100.0,
            (i % 7) / 100.0,
            BigDecimal.valueOf(i % 1_000_000, 2),
            LocalDateTime.of(2026, 1, 1, 0, 0).plusSeconds(i),
            i % 3 == 0 ? "gift" : "standard"
        };
    }

    /**
     * Runs the source into the blackhole sink; returns the changes it emitted per second (a row is
     * an insert).
     */
    private static double run(String name, DuckLakeSource source, int parallelism)
            throws Exception {
        COUNTED.reset();
        CHANGES.reset();
        StreamExecutionEnvironment env = environment(parallelism);
        env.fromSource(source, WatermarkStrategy.noWatermarks(), name).sinkTo(new CountingSink());
        long start = System.nanoTime();
        env.execute(name);
        double seconds = (System.nanoTime() - start) / 1e9;
        long rows = COUNTED.sum();
        long changes = CHANGES.sum();
        double perSecond = changes / seconds;
        System.out.printf(
                "%-22s %,12.0f changes/s  (%,d changes, %,d rows, in %.1f s)%n",
                name, perSecond, changes, rows, seconds);
        return perSecond;
    }

    /**
     * The idle cost and the latency of a streaming job following the table at the default discovery
     * interval; returns the median latency in ms. A first commit, once emitted, shows the job is
     * running; then the process's CPU time over 10 idle seconds, and the latency of 100 commits of
     * one row each, from the commit's return to the row's emission.
     */
    private static double latency(Path dir, EngineSpec spec, String lake) throws Exception {
        List<Double> latencies = new ArrayList<>();
        double idleCores;
        double probeMillis;
        try (EngineRegistry.Lease lease = EngineRegistry.shared().acquire(spec.toEngineConfig())) {
            StreamExecutionEnvironment env = environment(1);
            DuckLakeSource follow =
                    source(dir).startAfterVersion(lease.engine().latestVersion(TABLE)).build();
            env.fromSource(follow, WatermarkStrategy.noWatermarks(), "follow")
                    .map(new RecordEmission())
                    .returns(follow.getProducedType())
                    .sinkTo(new DiscardingSink<>());
            JobClient job = env.executeAsync("latency");
            try {
                commitAndAwait(lease.engine());
                long cpuBefore = processCpuNanos();
                long idleStart = System.nanoTime();
                Thread.sleep(10_000);
                idleCores =
                        (double) (processCpuNanos() - cpuBefore) / (System.nanoTime() - idleStart);
                probeMillis = probeMillis(lease.engine());
                for (long n = 0; n < 100; n++) {
                    latencies.add(commitAndAwait(lease.engine()) / 1e6);
                    Thread.sleep((n * 37) % 300);
                }
            } finally {
                job.cancel().get(30, TimeUnit.SECONDS);
            }
        }
        Collections.sort(latencies);
        System.out.printf(
                "%s: idle follow job (discovery every %d ms): CPU %.1f%% of one core for the whole"
                        + " process; one probe of the lake's latest snapshot %.2f ms%n",
                lake,
                SCAN_DISCOVERY_INTERVAL.defaultValue().toMillis(),
                idleCores * 100,
                probeMillis);
        System.out.printf(
                "%s: commit to emission over 100 commits: median %.0f ms, p99 %.0f ms (target <= 150 / 500"
                        + " ms)%n",
                lake, latencies.get(49), latencies.get(98));
        return latencies.get(49);
    }

    /**
     * What the source's probe of an unchanged lake costs: milliseconds per probe, mean of 1,000.
     */
    private static double probeMillis(LakeEngine engine) {
        long start = System.nanoTime();
        for (int i = 0; i < 1_000; i++) {
            engine.latestSnapshot();
        }
        return (System.nanoTime() - start) / 1e6 / 1_000;
    }

    /** Commits one row, then waits for its emission: nanoseconds from the commit's return. */
    private static long commitAndAwait(LakeEngine engine) throws InterruptedException {
        long n = markerCommits++;
        long id = MARKER + n;
        long committed;
        try (WriteSession write = engine.openWriteSession(TABLE, WriteMode.APPEND)) {
            write.write(values(n, id));
            write.commit();
            committed = System.nanoTime();
        }
        long deadline = committed + TimeUnit.SECONDS.toNanos(30);
        while (!EMITTED.containsKey(id) && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        Long emitted = EMITTED.get(id);
        if (emitted == null) {
            throw new IllegalStateException("Commit " + n + " was not emitted within 30 s");
        }
        return Math.max(0, emitted - committed);
    }

    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean)
                        ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    /**
     * Flink's discarding sink that counts the rows, and the changes (an update's two rows are one),
     * in this JVM: the job has the generator job's shape, a source chained to a sink.
     */
    private static final class CountingSink implements Sink<RowData> {
        @Override
        public SinkWriter<RowData> createWriter(WriterInitContext context) {
            return new SinkWriter<>() {
                @Override
                public void write(RowData row, Context context) {
                    COUNTED.increment();
                    if (row.getRowKind() != RowKind.UPDATE_BEFORE) {
                        CHANGES.increment();
                    }
                }

                @Override
                public void flush(boolean endOfInput) {}

                @Override
                public void close() {}
            };
        }
    }

    /** Notes when each latency-marker row is emitted by the source. */
    private static final class RecordEmission implements MapFunction<RowData, RowData> {
        @Override
        public RowData map(RowData row) {
            EMITTED.putIfAbsent(row.getLong(0), System.nanoTime());
            return row;
        }
    }

    private static StreamExecutionEnvironment environment(int parallelism) {
        Configuration conf = new Configuration();
        conf.set(TaskManagerOptions.NUM_TASK_SLOTS, 2);
        return TimedJob.environment(conf, null, parallelism, 1000);
    }
}
