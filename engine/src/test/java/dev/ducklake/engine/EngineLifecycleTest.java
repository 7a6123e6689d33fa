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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.assertj.core.api.Assertions.fail;
import static org.awaitility.Awaitility.await;

import dev.ducklake.engine.change.ChangeRequest;
import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.config.EngineConfig;
import dev.ducklake.engine.error.LakeBusyException;
import dev.ducklake.engine.error.LakeCancelledException;
import dev.ducklake.engine.error.LakeClosedException;
import dev.ducklake.engine.error.LakeException;
import dev.ducklake.engine.error.LakeValidationException;
import dev.ducklake.engine.maintenance.MaintenanceRequest;
import dev.ducklake.engine.read.RowReader;
import dev.ducklake.engine.read.ScanRequest;
import dev.ducklake.engine.schema.LakeType.Primitive;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.schema.TableSchema;
import dev.ducklake.engine.testutils.EngineUntilKilled;
import dev.ducklake.engine.testutils.JvmProcess;
import dev.ducklake.engine.testutils.TestLakes;
import dev.ducklake.engine.write.CommitResult;
import dev.ducklake.engine.write.MergeSession;
import dev.ducklake.engine.write.WriteMode;
import dev.ducklake.engine.write.WriteSession;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Opening, closing, cancelling and bounding an engine on a DuckDB-file catalog. */
class EngineLifecycleTest {

    static final TableName EVENTS = TableName.of("events");
    static final TableSchema EVENTS_SCHEMA =
            TestLakes.keyValueSchema("id", Primitive.BIGINT, "payload", Primitive.VARCHAR);

    /**
     * Rows of the big table: enough that a streaming read is still running when it is cancelled.
     */
    static final int BIG = 2_000_000;

    @TempDir Path dir;

    LakeEngine engine;

    @AfterEach
    void closeEngine() {
        if (engine != null) {
            engine.close();
        }
    }

    CatalogLocation catalog() {
        return TestLakes.catalog(CatalogLocation.Kind.DUCKDB, dir);
    }

    LakeEngine open() {
        return TestLakes.open(catalog(), dir);
    }

    LakeEngine open(EngineConfig.Builder builder) {
        return LakeEngine.open(builder.build());
    }

    /** An engine with one read slot, waiting at most {@code acquireTimeout} for it, over rows. */
    LakeEngine openWithOneReadSlot(Duration acquireTimeout, int rows) {
        LakeEngine opened =
                open(
                        TestLakes.config(catalog(), dir)
                                .maxConcurrentReads(1)
                                .acquireTimeout(acquireTimeout));
        try {
            opened.createTable(EVENTS, EVENTS_SCHEMA);
            appendRows(opened, rows);
            return opened;
        } catch (RuntimeException e) {
            opened.close();
            throw e;
        }
    }

    /**
     * An open that fails after DuckDB attached the catalog (here while building the engine over it)
     * closes that DuckDB: the failure is the one the user sees, and the next open of the same
     * catalog in this JVM succeeds instead of being refused with "already attached".
     */
    @Test
    void aFailedOpenClosesItsDuckDbSoTheCauseShowsAndTheNextOpenSucceeds() throws IOException {
        EngineConfig config = TestLakes.config(catalog(), dir).build();
        assertThatThrownBy(
                        () ->
                                LakeEngine.open(
                                        config,
                                        duckDb -> {
                                            throw new IllegalStateException(
                                                    "the engine could not be built");
                                        }))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("the engine could not be built");

        engine = LakeEngine.open(config);
        engine.createTable(EVENTS, EVENTS_SCHEMA);
        assertThat(engine.tableExists(EVENTS)).isTrue();
        assertThat(engineTempDirs()).hasSize(1);
    }

    long appendRows(LakeEngine target, int count) {
        return appendRows(target, 0, count);
    }

    long appendRows(LakeEngine target, long from, int count) {
        try (WriteSession session = target.openWriteSession(EVENTS, WriteMode.APPEND)) {
            for (long i = from; i < from + count; i++) {
                session.write(new Object[] {i, "p" + i});
            }
            return session.commit().version();
        }
    }

