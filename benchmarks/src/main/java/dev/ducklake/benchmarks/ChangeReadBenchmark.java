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
import dev.ducklake.engine.change.Change;
import dev.ducklake.engine.change.ChangeMethod;
import dev.ducklake.engine.change.ChangeReader;
import dev.ducklake.engine.change.ChangeSummary;
import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.config.EngineConfig;
import dev.ducklake.engine.schema.Column;
import dev.ducklake.engine.schema.LakeType;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.schema.TableSchema;
import dev.ducklake.engine.write.CommitResult;
import dev.ducklake.engine.write.MergeSession;
import dev.ducklake.engine.write.WriteMode;
import dev.ducklake.engine.write.WriteSession;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.apache.flink.util.FileUtils;

/**
 * Reading the changes between two versions of a keyed table, {@link ChangeMethod#BEFORE_IMAGES}
 * (the engine's choice here) and {@link ChangeMethod#CHANGE_FEED} against the reference {@link
 * ChangeMethod#FULL_DIFF}, as the table grows while the change stays the same size. Per table size
 * N, on a local DuckDB-file catalog in a fresh temporary directory (deleted at the end):
 *
 * <ol>
 *   <li>N rows are loaded with one {@link WriteSession} in {@link WriteMode#APPEND} (version v0);
 *   <li>one {@link MergeSession} changes exactly {@value #CHANGED} rows: {@value #UPDATES} updates,
 *       {@value #DELETES} deletes and {@value #INSERTS} inserts (version v1);
 *   <li>{@code engine.changes(table, v0, v1, method)}, read to the end, is timed with {@link
 *       System#nanoTime} per method: one warm-up run, then the best of {@value #RUNS}.
 * </ol>
 *
 * <p>Loading and merging are not timed. Both methods must yield the same {@value #CHANGED} changes
 * with equal summaries, or the program fails with an exception (a non-zero exit).
 *
 * <p>Run: {@code mvn -q -pl benchmarks -am install -DskipTests && mvn -q -pl benchmarks exec:exec
 * -Dexec.mainClass=dev.ducklake.benchmarks.ChangeReadBenchmark}; the table sizes (default 100,000,
 * 1,000,000 and 10,000,000) are the arguments, {@code -Dbenchmark.args="100000 1000000"}.
 */
public final class ChangeReadBenchmark {

    private static final long[] DEFAULT_SIZES = {100_000, 1_000_000, 10_000_000};
    private static final long SEED = 20240601L;
    private static final int THREADS = 2;
    private static final String MEMORY_LIMIT = "2GB";
    private static final int UPDATES = 400;
    private static final int DELETES = 300;
    private static final int INSERTS = 300;
    private static final int CHANGED = UPDATES + DELETES + INSERTS;
    private static final int RUNS = 3;
    private static final LocalDateTime EPOCH = LocalDateTime.of(2024, 1, 1, 0, 0);

    private static final TableSchema SCHEMA =
            TableSchema.builder()
                    .column(Column.of("id", LakeType.Primitive.BIGINT))
                    .column(Column.of("name", LakeType.Primitive.VARCHAR))
                    .column(Column.of("qty", LakeType.Primitive.INTEGER))
                    .column(Column.of("price", new LakeType.Decimal(12, 2)))
                    .column(Column.of("ts", LakeType.Primitive.TIMESTAMP))
                    .primaryKey("id")
                    .build();

    private ChangeReadBenchmark() {}

    /** Runs every table size; the arguments, if any, are the sizes. */
    public static void main(String[] args) throws IOException {
        long[] sizes =
                args.length == 0
                        ? DEFAULT_SIZES
                        : Arrays.stream(args)
                                .mapToLong(a -> Long.parseLong(a.replace("_", "").replace(",", "")))
                                .toArray();
        for (long rows : sizes) {
            if (rows < UPDATES + DELETES) {
                throw new IllegalArgumentException(
                        "A table size must be at least " + (UPDATES + DELETES) + ", got " + rows);
            }
        }
        Path dir = Files.createTempDirectory("ducklake-change-benchmark-");
        try {
            run(sizes, dir);
        } finally {
            FileUtils.deleteDirectory(dir.toFile());
        }
    }

    private static void run(long[] sizes, Path dir) {
        System.out.printf(
                Locale.ROOT,
                "DuckLake change read benchmark: sizes %s, %d changed rows, threads=%d,"
                        + " memory_limit=%s, %s%n",
                Arrays.toString(sizes),
                CHANGED,
                THREADS,
                MEMORY_LIMIT,
                dir);
        EngineConfig config =
                EngineConfig.builder(CatalogLocation.duckDbFile(dir.resolve("metadata.ducklake")))
                        .dataPath(dir.resolve("data") + "/")
                        .threads(THREADS)
                        .memoryLimit(MEMORY_LIMIT)
                        .build();
        List<Result> results = new ArrayList<>();
        try (LakeEngine engine = LakeEngine.open(config)) {
            for (long rows : sizes) {
                Result result = measure(engine, rows);
                results.add(result);
                System.out.printf(
                        Locale.ROOT,
                        "rows=%,d changed=%d before images: %.3f s  change feed: %.3f s"
                                + "  full diff: %.2f s  speed-up %.1fx (change feed %.1fx)%n",
                        result.rows,
                        CHANGED,
                        result.imagesNanos / 1e9,
                        result.feedNanos / 1e9,
                        result.diffNanos / 1e9,
                        result.speedUp(),
                        (double) result.diffNanos / result.feedNanos);
            }
        }
        System.out.println(
                "summary (best of "
                        + RUNS
                        + "; the engine's default read uses the before images;"
                        + " target: roughly flat as the table grows, >= 20x faster than the full diff at 10,000,000 rows):");
        System.out.printf(
                Locale.ROOT,
                "  %12s  %13s  %12s  %10s  %8s%n",
                "rows",
                "before images",
                "change feed",
                "full diff",
                "speed-up");
        for (Result result : results) {
            System.out.printf(
                    Locale.ROOT,
                    "  %,12d  %11.3f s  %10.3f s  %8.2f s  %7.1fx%n",
                    result.rows,
                    result.imagesNanos / 1e9,
                    result.feedNanos / 1e9,
                    result.diffNanos / 1e9,
                    result.speedUp());
        }
    }

