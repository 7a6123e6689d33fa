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

import dev.ducklake.engine.LakeEngine;
import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.config.EngineConfig;
import dev.ducklake.flink.common.DuckLakeConnectorOptions.UpsertIndex;
import dev.ducklake.flink.sink.DuckLakeSink;
import dev.ducklake.flink.sink.metrics.DuckLakeSinkMetrics;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.configuration.StateBackendOptions;
import org.apache.flink.configuration.TaskManagerOptions;
import org.apache.flink.metrics.HistogramStatistics;
import org.apache.flink.runtime.testutils.InMemoryReporter;
import org.apache.flink.state.rocksdb.PredefinedOptions;
import org.apache.flink.state.rocksdb.RocksDBConfigurableOptions;
import org.apache.flink.state.rocksdb.RocksDBOptions;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.DoubleType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;
import org.apache.flink.types.RowKind;
import org.apache.flink.util.FileUtils;

/**
 * Upserts into a keyed table as the table grows: the same stream of upserts to existing keys goes
 * into a table preloaded with each size of rows, and into Flink's blackhole sink in the same run
 * (after a first blackhole job that warms the JVM up). Each size is written twice: by a sink whose
 * commits join the changes with the table ({@code 'sink.upsert.index' = 'none'}), and by one that
 * keeps the keys' current rows in RocksDB keyed state ({@code 'flink-state'}), which first loads
 * the table into the index. Per size and sink it prints the throughput (for the index, over the job
 * without its load, whose duration is printed too), its ratio to the blackhole job and to the
 * smallest size written the same way, the commits and their mean number of upserts, and the commit
 * duration per checkpoint (median and p99 of the committer's {@code commitDurationMs}, which keeps
 * the last 1,024 commits).
 *
 * <p>The table is {@code id BIGINT} (the key), {@code name VARCHAR}, {@code qty BIGINT}, {@code
 * price DOUBLE}, preloaded through the engine in appends of 1,000,000 rows (one data file each) on
 * a local DuckDB-file catalog in a fresh temporary directory per size. Event {@code i} of the
 * stream upserts a key drawn from a hash of {@code i} (see {@link KeyDraw}) with values that differ
 * from every stored row, so each event is a real update. One Flink job per size on a local
 * MiniCluster: parallelism 1, 1 s checkpoints, the sink with its defaults. Arguments: {@code
 * --skewed} to draw keys as {@link KeyDraw#SKEWED} does (random otherwise), the upserts (default
 * 5,000,000), then the table sizes (default 1,000,000, 10,000,000 and 50,000,000).
 *
 * <pre>{@code
 * mvn -q -pl benchmarks -am install -DskipTests
 * mvn -q -pl benchmarks exec:exec -Dexec.mainClass=dev.ducklake.benchmarks.UpsertBenchmark
 * mvn -q -pl benchmarks exec:exec -Dexec.mainClass=dev.ducklake.benchmarks.UpsertBenchmark \
 *     -Dbenchmark.args="1000000 1000000 10000000"
 * mvn -q -pl benchmarks exec:exec -Dexec.mainClass=dev.ducklake.benchmarks.UpsertBenchmark \
 *     -Dbenchmark.args="--skewed"
 * }</pre>
 */
public final class UpsertBenchmark {

    private static final long[] DEFAULT_SIZES = {1_000_000, 10_000_000, 50_000_000};
    private static final RowType ROW_TYPE =
            RowType.of(
                    new LogicalType[] {
                        new BigIntType(false),
                        VarCharType.STRING_TYPE,
                        new BigIntType(),
                        new DoubleType()
                    },
                    new String[] {"id", "name", "qty", "price"});

    /** How the events of the stream pick the existing keys they update. */
    enum KeyDraw {
        /** Every key alike. */
        RANDOM,
        /**
         * Nine in ten from the newest 5% of the keys (the highest, loaded last), the rest from
         * every key alike: an order lifecycle, where recent orders change and old ones rarely do.
         */
        SKEWED;

        private static final int NEWEST_PERCENT = 5;
        private static final int SKEWED_IN_TEN = 9;

        /** The key of event {@code i} in a table of keys {@code 0} to {@code size - 1}. */
        long key(long i, long size) {
            long hash = mix(i);
            if (this == RANDOM || Math.floorMod(hash, 10) >= SKEWED_IN_TEN) {
                return Math.floorMod(hash, size);
            }
            long newest = Math.max(1, size * NEWEST_PERCENT / 100);
            return size - 1 - Math.floorMod(hash >>> 8, newest);
        }
    }

    private UpsertBenchmark() {}

    public static void main(String[] args) throws Exception {
        // A checkpoint triggered while the job finishes is declined with a stack trace; it is
        // expected.
        System.setProperty(
                "org.slf4j.simpleLogger.log.org.apache.flink.runtime.checkpoint", "error");
        KeyDraw keys =
                args.length > 0 && args[0].equals("--skewed") ? KeyDraw.SKEWED : KeyDraw.RANDOM;
        int first = keys == KeyDraw.SKEWED ? 1 : 0;
        long upserts = Arguments.number(args, first, 5_000_000L);
        long[] sizes = Arguments.numbersFrom(args, first + 1, DEFAULT_SIZES);
        System.out.printf(
                Locale.ROOT,
                "Upsert benchmark: %,d upserts to %s existing keys, 1 s checkpoints,"
                        + " parallelism 1, table sizes %s%n",
                upserts,
                keys.name().toLowerCase(Locale.ROOT),
                Arrays.toString(sizes));
        run(new DiscardingSink<>(), upserts, sizes[0], keys, null, null); // warms the JVM up
        double blackhole =
                run(new DiscardingSink<>(), upserts, sizes[0], keys, null, null).perSecond();
        System.out.printf(Locale.ROOT, "blackhole: %,.0f rows/s%n", blackhole);
        List<String> lines = new ArrayList<>();
        Map<UpsertIndex, Double> smallest = new EnumMap<>(UpsertIndex.class);
        for (long size : sizes) {
            for (UpsertIndex index : UpsertIndex.values()) {
                lines.add(measure(size, index, keys, upserts, blackhole, smallest));
            }
        }
        System.out.printf(
                Locale.ROOT,
                "summary (blackhole %,.0f rows/s; target: at the largest size >= 0.8x the"
                        + " smallest, commit p99 < 1000 ms):%n",
                blackhole);
        System.out.println(
                "  table rows  index              rows/s  vs blackhole  vs smallest  commits  lookups"
                        + "  rows/commit  commit ms p50    p99  index load s");
        lines.forEach(line -> System.out.println("  " + line));
    }

