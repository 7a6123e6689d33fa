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
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.SCAN_BATCH_SIZE;

import dev.ducklake.engine.EngineRegistry;
import dev.ducklake.engine.LakeEngine;
import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.config.EngineConfig;
import dev.ducklake.engine.read.RowReader;
import dev.ducklake.engine.read.ScanRequest;
import dev.ducklake.engine.write.MergeSession;
import dev.ducklake.flink.common.DuckLakeConnectorOptions.FullCacheStorage;
import dev.ducklake.flink.common.EngineSpec;
import dev.ducklake.flink.common.FlinkLakeTypes;
import dev.ducklake.flink.source.lookup.FullCacheLookupFunction;
import dev.ducklake.flink.source.lookup.LookupSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.functions.FunctionContext;
import org.apache.flink.util.FileUtils;

/**
 * Lookup joins against a DuckLake table. One JVM, a local MiniCluster, parallelism 1:
 *
 * <ol>
 *   <li>Throughput: a stream of events (a datagen sequence) joined on a key with the {@link
 *       ItemsTable}, per {@code 'lookup.cache'} mode and per fraction of events whose key exists,
 *       against the same events joined in the same run with a dimension Flink holds itself (a
 *       datagen table of the same rows, a regular join): events per second and the ratio. The
 *       uncached and partially cached joins also run with 1,000 lookups in flight instead of
 *       Flink's default 100 ({@code /1000}), which makes their batches of keys larger.
 *   <li>What one query of a batch of keys costs, for 1, 100 and 1,000 keys, per table size (the
 *       table is loaded in files of 1 M rows, so the larger tables show the files skipped).
 *   <li>The full caches, in the heap and on disk, per table size: the cache is loaded (load time,
 *       heap, bytes on disk), 1,000 rows are updated in one commit and the next lookup applies the
 *       change (the median of five refreshes, which should stay about flat as the table grows), and
 *       a million lookups of random keys are timed. Then, up to 1 M rows, as many events as the
 *       table has rows are joined with it held by Flink and by each full cache. The heap's cache is
 *       left out where it would not fit half the heap.
 *   <li>A longer history: after 10,000 more snapshots of the lake (commits to another table), the
 *       query costs and the uncached join again, with their ratio to the fresh lake's.
 * </ol>
 *
 * <pre>{@code
 * mvn -q -pl benchmarks -am install -DskipTests
 * mvn -q -pl benchmarks exec:exec -Dexec.mainClass=dev.ducklake.benchmarks.LookupJoinBenchmark \
 *     -Dbenchmark.heap=8g -Dbenchmark.args="200000 100000 1000000 10000000"
 * }</pre>
 *
 * Arguments: events, dimension rows of the throughput runs (0 leaves them out), then the table
 * sizes of the full caches' runs.
 */
public final class LookupJoinBenchmark {

    private static final int CHANGES = 1_000;

    /** datagen's default is 10,000 rows per second. */
    private static final String UNTHROTTLED = "'rows-per-second' = '1000000000',";

    private static final int REFRESHES = 5;

    /** The full caches' reload interval: lookups in between are answered from the cache alone. */
    private static final Duration RELOAD_INTERVAL = Duration.ofSeconds(1);

    /** Lookups of random keys timed on each full cache. */
    private static final long LOOKUPS = 1_000_000;

    /**
     * The largest table joined with as many events as rows: at 10 M rows the Flink-held join (10 M
     * rows in heap state stalled the MiniCluster until its heartbeats timed out; in RocksDB state
     * it ran for more than 25 minutes) would take most of the run.
     */
    private static final long JOINED_ROWS = 1_000_000;

    /** About what a row of the items takes in the heap's full cache. */
    private static final long HEAP_BYTES_PER_ROW = 140;

    /** The snapshots added to the lake for the costs that must not grow with its history. */
    private static final int HISTORY = 10_000;

    private LookupJoinBenchmark() {}

    public static void main(String[] args) throws Exception {
        System.setProperty(
                "org.slf4j.simpleLogger.log.org.apache.flink.table.functions.FunctionContext",
                "error");
        long events = Arguments.number(args, 0, 200_000);
        long dimension = Arguments.number(args, 1, 100_000);
        long[] sizes = Arguments.numbersFrom(args, 2, new long[] {1_000_000, 10_000_000});
        System.out.printf(
                Locale.ROOT,
                "Lookup join benchmark: %,d events, a dimension of %,d rows, parallelism 1%n",
                events,
                dimension);
        if (dimension > 0) {
            throughput(events, dimension);
        }
        for (long size : sizes) {
            fullCaches(size);
        }
    }

