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

package dev.ducklake.engine;

import dev.ducklake.engine.change.ChangeMethod;
import dev.ducklake.engine.change.ChangeReader;
import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.error.LakeException;
import dev.ducklake.engine.read.RowReader;
import dev.ducklake.engine.read.ScanRequest;
import dev.ducklake.engine.schema.Column;
import dev.ducklake.engine.schema.LakeType.Primitive;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.schema.TableSchema;
import dev.ducklake.engine.testutils.TestLakes;
import dev.ducklake.engine.testutils.TestSchemas;
import dev.ducklake.engine.write.MergeSession;
import dev.ducklake.engine.write.WriteMode;
import dev.ducklake.engine.write.WriteSession;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A stress test for a native crash once seen (SIGSEGV in {@code duckdb::StringUtil::CIHash} in a
 * thread committing a CREATE TABLE while another thread of the same engine scanned another table of
 * the lake): one thread keeps creating (and altering, dropping) tables while others keep reading an
 * existing table, all on one engine. A crash kills the forked JVM ("The forked VM terminated
 * without properly saying goodbye", hs_err_pid*.log in the module directory).
 *
 * <p>Without {@code SchemaCachePin} (60 s runs, {@code MALLOC_PERTURB_=165} so that reads of freed
 * memory crash), {@code stress.readers=2} crashed 4 runs of 5 in the DDL thread's COMMIT; without
 * the poisoning no run of 7 crashed. See {@link SchemaCacheEvictionTest} for the cause.
 *
 * <p>Off by default; run with {@code -Dstress.seconds=60}. Variations by system property: {@code
 * stress.catalog} (DUCKDB, SQLITE), {@code stress.readers} (scan threads), {@code
 * stress.changeReaders} (change-read threads), {@code stress.writer} (a thread merging into the
 * read table too), {@code stress.drop} (drop and alter created tables), {@code stress.threads}
 * (DuckDB threads), {@code stress.rows} (rows of the read table), {@code stress.payload} (random
 * characters added to each row, to make the read table large), {@code stress.memory} (DuckDB memory
 * limit), {@code stress.hogs} (threads reading all changes by a full diff, for memory pressure).
 */
class DdlWhileReadingStressTest {

    static final TableName SOURCE = TableName.of("src", "events");
    static final TableSchema SOURCE_SCHEMA =
            TestSchemas.columns("id BIGINT", "name VARCHAR", "amount DOUBLE")
                    .primaryKey("id")
                    .build();
    static final TableSchema DDL_SCHEMA =
            TestSchemas.columns(
                            "id BIGINT",
                            "some_long_column_name_a VARCHAR",
                            "some_long_column_name_b VARCHAR")
                    .primaryKey("id")
                    .build();

    @TempDir Path dir;

    @Test
    void createTablesWhileReadingAnother() throws Exception {
        int seconds = Integer.getInteger("stress.seconds", 0);
        Assumptions.assumeTrue(seconds > 0, "a stress test: run with -Dstress.seconds=N");
        run(dir, seconds);
    }

    /** Runs the stress for {@code seconds}; for running outside JUnit too. */
    static String run(Path dir, int seconds) throws Exception {
        CatalogLocation.Kind kind =
                CatalogLocation.Kind.valueOf(System.getProperty("stress.catalog", "DUCKDB"));
        int readers = Integer.getInteger("stress.readers", 1);
        int changeReaders = Integer.getInteger("stress.changeReaders", 1);
        boolean writer = Boolean.parseBoolean(System.getProperty("stress.writer", "false"));
        boolean drop = Boolean.parseBoolean(System.getProperty("stress.drop", "true"));
        int threads = Integer.getInteger("stress.threads", 1);
        int rows = Integer.getInteger("stress.rows", 2000);
        int payload = Integer.getInteger("stress.payload", 0);
        int hogs = Integer.getInteger("stress.hogs", 0);
        String memory = System.getProperty("stress.memory", "512MB");
        Files.createDirectories(dir);
        CatalogLocation catalog = TestLakes.catalog(kind, dir);
        AtomicBoolean stop = new AtomicBoolean();
        AtomicLong created = new AtomicLong();
        AtomicLong scans = new AtomicLong();
        AtomicLong changeReads = new AtomicLong();
        AtomicLong merges = new AtomicLong();
        AtomicLong hogReads = new AtomicLong();
        ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
        try (LakeEngine engine =
                LakeEngine.open(
                        TestLakes.config(catalog, dir)
                                .threads(threads)
                                .memoryLimit(memory)
                                .dataInliningRowLimit(0)
                                .build())) {
            engine.createTableIfNotExists(SOURCE, SOURCE_SCHEMA);
            long createdAt = engine.latestVersion(SOURCE);
            Random random = new Random(1);
            int batch = Integer.getInteger("stress.batch", rows);
            long first = -1;
            for (int start = 0; start < rows; start += batch) {
                try (WriteSession session = engine.openWriteSession(SOURCE, WriteMode.APPEND)) {
                    for (long i = start; i < Math.min(rows, start + batch); i++) {
                        session.write(
                                new Object[] {
                                    i, "name-" + i + randomText(random, payload), i * 1.5
                                });
                    }
                    first = session.commit().version();
                }
            }
            long from = first; // the changes of the merges
            for (int m = 0; m < 3; m++) {
                merge(engine, m, rows);
            }
            List<Thread> workers = new ArrayList<>();
            workers.add(
                    worker(
                            "ddl",
                            stop,
                            failures,
                            () -> {
                                long i = created.get();
                                TableName table =
                                        TableName.of(
                                                "ddl" + (i % 4), "table_with_a_longer_name_" + i);
                                engine.createTableIfNotExists(table, DDL_SCHEMA);
                                if (drop) {
                                    if (i % 3 == 0
                                            && engine.describeTable(table).positionOf("added_" + i)
                                                    < 0) {
                                        engine.addColumn(
                                                table, Column.of("added_" + i, Primitive.VARCHAR));
                                    }
                                    if (i % 2 == 1) {
                                        long prev = i - 1;
                                        engine.dropTable(
                                                TableName.of(
                                                        "ddl" + (prev % 4),
                                                        "table_with_a_longer_name_" + prev),
                                                true);
                                    }
                                }
                                created.incrementAndGet();
                            }));
            for (int r = 0; r < readers; r++) {
                workers.add(
                        worker(
                                "scan-" + r,
                                stop,
                                failures,
                                () -> {
                                    try (RowReader reader =
                                            engine.read(SOURCE, ScanRequest.all())) {
                                        long n = 0;
                                        while (reader.hasNext()) {
                                            reader.next();
                                            n++;
                                        }
                                        if (n != rows) {
                                            // seen under a tight memory limit: the stream ended
                                            // early without an error
                                            SHORT_SCANS.incrementAndGet();
                                            System.out.println(
                                                    "short scan: " + n + " of " + rows + " rows");
                                        }
                                    }
                                    scans.incrementAndGet();
                                }));
            }
            for (int r = 0; r < changeReaders; r++) {
                workers.add(
                        worker(
                                "changes-" + r,
                                stop,
                                failures,
                                () -> {
                                    long latest = engine.latestVersion(SOURCE);
                                    try (ChangeReader changes =
                                            engine.changes(SOURCE, from, latest)) {
                                        while (changes.hasNext()) {
                                            changes.next();
                                        }
                                    }
                                    changeReads.incrementAndGet();
                                }));
            }
            for (int h = 0; h < hogs; h++) {
                // a change read of the whole table by a full diff: two scans and a join, much
                // memory
                workers.add(
                        worker(
                                "hog-" + h,
                                stop,
                                failures,
                                () -> {
                                    long latest = engine.latestVersion(SOURCE);
                                    try (ChangeReader changes =
                                            engine.changes(
                                                    SOURCE,
                                                    createdAt,
                                                    latest,
                                                    ChangeMethod.FULL_DIFF)) {
                                        while (changes.hasNext()) {
                                            changes.next();
                                        }
                                    }
                                    hogReads.incrementAndGet();
                                }));
            }
            if (writer) {
                workers.add(
                        worker(
                                "merge",
                                stop,
                                failures,
                                () -> {
                                    merge(engine, merges.incrementAndGet(), rows);
                                }));
            }
            workers.forEach(Thread::start);
            long end = System.nanoTime() + seconds * 1_000_000_000L;
            while (System.nanoTime() < end && failures.isEmpty()) {
                Thread.sleep(200);
            }
            stop.set(true);
            for (Thread w : workers) {
                w.join(120_000);
            }
        }
        String summary =
                "catalog="
                        + kind
                        + " memory="
                        + memory
                        + " rows="
                        + rows
                        + " payload="
                        + payload
                        + " readers="
                        + readers
                        + " changeReaders="
                        + changeReaders
                        + " writer="
                        + writer
                        + " drop="
                        + drop
                        + " threads="
                        + threads
                        + ": created="
                        + created
                        + " scans="
                        + scans
                        + " changeReads="
                        + changeReads
                        + " merges="
                        + merges
                        + " hogs="
                        + hogs
                        + "/"
                        + hogReads
                        + " outOfMemory="
                        + OUT_OF_MEMORY
                        + " shortScans="
                        + SHORT_SCANS
                        + " otherErrors="
                        + OTHER_ERRORS;
        System.out.println(summary);
        if (!failures.isEmpty()) {
            AssertionError error =
                    new AssertionError(summary + "; " + failures.size() + " failures");
            failures.forEach(error::addSuppressed);
            throw error;
        }
        return summary;
    }

    static String randomText(Random random, int length) {
        char[] chars = new char[length];
        for (int i = 0; i < length; i++) {
            chars[i] = (char) ('!' + random.nextInt(90));
        }
        return new String(chars);
    }

    static void merge(LakeEngine engine, long m, int rows) {
        try (MergeSession merge = engine.openMergeSession(SOURCE)) {
            for (int k = 0; k < 10; k++) {
                long id = (m * 37 + k * 101) % rows;
                merge.upsert(new Object[] {id, "merged-" + m + "-" + k, m * 1.0});
            }
            merge.commit();
        }
    }

    static final AtomicLong OUT_OF_MEMORY = new AtomicLong();
    static final AtomicLong SHORT_SCANS = new AtomicLong();

    static final AtomicLong OTHER_ERRORS = new AtomicLong();

    /** What a use of freed memory in DuckLake wrote into a commit: names of garbage characters. */
    static boolean corrupt(String message) {
        return message.contains("unterminated quoted string")
                || message.contains("schema with id")
                || message.chars().anyMatch(c -> c == 0 || c == 0xA5 || c == 0xFFFD);
    }

    static boolean outOfMemory(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            String message = String.valueOf(t.getMessage());
            if (message.contains("Out of Memory")
                    || message.contains("allocate")
                    || message.contains("pin block")) {
                return true;
            }
        }
        return false;
    }

    interface Step {
        void run() throws Exception;
    }

    static Thread worker(
            String name, AtomicBoolean stop, ConcurrentLinkedQueue<Throwable> failures, Step step) {
        Thread t =
                new Thread(
                        () -> {
                            while (!stop.get()) {
                                try {
                                    step.run();
                                } catch (Throwable e) {
                                    if (outOfMemory(e)) {
                                        OUT_OF_MEMORY
                                                .incrementAndGet(); // expected under a tight memory
                                        // limit: go on
                                        continue;
                                    }
                                    String message = String.valueOf(e.getMessage());
                                    if (e instanceof LakeException && !corrupt(message)) {
                                        // other errors a tight memory limit brings (a transaction
                                        // it aborted); go on
                                        if (OTHER_ERRORS.incrementAndGet() <= 5) {
                                            System.out.println(
                                                    name
                                                            + ": "
                                                            + message.lines()
                                                                    .findFirst()
                                                                    .orElse(""));
                                        }
                                        continue;
                                    }
                                    failures.add(new AssertionError(name + " failed", e));
                                    return;
                                }
                            }
                        },
                        "stress-" + name);
        t.setDaemon(true);
        return t;
    }

    /** Runs outside JUnit: {@code java -cp ... DdlWhileReadingStressTest <dir> <seconds>}. */
    public static void main(String[] args) throws Exception {
        run(Path.of(args[0]), Integer.parseInt(args[1]));
        System.exit(0);
    }
}