    List<Path> engineTempDirs() throws IOException {
        Path tmp = dir.resolve("tmp");
        if (!Files.exists(tmp)) {
            return List.of();
        }
        try (Stream<Path> children = Files.list(tmp)) {
            return children.filter(p -> p.getFileName().toString().startsWith("ducklake-engine-"))
                    .collect(Collectors.toList());
        }
    }

    static void joinOrFail(Thread thread, String what) throws InterruptedException {
        thread.join(TimeUnit.SECONDS.toMillis(30));
        if (thread.isAlive()) {
            StringBuilder stack = new StringBuilder();
            for (StackTraceElement e : thread.getStackTrace()) {
                stack.append("\n  at ").append(e);
            }
            fail(what + " did not finish within 30 s (hang); its stack:" + stack);
        }
    }

    @Test
    void closeIsIdempotentAndRefusesWorkAfterwards() {
        engine = open();
        engine.createTable(EVENTS, EVENTS_SCHEMA);
        appendRows(engine, 3);

        engine.close();
        engine.close();

        assertThatThrownBy(() -> engine.createTable(TableName.of("other"), EVENTS_SCHEMA))
                .isInstanceOf(LakeClosedException.class)
                .hasMessageContaining("closed");
        assertThatThrownBy(() -> engine.latestVersion(EVENTS))
                .isInstanceOf(LakeClosedException.class)
                .hasMessageContaining("closed");
        assertThatThrownBy(() -> engine.openWriteSession(EVENTS, WriteMode.APPEND))
                .isInstanceOf(LakeClosedException.class)
                .hasMessageContaining("closed");
        assertThatThrownBy(() -> engine.openMergeSession(EVENTS))
                .isInstanceOf(LakeClosedException.class)
                .hasMessageContaining("closed");
        assertThatThrownBy(() -> engine.read(EVENTS, ScanRequest.all()))
                .isInstanceOf(LakeClosedException.class)
                .hasMessageContaining("closed");
        assertThatThrownBy(() -> engine.read(EVENTS, ScanRequest.builder().version(1).build()))
                .isInstanceOf(LakeClosedException.class)
                .hasMessageContaining("closed");
        assertThat(engine.openResources()).isZero();
        engine.close();
    }