    /**
     * The joins of each cache mode and the query costs on a table of {@code dimension} rows, on a
     * fresh lake and after a long history.
     */
    private static void throughput(long events, long dimension) throws Exception {
        List<String> lines = new ArrayList<>();
        String history;
        Path dir = Files.createTempDirectory("ducklake-lookup-bench");
        try {
            load(dir, dimension);
            double[] freshQueries = queryCosts(dir, dimension);
            join(dir, events, dimension, 1.0, null, 100); // warms the JVM up
            for (double matched : new double[] {1.0, 0.5}) {
                double held = join(dir, events, dimension, matched, null, 100);
                lines.add(line("Flink-held", matched, held, held));
                for (String cache : List.of("NONE", "PARTIAL", "FULL")) {
                    lines.add(
                            line(
                                    cache,
                                    matched,
                                    join(dir, events, dimension, matched, cache, 100),
                                    held));
                }
                for (String cache : List.of("NONE", "PARTIAL")) {
                    lines.add(
                            line(
                                    cache + "/1000",
                                    matched,
                                    join(dir, events, dimension, matched, cache, 1000),
                                    held));
                }
            }
            double fresh = join(dir, events, dimension, 1.0, "NONE", 100);
            LakeHistory.addSnapshots(config(dir), HISTORY);
            double[] longQueries = queryCosts(dir, dimension);
            double longHistory = join(dir, events, dimension, 1.0, "NONE", 100);
            history =
                    String.format(
                            Locale.ROOT,
                            "after %,d more snapshots: one query of 1 key %.2fx, of 100 keys %.2fx,"
                                    + " of 1,000 keys %.2fx; NONE join %,.0f events/s, %.2fx (of %,.0f)",
                            HISTORY,
                            longQueries[0] / freshQueries[0],
                            longQueries[1] / freshQueries[1],
                            longQueries[2] / freshQueries[2],
                            longHistory,
                            longHistory / fresh,
                            fresh);
        } finally {
            FileUtils.deleteDirectory(dir.toFile());
        }
        System.out.println("summary:");
        System.out.println("  dimension       matched     events/s  vs Flink-held");
        lines.forEach(line -> System.out.println("  " + line));
        System.out.println(history);
    }

    private static String line(String dimension, double matched, double perSecond, double held) {
        String out =
                String.format(
                        Locale.ROOT,
                        "%-12s  %9.0f%%  %,11.0f  %12.2fx",
                        dimension,
                        matched * 100,
                        perSecond,
                        perSecond / held);
        System.out.println(out);
        return out;
    }

    /**
     * Joins the events with the items, a fraction {@code matched} of them with an existing key:
     * with {@code cache} null, a datagen copy of the items that Flink holds in its join state.
     * {@code capacity}: Flink's {@code table.exec.async-lookup.buffer-capacity}, the lookups in
     * flight.
     */
    private static double join(
            Path dir, long events, long dimension, double matched, String cache, int capacity)
            throws Exception {
        return join(dir, events, dimension, matched, cache, FullCacheStorage.HEAP, capacity);
    }

    /** As above, with the full cache's rows held where {@code storage} says. */
    private static double join(
            Path dir,
            long events,
            long dimension,
            double matched,
            String cache,
            FullCacheStorage storage,
            int capacity)
            throws Exception {
        TableEnvironment tEnv = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        tEnv.getConfig().set("parallelism.default", "1");
        tEnv.getConfig().set("table.exec.async-lookup.buffer-capacity", Integer.toString(capacity));
        long keySpace = Math.round(dimension / matched);
        tEnv.executeSql(
                "CREATE TABLE events (n BIGINT, k AS MOD(n * 7919, "
                        + keySpace
                        + "),"
                        + " proc_time AS PROCTIME()) WITH ('connector' = 'datagen', "
                        + UNTHROTTLED
                        + " 'fields.n.kind' = 'sequence', 'fields.n.start' = '0', 'fields.n.end' = '"
                        + (events - 1)
                        + "')");
        tEnv.executeSql(
                "CREATE TABLE joined (n BIGINT, name STRING) WITH ('connector' = 'blackhole')");
        String insert;
        if (cache == null) {
            tEnv.executeSql(
                    "CREATE TABLE items (id BIGINT, name STRING, qty BIGINT, price DOUBLE) WITH ("
                            + " 'connector' = 'datagen', "
                            + UNTHROTTLED
                            + " 'fields.id.kind' = 'sequence',"
                            + " 'fields.id.start' = '0', 'fields.id.end' = '"
                            + (dimension - 1)
                            + "')");
            insert =
                    "INSERT INTO joined SELECT e.n, i.name FROM events AS e JOIN items AS i ON e.k = i.id";
        } else {
            tEnv.executeSql(
                    "CREATE TABLE items (id BIGINT NOT NULL, name STRING, qty BIGINT, price DOUBLE,"
                            + " PRIMARY KEY (id) NOT ENFORCED) WITH ('connector' = 'ducklake', 'catalog' = '"
                            + catalog(dir).key()
                            + "', 'data-path' = '"
                            + dataPath(dir)
                            + "', 'lookup.cache' = '"
                            + cache
                            + "', 'lookup.partial-cache.max-rows' = '"
                            + dimension
                            + "', 'lookup.full-cache.storage' = '"
                            + storage
                            + "')");
            insert =
                    "INSERT INTO joined SELECT e.n, i.name FROM events AS e"
                            + " JOIN items FOR SYSTEM_TIME AS OF e.proc_time AS i ON e.k = i.id";
        }
        long start = System.nanoTime();
        tEnv.executeSql(insert).await();
        return events / ((System.nanoTime() - start) / 1e9);
    }