    private static String measure(
            long size,
            UpsertIndex index,
            KeyDraw keys,
            long upserts,
            double blackhole,
            Map<UpsertIndex, Double> smallest)
            throws Exception {
        Path dir = Files.createTempDirectory("ducklake-upsert-bench");
        try {
            long loadStart = System.nanoTime();
            preload(dir, size);
            System.out.printf(
                    Locale.ROOT,
                    "size %,d: preloaded in %.1f s%n",
                    size,
                    (System.nanoTime() - loadStart) / 1e9);
            InMemoryReporter metrics = InMemoryReporter.createWithRetainedMetrics();
            TimedJob lake =
                    run(
                            DuckLakeSink.forRowData()
                                    .catalog(catalog(dir).key())
                                    .dataPath(dataPath(dir))
                                    .table("items")
                                    .rowType(ROW_TYPE)
                                    .primaryKey("id")
                                    .upsertIndex(index)
                                    .shuffleByKey(false)
                                    .build(),
                            upserts,
                            size,
                            keys,
                            metrics,
                            index == UpsertIndex.FLINK_STATE ? dir : null);
            HistogramStatistics commits = lake.commitDurations(metrics);
            double indexLoadSeconds =
                    index == UpsertIndex.FLINK_STATE
                            ? lake.gauge(metrics, DuckLakeSinkMetrics.UPSERT_INDEX_LOAD_DURATION)
                                    / 1e3
                            : 0;
            double perSecond = upserts / (upserts / lake.perSecond() - indexLoadSeconds);
            long lookups = lake.counter(metrics, DuckLakeSinkMetrics.COMMITS_LOOKING_UP_ROWS);
            metrics.close();
            smallest.putIfAbsent(index, perSecond);
            String line =
                    String.format(
                            Locale.ROOT,
                            "%,12d  %-11s  %,10.0f  %12.2fx  %11.2fx  %7d  %7d  %,11d  %13.0f  %5.0f  %12.1f",
                            size,
                            index,
                            perSecond,
                            perSecond / blackhole,
                            perSecond / smallest.get(index),
                            commits.size(),
                            lookups,
                            upserts / commits.size(),
                            commits.getQuantile(0.5),
                            commits.getQuantile(0.99),
                            indexLoadSeconds);
            System.out.println(line);
            return line;
        } finally {
            FileUtils.deleteDirectory(dir.toFile());
        }
    }

    private static CatalogLocation catalog(Path dir) {
        return CatalogLocation.duckDbFile(dir.resolve("metadata.ducklake"));
    }

    private static String dataPath(Path dir) {
        return dir.resolve("data") + "/";
    }

    /** Loads the {@link ItemsTable} with {@code size} rows. */
    private static void preload(Path dir, long size) {
        EngineConfig config =
                EngineConfig.builder(catalog(dir)).dataPath(dataPath(dir)).threads(2).build();
        try (LakeEngine engine = LakeEngine.open(config)) {
            ItemsTable.createAndLoad(engine, size);
        }
    }

    /**
     * Runs the job; with {@code rocksDbIn}, on RocksDB state checkpointed incrementally into that
     * directory.
     */
    private static TimedJob run(
            Sink<RowData> sink,
            long upserts,
            long size,
            KeyDraw keys,
            InMemoryReporter metrics,
            Path rocksDbIn)
            throws Exception {
        Configuration conf = new Configuration();
        conf.set(TaskManagerOptions.NUM_TASK_SLOTS, 2);
        if (rocksDbIn != null) {
            conf.set(StateBackendOptions.STATE_BACKEND, "rocksdb");
            conf.set(CheckpointingOptions.INCREMENTAL_CHECKPOINTS, true);
            conf.set(
                    CheckpointingOptions.CHECKPOINTS_DIRECTORY,
                    rocksDbIn.resolve("checkpoints").toUri().toString());
            conf.set(TaskManagerOptions.MANAGED_MEMORY_SIZE, MemorySize.ofMebiBytes(3 * 1024));
            conf.set(
                    RocksDBOptions.PREDEFINED_OPTIONS,
                    PredefinedOptions.FLASH_SSD_OPTIMIZED.name());
            conf.set(RocksDBConfigurableOptions.USE_BLOOM_FILTER, true);
        }
        return TimedJob.generate(
                TimedJob.environment(conf, metrics, 1, 1000),
                i -> upsert(keys.key(i, size), i),
                upserts,
                InternalTypeInfo.of(ROW_TYPE),
                sink,
                "upserts into " + size + " rows");
    }

    /** Event {@code i}, of key {@code id}: values no stored row has. */
    private static RowData upsert(long id, long i) {
        return GenericRowData.ofKind(
                RowKind.UPDATE_AFTER,
                id,
                StringData.fromString("item-" + id + "-v" + i),
                100 + i % 1_000,
                -1.0 - i);
    }

    /** SplitMix64's finalizer: consecutive inputs give well-spread outputs. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