    /**
     * A read waiting for a slot and maintenance waiting for open reads fail at once with a "closed"
     * error when the engine closes, not after the acquire timeout.
     */
    @Test
    void closeFailsTheWorkWaitingAtItsGatesAtOnce() throws Exception {
        engine = openWithOneReadSlot(Duration.ofSeconds(60), 1_000);
        RowReader holding = engine.read(EVENTS, ScanRequest.all());
        assertThat(holding.hasNext()).isTrue();

        AtomicReference<Throwable> read = new AtomicReference<>();
        AtomicReference<Throwable> maintenance = new AtomicReference<>();
        Thread reader =
                new Thread(
                        () ->
                                read.set(
                                        catchThrowable(
                                                () ->
                                                        engine.read(EVENTS, ScanRequest.all())
                                                                .close())),
                        "waiting-read");
        Thread maintainer =
                new Thread(
                        () ->
                                maintenance.set(
                                        catchThrowable(
                                                () ->
                                                        engine.maintain(
                                                                MaintenanceRequest.builder()
                                                                        .table(EVENTS)
                                                                        .mergeAdjacentFiles()
                                                                        .build()))),
                        "waiting-maintenance");
        reader.start();
        maintainer.start();
        await().atMost(Duration.ofSeconds(30))
                .until(
                        () ->
                                reader.getState() == Thread.State.TIMED_WAITING
                                        && maintainer.getState() == Thread.State.TIMED_WAITING);

        long start = System.nanoTime();
        engine.close();
        joinOrFail(reader, "the waiting read");
        joinOrFail(maintainer, "the waiting maintenance");

        assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start))
                .as("ms until both failed")
                .isLessThan(20_000);
        assertThat(read.get())
                .isInstanceOf(LakeClosedException.class)
                .hasMessageContaining("closed");
        assertThat(maintenance.get())
                .isInstanceOf(LakeClosedException.class)
                .hasMessageContaining("closed");
    }

    /**
     * Close from another thread while maintenance rewrites a table's files (caught running a DuckDB
     * statement): close waits for it, and it completes; the lake opens again afterwards with every
     * row. A round whose maintenance ended before it was caught running proves nothing; one of
     * three must catch it.
     */
    @Test
    void closeWaitsForMaintenanceThatRuns() throws Exception {
        int caught = 0;
        for (int round = 0; round < 3; round++) {
            Path lake = dir.resolve("race-" + round);
            LakeEngine racing = openWithEvents(lake);
            for (int file = 0; file < 20; file++) {
                appendRows(racing, file * 50_000L, 50_000);
            }
            AtomicReference<Throwable> failure = new AtomicReference<>();
            boolean running =
                    closeWhileRunning(
                            racing,
                            "the racing maintenance",
                            () -> {
                                try {
                                    racing.maintain(
                                            MaintenanceRequest.builder()
                                                    .table(EVENTS)
                                                    .mergeAdjacentFiles()
                                                    .build());
                                } catch (Throwable t) {
                                    failure.set(t);
                                }
                            },
                            EngineLifecycleTest::inDuckDb,
                            Duration.ofSeconds(30));
            if (running) {
                caught++;
                assertThat(failure.get()).as("round %s: maintenance closed under", round).isNull();
            }
            assertThat(rowsAfterReopening(lake)).hasSize(1_000_000);
        }
        assertThat(caught).as("rounds that closed the engine while maintenance ran").isPositive();
    }

    /**
     * A close that races a commit waits for the commit that runs; whatever the timing, the commit's
     * outcome tells the truth: a commit that returned is in the lake whole, one that failed left
     * nothing.
     */
    @Test
    void closeRacingACommitInFlightLeavesItWholeOrAbsentAsItsOutcomeSays() throws Exception {
        int caught = 0;
        for (int round = 0; round < 3; round++) {
            Path lake = dir.resolve("commit-race-" + round);
            LakeEngine racing = openWithEvents(lake);
            appendRows(racing, 0, 300_000);
            AtomicReference<Object> outcome = new AtomicReference<>();
            // A session is used by one thread: the committer stages its rows too.
            boolean running =
                    closeWhileRunning(
                            racing,
                            "the racing commit",
                            () -> {
                                try (MergeSession merge = racing.openMergeSession(EVENTS)) {
                                    for (long id = 0; id < 600_000; id += 2) {
                                        merge.upsert(new Object[] {id, "changed"});
                                    }
                                    outcome.set(merge.commit());
                                } catch (Throwable t) {
                                    outcome.set(t);
                                }
                            },
                            EngineLifecycleTest::committing,
                            Duration.ofSeconds(60));
            if (running) {
                caught++;
                assertThat(outcome.get())
                        .as("round %s: a commit that close waited for", round)
                        .isInstanceOf(CommitResult.class);
            }
            long changed =
                    rowsAfterReopening(lake).stream()
                            .filter(row -> row[1].equals("changed"))
                            .count();
            if (outcome.get() instanceof CommitResult result) {
                assertThat(result.committed()).as("round %s: the commit's result", round).isTrue();
                assertThat(changed)
                        .as("round %s: rows of a commit that returned", round)
                        .isEqualTo(300_000);
            } else {
                assertThat((Throwable) outcome.get())
                        .as("round %s: the commit's failure", round)
                        .isInstanceOf(LakeClosedException.class);
                assertThat(changed).as("round %s: rows of a commit that failed", round).isZero();
            }
        }
        assertThat(caught).as("rounds that closed the engine while the commit ran").isPositive();
    }

    /**
     * Runs the work on a thread of its own and closes the engine once the thread is inside DuckDB
     * as {@code inside} tells, or done; whether the work still ran when the close began.
     */
    private static boolean closeWhileRunning(
            LakeEngine engine,
            String what,
            Runnable work,
            Predicate<Thread> inside,
            Duration atMost)
            throws InterruptedException {
        Thread thread = new Thread(work, what);
        thread.start();
        await().atMost(atMost)
                .pollInterval(Duration.ofMillis(1))
                .until(() -> !thread.isAlive() || inside.test(thread));
        boolean running = thread.isAlive();
        engine.close();
        joinOrFail(thread, what);
        return running;
    }

    /** An engine on a new DuckDB-file lake in {@code lake} that holds an empty events table. */
    private static LakeEngine openWithEvents(Path lake) {
        LakeEngine engine = openLakeIn(lake);
        engine.createTable(EVENTS, EVENTS_SCHEMA);
        return engine;
    }

    private static LakeEngine openLakeIn(Path lake) {
        return TestLakes.open(TestLakes.catalog(CatalogLocation.Kind.DUCKDB, lake), lake);
    }

    /** The rows of the events table, read by an engine opened anew on the lake in {@code lake}. */
    private static List<Object[]> rowsAfterReopening(Path lake) {
        try (LakeEngine reopened = openLakeIn(lake);
                RowReader rows = reopened.read(EVENTS, ScanRequest.all())) {
            return rows.toList();
        }
    }

    /** Whether a thread is inside DuckDB on behalf of a commit. */
    private static boolean committing(Thread thread) {
        StackTraceElement[] frames = thread.getStackTrace();
        return inDuckDb(thread)
                && Stream.of(frames).anyMatch(f -> f.getClassName().endsWith(".CommitExecutor"));
    }

    private static boolean inDuckDb(Thread thread) {
        for (StackTraceElement frame : thread.getStackTrace()) {
            if (frame.getClassName().startsWith("org.duckdb.DuckDBNative")) {
                return true;
            }
        }
        return false;
    }

    @Test
    void closeFromAnotherThreadCancelsAnOpenReader() throws Exception {
        ReadingThread reader = readingTheBigTable();

        Thread closer = new Thread(() -> engine.close(), "lake-closer");
        closer.start();
        joinOrFail(closer, "engine.close()");
        joinOrFail(reader.thread, "the reading thread");

        assertThat(reader.outcome.get())
                .as(
                        "the reader ended with a cancel or closed error after %d rows",
                        reader.rowsRead.get())
                .isInstanceOfAny(LakeCancelledException.class, LakeClosedException.class);
        assertThat(reader.rowsRead.get()).isLessThan(BIG);
        assertThat(engine.openResources()).isZero();
        assertThat(engineTempDirs()).isEmpty();
    }

    @Test
    void interruptingTheReadingThreadCancelsTheRead() throws Exception {
        ReadingThread reader = readingTheBigTable();
        reader.thread.interrupt();
        joinOrFail(reader.thread, "the interrupted reading thread");

        assertThat(reader.outcome.get()).isInstanceOf(LakeCancelledException.class);
        assertThat(reader.rowsRead.get()).isLessThan(BIG);
        assertThat(engine.openResources()).isZero();
        assertThatThrownBy(() -> reader.opened.get().hasNext())
                .isInstanceOf(LakeClosedException.class);
        try (RowReader again = engine.read(EVENTS, ScanRequest.builder().limit(5).build())) {
            assertThat(again.toList()).hasSize(5);
        }
        assertThat(engine.openResources()).isZero();
    }

    @Test
    void interruptBeforeNextIsSeenByNextAndHasNext() {
        engine = open();
        engine.createTable(EVENTS, EVENTS_SCHEMA);
        appendRows(engine, 100);
        RowReader rows = engine.read(EVENTS, ScanRequest.all());
        try {
            rows.next();
            Thread.currentThread().interrupt();
            assertThatThrownBy(rows::next)
                    .isInstanceOf(LakeCancelledException.class)
                    .hasMessageContaining("interrupted");
        } finally {
            Thread.interrupted();
        }
        assertThat(engine.openResources()).isZero();
        assertThatThrownBy(rows::hasNext).isInstanceOf(LakeClosedException.class);

        RowReader second = engine.read(EVENTS, ScanRequest.all());
        try {
            second.next();
            Thread.currentThread().interrupt();
            assertThatThrownBy(second::hasNext).isInstanceOf(LakeCancelledException.class);
        } finally {
            Thread.interrupted();
        }
        assertThat(engine.openResources()).isZero();
    }

    @Test
    void sessionsLeftOpenAreAbortedByClose() {
        engine = open();
        engine.createTable(EVENTS, EVENTS_SCHEMA);
        long before = appendRows(engine, 3);

        WriteSession write = engine.openWriteSession(EVENTS, WriteMode.APPEND);
        write.write(new Object[] {100L, "never"});
        MergeSession merge = engine.openMergeSession(EVENTS);
        merge.upsert(new Object[] {0L, "changed"});
        merge.deleteKey(1L);
        assertThat(engine.openResources()).isEqualTo(2);

        engine.close();
        assertThat(engine.openResources()).isZero();
        assertThatThrownBy(write::commit).isInstanceOf(LakeClosedException.class);
        assertThatThrownBy(merge::commit).isInstanceOf(LakeClosedException.class);

        engine = open();
        assertThat(engine.latestVersion(EVENTS)).isEqualTo(before);
        try (RowReader rows = engine.read(EVENTS, ScanRequest.builder().orderByKey(true).build())) {
            assertThat(rows.toList())
                    .containsExactly(
                            new Object[] {0L, "p0"},
                            new Object[] {1L, "p1"},
                            new Object[] {2L, "p2"});
        }
    }

    @Test
    void spillDirectoryLivesExactlyAsLongAsTheEngine() throws IOException {
        assertThat(engineTempDirs()).isEmpty();
        engine = open();
        List<Path> whileOpen = engineTempDirs();
        assertThat(whileOpen).hasSize(1);
        assertThat(whileOpen.get(0)).isDirectory();

        engine.close();
        assertThat(whileOpen.get(0)).doesNotExist();
        assertThat(engineTempDirs()).isEmpty();
    }

    /**
     * Flink's SQL client shows the innermost cause of a failure, with a message, first or alone.
     * For a catalog or spill directory that cannot be created, that was a bare {@code
     * NoSuchFileException: /proc/...}; it is the engine's own message, which quotes it.
     */
    @Test
    void aDirectoryThatCannotBeCreatedFailsWithTheEnginesMessageInnermost() {
        Path impossible = Path.of("/proc/ducklake-test");
        EngineConfig badCatalog =
                TestLakes.config(
                                CatalogLocation.duckDbFile(impossible.resolve("metadata.ducklake")),
                                dir)
                        .build();
        EngineConfig badSpill =
                TestLakes.config(catalog(), dir).temporaryDirectory(impossible).build();
        for (EngineConfig config : List.of(badCatalog, badSpill)) {
            Throwable shown = catchThrowable(() -> LakeEngine.open(config).close());
            while (shown.getCause() != null
                    && shown.getCause().getMessage() != null
                    && !shown.getCause().getMessage().isEmpty()) {
                shown = shown.getCause();
            }
            assertThat(shown)
                    .isInstanceOf(LakeException.class)
                    .hasMessageContaining("Could not create")
                    .hasMessageContaining(impossible.toString())
                    .hasMessageContaining("NoSuchFileException");
        }
    }

    /**
     * A process killed with SIGKILL (a TaskManager the job lost) never closes its engines; the next
     * engine opened on the same temporary directory removes their spill directories, and keeps
     * those of engines still open, in this JVM and in others.
     */
    @Test
    void spillDirectoriesOfAKilledProcessAreRemovedByTheNextEngineAndLiveOnesKept()
            throws Exception {
        engine = open();
        Path ours = engineTempDirs().get(0);
        try (JvmProcess other =
                JvmProcess.start(
                        EngineUntilKilled.class,
                        dir.resolve("other.log"),
                        dir.resolve("other").toString(),
                        dir.resolve("tmp").toString())) {
            Path theirs = awaitSpillDirectoryOf(other);
            try (LakeEngine second = openElsewhere("second")) {
                assertThat(theirs).as("the spill directory of a live process").isDirectory();
            }
            other.kill();
            assertThat(theirs).as("left behind by SIGKILL").isDirectory();

            try (LakeEngine third = openElsewhere("third")) {
                assertThat(theirs).doesNotExist();
                assertThat(ours).isDirectory();
                assertThat(engineTempDirs()).hasSize(2);
            }
        }
    }

    /**
     * A DuckDB-file catalog another process holds (a second TaskManager, a JobManager) cannot be
     * opened; the error says so and names the catalogs that serve several processes.
     */
    @Test
    void aDuckDbFileCatalogHeldByAnotherProcessFailsNamingTheCatalogsForSeveral() throws Exception {
        try (JvmProcess other =
                JvmProcess.start(
                        EngineUntilKilled.class,
                        dir.resolve("other.log"),
                        dir.toString(),
                        dir.resolve("tmp").toString())) {
            awaitSpillDirectoryOf(other);

            assertThatThrownBy(this::open)
                    .isInstanceOf(LakeException.class)
                    .hasMessageContaining("Could not set lock")
                    .hasMessageContaining("A DuckDB-file catalog serves one process at a time")
                    .hasMessageContaining("'sqlite:<path>'")
                    .hasMessageContaining("'postgres:<libpq connection string>'");
        }
    }

    /** The spill directory the process's engine created, once it is open. */
    private Path awaitSpillDirectoryOf(JvmProcess process) throws Exception {
        List<Path> before = engineTempDirs();
        // The log is the value waited on, so a timeout shows it; an exited process ends the wait at
        // once.
        await("the engine of the other process opened (its log says Opened)")
                .atMost(Duration.ofSeconds(60))
                .until(
                        () -> {
                            if (!process.isAlive()) {
                                throw new AssertionError(
                                        "The other process exited before its engine opened; its log:\n"
                                                + process.output());
                            }
                            return process.output();
                        },
                        output -> output.contains("Opened"));
        List<Path> created = engineTempDirs().stream().filter(p -> !before.contains(p)).toList();
        assertThat(created).as("spill directories the other process created").hasSize(1);
        return created.get(0);
    }

    /** An engine on a catalog of its own that spills where {@link #open()}'s engines do. */
    private LakeEngine openElsewhere(String name) {
        Path other = dir.resolve(name);
        return LakeEngine.open(
                TestLakes.config(TestLakes.catalog(CatalogLocation.Kind.DUCKDB, other), other)
                        .temporaryDirectory(dir.resolve("tmp"))
                        .build());
    }

    @Test
    void readsBeyondTheBoundFailFastWithBusyAndSucceedOnceASlotIsFree() throws Exception {
        engine = openWithOneReadSlot(Duration.ofMillis(200), 10_000);

        RowReader first = engine.read(EVENTS, ScanRequest.all());
        assertThat(first.hasNext()).isTrue();

        AtomicReference<Throwable> second = new AtomicReference<>();
        AtomicLong waitedMillis = new AtomicLong();
        Thread other =
                new Thread(
                        () -> {
                            long start = System.nanoTime();
                            try (RowReader rows = engine.read(EVENTS, ScanRequest.all())) {
                                second.set(
                                        new AssertionError(
                                                "a second read got a slot while the only one was taken"));
                            } catch (Throwable t) {
                                second.set(t);
                            } finally {
                                waitedMillis.set(
                                        TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
                            }
                        },
                        "second-reader");
        other.start();
        joinOrFail(other, "the second read");
        assertThat(second.get())
                .isInstanceOf(LakeBusyException.class)
                .hasMessageContaining("1 read slot")
                .hasMessageContaining("200 ms");
        assertThat(waitedMillis.get()).isBetween(150L, 10_000L);
        assertThat(engine.openResources()).isEqualTo(1);

        first.close();
        assertThat(engine.openResources()).isZero();
        try (RowReader rows = engine.read(EVENTS, ScanRequest.all())) {
            assertThat(rows.toList()).hasSize(10_000);
        }
    }

    @Test
    void closingAReaderEarlyFreesItsSlotAndConnection() {
        engine = openWithOneReadSlot(Duration.ofMillis(200), 100_000);

        for (int i = 0; i < 5; i++) {
            try (RowReader rows = engine.read(EVENTS, ScanRequest.all())) {
                assertThat(rows.next()).hasSize(2);
                assertThat(engine.openResources()).isEqualTo(1);
            }
            assertThat(engine.openResources()).isZero();
        }
        // a reader read to its end frees itself even without close
        RowReader drained = engine.read(EVENTS, ScanRequest.builder().limit(3).build());
        assertThat(drained.toList()).hasSize(3);
        assertThat(engine.openResources()).isZero();
        try (RowReader rows = engine.read(EVENTS, ScanRequest.builder().limit(1).build())) {
            assertThat(rows.toList()).hasSize(1);
        }
    }

    @Test
    void aReadThatIsRefusedFreesItsSlotAndConnection() {
        engine = openWithOneReadSlot(Duration.ofMillis(200), 10);

        for (int i = 0; i < 3; i++) {
            assertThatThrownBy(
                            () ->
                                    engine.read(
                                            EVENTS,
                                            ScanRequest.builder()
                                                    .columns(List.of("no_such_column"))
                                                    .build()))
                    .isInstanceOf(LakeValidationException.class)
                    .hasMessageContaining("no_such_column");
            assertThat(engine.openResources()).isZero();
            assertThatThrownBy(
                            () ->
                                    engine.changes(
                                            EVENTS,
                                            ChangeRequest.builder(1, 2)
                                                    .columns(List.of("no_such_column"))
                                                    .build()))
                    .isInstanceOf(LakeValidationException.class)
                    .hasMessageContaining("no_such_column");
            assertThat(engine.openResources()).isZero();
        }
        try (RowReader rows = engine.read(EVENTS, ScanRequest.all())) {
            assertThat(rows.toList()).hasSize(10);
        }
    }

    @Test
    void repeatedOpenUseCloseCyclesLeaveNothingBehind() throws IOException {
        for (int cycle = 0; cycle < 2; cycle++) {
            LakeEngine cycleEngine = open();
            try {
                if (cycle == 0) {
                    cycleEngine.createTable(EVENTS, EVENTS_SCHEMA);
                }
                appendRows(cycleEngine, cycle * 1_000L, 1_000);
                try (RowReader rows = cycleEngine.read(EVENTS, ScanRequest.all())) {
                    assertThat(rows.toList()).hasSize(1_000 * (cycle + 1));
                }
                RowReader abandoned = cycleEngine.read(EVENTS, ScanRequest.all());
                abandoned.next();
                cycleEngine.openMergeSession(EVENTS).upsert(new Object[] {-1L, "abandoned"});
                assertThat(engineTempDirs()).hasSize(1);
            } finally {
                cycleEngine.close();
            }
            assertThat(cycleEngine.openResources()).isZero();
            assertThat(engineTempDirs()).as("engine temp dirs after cycle %d", cycle).isEmpty();
        }
    }

    /** Opens the engine, fills the big table, and returns a thread that is reading it. */
    ReadingThread readingTheBigTable() throws InterruptedException {
        engine = open();
        engine.createTable(EVENTS, EVENTS_SCHEMA);
        appendRows(engine, BIG);
        ReadingThread reader = ReadingThread.start(engine);
        assertThat(reader.reading.await(30, TimeUnit.SECONDS)).as("the reader started").isTrue();
        return reader;
    }

    /**
     * A thread reading the whole events table row by row. It does not close its reader: a cancel
     * (an interrupt or the engine's close) must release the reader by itself.
     */
    static final class ReadingThread {
        final CountDownLatch reading = new CountDownLatch(1);
        final AtomicLong rowsRead = new AtomicLong();
        final AtomicReference<Throwable> outcome = new AtomicReference<>();
        final AtomicReference<RowReader> opened = new AtomicReference<>();
        final Thread thread;

        private ReadingThread(LakeEngine engine) {
            thread =
                    new Thread(
                            () -> {
                                try {
                                    RowReader rows = engine.read(EVENTS, ScanRequest.all());
                                    opened.set(rows);
                                    while (rows.hasNext()) {
                                        rows.next();
                                        if (rowsRead.incrementAndGet() == 1_000) {
                                            reading.countDown();
                                        }
                                    }
                                    outcome.set(
                                            new AssertionError(
                                                    "the read ran to its end ("
                                                            + rowsRead.get()
                                                            + " rows) although it was cancelled"));
                                } catch (Throwable t) {
                                    outcome.set(t);
                                }
                            },
                            "lake-reader");
        }

        static ReadingThread start(LakeEngine engine) {
            ReadingThread reader = new ReadingThread(engine);
            reader.thread.start();
            return reader;
        }
    }
}
