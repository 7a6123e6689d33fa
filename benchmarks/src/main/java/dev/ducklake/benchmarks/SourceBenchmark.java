package dev.ducklake.benchmarks;

import static dev.ducklake.flink.common.DuckLakeConnectorOptions.DATA_PATH;

import dev.ducklake.engine.config.EngineConfig;
import dev.ducklake.engine.EngineRegistry;
import dev.ducklake.engine.LakeEngine;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.write.MergeSession;
import dev.ducklake.engine.write.WriteMode;
import dev.ducklake.engine.write.WriteSession;
import dev.ducklake.flink.common.EngineSpec;
import dev.ducklake.flink.common.FlinkLakeTypes;
import dev.ducklake.flink.source.DuckLakeSource;
import dev.ducklake.flink.source.DuckLakeSourceBuilder;
import dev.ducklake.flink.source.StartupMode;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.TaskManagerOptions;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.table.data.RowData;
import org.apache.flink.types.RowKind;
import org.apache.flink.util.FileUtils;

/**
 * The change source's throughput and latency. One JVM, a local MiniCluster, parallelism 1:
 *
 * <ol>
 *   <li>a table of 10 columns is loaded with 500 k keys, then gets an upsert history of 1 M
 *       changes (updates, deletes, new keys) in 7 commits; a job emits the changelog of those 7
 *       versions into the blackhole sink, against a bounded job that reads the table's rows at its
 *       latest version into the blackhole sink, in the same run: changes per second and the ratio;
 *   <li>a streaming job follows the table at the default discovery interval (1 s) while 100 commits
 *       of one row each are made; the latency from each commit's return to the row's emission:
 *       median and p99.
 * </ol>
 *
 * <pre>{@code
 * mvn -q -pl benchmarks -am install -DskipTests
 * mvn -q -pl benchmarks exec:exec -Dexec.mainClass=dev.ducklake.benchmarks.SourceBenchmark
 * }</pre>
 */
public final class SourceBenchmark {

    private static final TableName TABLE = TableName.of("orders");
    private static final Map<Long, Long> EMITTED = new ConcurrentHashMap<>();
    private static final LongAdder COUNTED = new LongAdder();
    private static final LongAdder CHANGES = new LongAdder();
    private static final long MARKER = 1_000_000_000L;

    private SourceBenchmark() {}

    public static void main(String[] args) throws Exception {
        long changes = args.length > 0 ? Long.parseLong(args[0]) : 1_000_000L;
        Path dir = Files.createTempDirectory("ducklake-source-bench");
        try {
            EngineSpec spec = EngineSpec.of(dir.resolve("metadata.ducklake").toString())
                    .with(DATA_PATH, dir.resolve("data") + "/");
            long[] range = history(spec.toEngineConfig(), changes);
            System.out.printf("Change source benchmark: %,d keys loaded, then %,d changes in 7 commits, parallelism 1%n",
                    changes / 2, changes);
            double scan = run("table rows (bounded)", source(dir).snapshot().build());
            double changelog = run("changelog", source(dir).startAfterVersion(range[0]).endVersion(range[1]).build());
            System.out.printf("changelog / table rows = %.2fx%n", changelog / scan);
            latency(dir, spec);
        } finally {
            FileUtils.deleteDirectory(dir.toFile());
        }
    }

    private static DuckLakeSourceBuilder source(Path dir) {
        return DuckLakeSource.builder().catalog(dir.resolve("metadata.ducklake").toString())
                .dataPath(dir.resolve("data") + "/").table("orders");
    }

    /**
     * Creates the table, loads {@code changes / 2} keys in a first commit, then applies
     * {@code changes} upserts and deletes over them (a tenth deletes, a twentieth new keys) in 7
     * more commits. Returns the load's version and the last one: the changelog between them holds
     * inserts, updates and deletes.
     */
    private static long[] history(EngineConfig config, long changes) {
        long keys = changes / 2;
        int commits = 7;
        try (EngineRegistry.Lease lease = EngineRegistry.shared().acquire(config)) {
            LakeEngine engine = lease.engine();
            engine.createTable(TABLE, FlinkLakeTypes.toLakeSchema(SinkBenchmark.ROW_TYPE, List.of("id"), List.of()));
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
        return new Object[] {id, "customer-" + (i % 50_000), "product-" + (i % 1_000), "eu-west", i % 10 + 1,
            (i % 10_000) / 100.0, (i % 7) / 100.0, BigDecimal.valueOf(i % 1_000_000, 2),
            LocalDateTime.of(2026, 1, 1, 0, 0).plusSeconds(i), i % 3 == 0 ? "gift" : "standard"};
    }

    /** Runs the source into the blackhole sink; returns the changes it emitted per second (a row is an insert). */
    private static double run(String name, DuckLakeSource source) throws Exception {
        COUNTED.reset();
        CHANGES.reset();
        StreamExecutionEnvironment env = environment();
        env.fromSource(source, WatermarkStrategy.noWatermarks(), name).map(new Count()).returns(source.getProducedType())
                .sinkTo(new DiscardingSink<>());
        long start = System.nanoTime();
        env.execute(name);
        double seconds = (System.nanoTime() - start) / 1e9;
        long rows = COUNTED.sum();
        long changes = CHANGES.sum();
        double perSecond = changes / seconds;
        System.out.printf("%-22s %,12.0f changes/s  (%,d changes, %,d rows, in %.1f s)%n", name, perSecond, changes,
                rows, seconds);
        return perSecond;
    }

    private static void latency(Path dir, EngineSpec spec) throws Exception {
        StreamExecutionEnvironment env = environment();
        DuckLakeSource follow = source(dir).startupMode(StartupMode.LATEST).build();
        env.fromSource(follow, WatermarkStrategy.noWatermarks(), "follow").map(new RecordEmission())
                .returns(follow.getProducedType()).sinkTo(new DiscardingSink<>());
        JobClient job = env.executeAsync("latency");
        List<Double> latencies = new ArrayList<>();
        try (EngineRegistry.Lease lease = EngineRegistry.shared().acquire(spec.toEngineConfig())) {
            Thread.sleep(3_000);
            for (long n = 0; n < 100; n++) {
                long id = MARKER + n;
                long committed;
                try (WriteSession write = lease.engine().openWriteSession(TABLE, WriteMode.APPEND)) {
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
                latencies.add(Math.max(0, emitted - committed) / 1e6);
                Thread.sleep((n * 37) % 300);
            }
        } finally {
            job.cancel().get(30, TimeUnit.SECONDS);
        }
        Collections.sort(latencies);
        System.out.printf("commit to emission over 100 commits (discovery every 1 s): median %.0f ms, p99 %.0f ms%n",
                latencies.get(49), latencies.get(98));
    }

    /** Counts the rows that pass, and the changes (an update's two rows are one), in this JVM. */
    private static final class Count implements MapFunction<RowData, RowData> {
        @Override
        public RowData map(RowData row) {
            COUNTED.increment();
            if (row.getRowKind() != RowKind.UPDATE_BEFORE) {
                CHANGES.increment();
            }
            return row;
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

    private static StreamExecutionEnvironment environment() {
        Configuration conf = new Configuration();
        conf.set(TaskManagerOptions.NUM_TASK_SLOTS, 2);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        env.setParallelism(1);
        env.enableCheckpointing(1000);
        return env;
    }

}