    /**
     * Builds the two versions of a table of {@code rows} rows and times both change reads between
     * them.
     */
    private static Result measure(LakeEngine engine, long rows) {
        TableName table = TableName.of("changes_" + rows);
        engine.createTable(table, SCHEMA);
        SplittableRandom random = new SplittableRandom(SEED);
        long v0;
        try (WriteSession session = engine.openWriteSession(table, WriteMode.APPEND)) {
            for (long id = 0; id < rows; id++) {
                session.write(row(id, random, 0));
            }
            CommitResult result = session.commit();
            expect("rows loaded into " + table, rows, result.rowsWritten());
            v0 = result.version();
        }
        long v1 = change(engine, table, rows, random);

        Timing images = time(engine, table, v0, v1, ChangeMethod.BEFORE_IMAGES);
        Timing feed = time(engine, table, v0, v1, ChangeMethod.CHANGE_FEED);
        Timing diff = time(engine, table, v0, v1, ChangeMethod.FULL_DIFF);
        for (Timing fast : List.of(images, feed)) {
            if (!fast.read.summary.equals(diff.read.summary)
                    || !new HashSet<>(fast.read.changes).equals(new HashSet<>(diff.read.changes))) {
                throw new IllegalStateException(
                        "A fast method and the full diff of "
                                + table
                                + " disagree: "
                                + fast.read.summary
                                + " against "
                                + diff.read.summary);
            }
        }
        return new Result(rows, images.bestNanos, feed.bestNanos, diff.bestNanos);
    }

    /**
     * Commits one merge over existing ids {@code 0..rows-1} drawn at random: {@value #UPDATES}
     * upserted with new values ({@code qty} out of the loaded range, so every one is an update),
     * then {@value #DELETES} deleted, and {@value #INSERTS} new ids from {@code rows} up. Returns
     * the new version.
     */
    private static long change(
            LakeEngine engine, TableName table, long rows, SplittableRandom random) {
        LinkedHashSet<Long> existing = new LinkedHashSet<>();
        while (existing.size() < UPDATES + DELETES) {
            existing.add(random.nextLong(rows));
        }
        List<Long> ids = new ArrayList<>(existing);
        try (MergeSession session = engine.openMergeSession(table)) {
            for (long id : ids.subList(0, UPDATES)) {
                session.upsert(row(id, random, 1_000));
            }
            for (long id : ids.subList(UPDATES, ids.size())) {
                session.deleteKey(id);
            }
            for (long id = rows; id < rows + INSERTS; id++) {
                session.upsert(row(id, random, 0));
            }
            CommitResult result = session.commit();
            expect("rows updated in " + table, UPDATES, result.updated());
            expect("rows deleted from " + table, DELETES, result.deleted());
            expect("rows inserted into " + table, INSERTS, result.inserted());
            return result.version();
        }
    }

    /**
     * A row with the given id and random values; {@code qty} is in {@code [qtyBase, qtyBase +
     * 1000)}.
     */
    private static Object[] row(long id, SplittableRandom random, int qtyBase) {
        return new Object[] {
            id,
            "name-" + random.nextInt(1_000_000),
            qtyBase + random.nextInt(1_000),
            BigDecimal.valueOf(random.nextLong(100_000_000L), 2),
            EPOCH.plusNanos(random.nextLong(366L * 86_400_000_000L) * 1_000)
        };
    }

    /** One warm-up read, then the fastest of {@value #RUNS} timed reads, each read to the end. */
    private static Timing time(
            LakeEngine engine, TableName table, long from, long to, ChangeMethod method) {
        read(engine, table, from, to, method);
        long best = Long.MAX_VALUE;
        Read last = null;
        for (int run = 0; run < RUNS; run++) {
            long start = System.nanoTime();
            last = read(engine, table, from, to, method);
            best = Math.min(best, System.nanoTime() - start);
        }
        return new Timing(last, best);
    }

    /**
     * Reads all changes of {@code (from, to]} by the method and checks there are {@value #CHANGED}.
     */
    private static Read read(
            LakeEngine engine, TableName table, long from, long to, ChangeMethod method) {
        try (ChangeReader reader = engine.changes(table, from, to, method)) {
            List<Change> changes = reader.toList();
            expect(method + " changes of " + table, CHANGED, changes.size());
            expect(
                    method + " changes in the summary of " + table,
                    CHANGED,
                    reader.summary().changes());
            return new Read(reader.summary(), changes);
        }
    }

    private static void expect(String what, long expected, long actual) {
        if (expected != actual) {
            throw new IllegalStateException(
                    "Expected " + expected + " " + what + ", got " + actual);
        }
    }

    /** The changes one read yielded, and its summary. */
    private record Read(ChangeSummary summary, List<Change> changes) {}

    /** A method's last read and its best time. */
    private record Timing(Read read, long bestNanos) {}

    /** The best times of the three methods at one table size. */
    private record Result(long rows, long imagesNanos, long feedNanos, long diffNanos) {
        /** Of the engine's default read (before images) over the full diff. */
        double speedUp() {
            return (double) diffNanos / imagesNanos;
        }
    }
}