    /**
     * What one query of a batch of keys costs the engine, as the uncached lookups query: the median
     * of 100 reads of {@code id IN (...)} at the latest version, in ms, for 1, 100 and 1,000 keys.
     */
    private static double[] queryCosts(Path dir, long dimension) {
        System.out.printf(
                Locale.ROOT,
                "one lookup query (id IN (...) at the latest version) on %,d rows in %d"
                        + " files, median (mean) of 100:%n",
                dimension,
                (dimension + ItemsTable.LOAD_BATCH - 1) / ItemsTable.LOAD_BATCH);
        int[] batches = {1, 100, 1000};
        double[] medianMillis = new double[batches.length];
        try (LakeEngine engine = LakeEngine.open(config(dir))) {
            for (int b = 0; b < batches.length; b++) {
                int keys = batches[b];
                long[] nanos = new long[100];
                long rows = 0;
                for (int q = 0; q < nanos.length; q++) {
                    long start = System.nanoTime();
                    // Keys spread over the whole table, so a single key can be in any file.
                    StringBuilder in = new StringBuilder();
                    for (int k = 0; k < keys; k++) {
                        in.append(k == 0 ? "" : ", ")
                                .append(
                                        Math.floorMod(
                                                (q * 1_009L + k) * 2_654_435_761L, dimension));
                    }
                    String ids = in.toString();
                    try (RowReader reader =
                            engine.read(
                                    ItemsTable.TABLE,
                                    ScanRequest.builder()
                                            .filter(
                                                    column ->
                                                            column.apply("id")
                                                                    + " IN ("
                                                                    + ids
                                                                    + ")")
                                            .build())) {
                        while (reader.hasNext()) {
                            reader.next();
                            rows++;
                        }
                    }
                    nanos[q] = System.nanoTime() - start;
                }
                double meanMillis = Arrays.stream(nanos).average().orElseThrow() / 1e6;
                Arrays.sort(nanos);
                medianMillis[b] = nanos[nanos.length / 2] / 1e6;
                System.out.printf(
                        Locale.ROOT,
                        "  %,5d keys: %6.1f ms (%.1f) (%,d rows)%n",
                        keys,
                        medianMillis[b],
                        meanMillis,
                        rows);
            }
        }
        return medianMillis;
    }

    /**
     * On a table of {@code size} rows: the lookup query's costs; per full cache storage, its load,
     * the heap it takes, its refreshes after 1,000 changed rows and its lookups per second; then,
     * up to {@link #JOINED_ROWS}, as many events as rows joined with the table held by Flink and by
     * each full cache. A storage whose rows do not fit half the heap is left out.
     */
    private static void fullCaches(long size) throws Exception {
        Path dir = Files.createTempDirectory("ducklake-lookup-refresh-bench");
        try {
            load(dir, size);
            queryCosts(dir, size);
            List<FullCacheStorage> fitting = new ArrayList<>();
            for (FullCacheStorage storage : FullCacheStorage.values()) {
                if (storage == FullCacheStorage.DISK
                        || size * HEAP_BYTES_PER_ROW < Runtime.getRuntime().maxMemory() / 2) {
                    fitting.add(storage);
                    fullCache(dir, size, storage);
                } else {
                    System.out.printf(
                            Locale.ROOT,
                            "full cache of %,d rows in the heap: left out, it would not fit half"
                                    + " the heap%n",
                            size);
                }
            }
            if (fitting.contains(FullCacheStorage.HEAP) && size <= JOINED_ROWS) {
                double held = join(dir, size, size, 1.0, null, 100);
                System.out.printf(Locale.ROOT, "%,d events joined with %,d rows:%n", size, size);
                line("Flink-held", 1.0, held, held);
                for (FullCacheStorage storage : fitting) {
                    line(
                            "FULL " + storage,
                            1.0,
                            join(dir, size, size, 1.0, "FULL", storage, 100),
                            held);
                }
            }
        } finally {
            FileUtils.deleteDirectory(dir.toFile());
        }
    }

    /**
     * Loads the table into a full cache of the given storage, then times refreshes of 1,000 changed
     * rows and lookups of random keys.
     */
    private static void fullCache(Path dir, long size, FullCacheStorage storage) throws Exception {
        LookupSettings settings =
                new LookupSettings(
                        EngineSpec.of(catalog(dir).key()).with(DATA_PATH, dataPath(dir)),
                        ItemsTable.TABLE.toString(),
                        FlinkLakeTypes.toFlinkRowType(ItemsTable.SCHEMA, List.of()),
                        List.of("id"),
                        null,
                        0,
                        1024,
                        RELOAD_INTERVAL,
                        SCAN_BATCH_SIZE.defaultValue(),
                        storage,
                        dir.resolve("cache").toString(),
                        false);
        FullCacheLookupFunction cache = new FullCacheLookupFunction(settings);
        long start = System.nanoTime();
        cache.open(new FunctionContext(null));
        double loadSeconds = (System.nanoTime() - start) / 1e9;
        long heapWithCache = usedHeap();
        long diskBytes = bytesUnder(dir.resolve("cache"));
        long[] refreshMillis = new long[REFRESHES];
        long checked = System.nanoTime();
        double lookupsPerSecond;
        // The cache's engine: a DuckDB-file catalog admits one engine per process.
        try (EngineRegistry.Lease lease =
                EngineRegistry.shared().acquire(settings.engine().toEngineConfig())) {
            for (int r = 0; r < REFRESHES; r++) {
                try (MergeSession merge = lease.engine().openMergeSession(ItemsTable.TABLE)) {
                    for (long i = 0; i < CHANGES; i++) {
                        long id = Math.floorMod((r * CHANGES + i) * 7_919_113L, size);
                        merge.upsert(new Object[] {id, "item-" + id + "-r" + r, (long) r, 1.0});
                    }
                    merge.commit();
                }
                // The next lookup checks for a new version once the reload interval has passed.
                Thread.sleep(
                        Math.max(
                                0,
                                RELOAD_INTERVAL.toMillis()
                                        - (System.nanoTime() - checked) / 1_000_000));
                long refreshStart = System.nanoTime();
                cache.lookup(GenericRowData.of(0L));
                checked = System.nanoTime();
                refreshMillis[r] = (checked - refreshStart) / 1_000_000;
            }
            long lookupStart = System.nanoTime();
            long found = 0;
            for (long i = 0; i < LOOKUPS; i++) {
                found +=
                        cache.lookup(GenericRowData.of(Math.floorMod(i * 2_654_435_761L, size)))
                                .size();
            }
            lookupsPerSecond = LOOKUPS / ((System.nanoTime() - lookupStart) / 1e9);
            if (found != LOOKUPS) {
                throw new IllegalStateException(found + " rows found by " + LOOKUPS + " lookups");
            }
        } finally {
            cache.close();
        }
        // What closing the cache gave back: the rows it held, with the changes applied.
        long heapBytes = heapWithCache - usedHeap();
        Arrays.sort(refreshMillis);
        System.out.printf(
                Locale.ROOT,
                "full cache of %,d rows in the %s: loaded in %.1f s, heap %+,d MB (%d bytes per"
                        + " row), %,d MB on disk; refresh after %,d changes: %d ms (median of %d);"
                        + " %,.0f lookups/s%n",
                size,
                storage,
                loadSeconds,
                heapBytes >> 20,
                heapBytes / size,
                diskBytes >> 20,
                CHANGES,
                refreshMillis[REFRESHES / 2],
                REFRESHES,
                lookupsPerSecond);
    }

    private static long bytesUnder(Path directory) throws IOException {
        if (!Files.exists(directory)) {
            return 0;
        }
        try (Stream<Path> files = Files.walk(directory)) {
            long bytes = 0;
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                bytes += Files.size(file);
            }
            return bytes;
        }
    }

    /**
     * The heap in use once collections stop freeing more: what an earlier job left behind can take
     * several collections to go, and would count against the cache otherwise.
     */
    private static long usedHeap() {
        Runtime runtime = Runtime.getRuntime();
        long used = Long.MAX_VALUE;
        for (int i = 0; i < 10; i++) {
            System.gc();
            long now = runtime.totalMemory() - runtime.freeMemory();
            if (now > used - (1L << 20)) {
                return Math.min(now, used);
            }
            used = now;
        }
        return used;
    }

    private static void load(Path dir, long size) {
        try (LakeEngine engine = LakeEngine.open(config(dir))) {
            ItemsTable.createAndLoad(engine, size);
        }
    }

    private static EngineConfig config(Path dir) {
        return EngineConfig.builder(catalog(dir)).dataPath(dataPath(dir)).threads(2).build();
    }

    private static CatalogLocation catalog(Path dir) {
        return CatalogLocation.duckDbFile(dir.resolve("metadata.ducklake"));
    }

    private static String dataPath(Path dir) {
        return dir.resolve("data") + "/";
    }
}
