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

package dev.ducklake.engine.internal;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.config.EngineConfig;
import dev.ducklake.engine.error.LakeBusyException;
import dev.ducklake.engine.error.LakeCancelledException;
import dev.ducklake.engine.error.LakeException;
import java.sql.SQLException;
import java.time.Duration;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.duckdb.DuckDBConnection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the engine's role classes share: the DuckDB instance, the settings, the bounds on reads and
 * commits, the registry of open resources, and the JSON mapper for commit metadata.
 */
public final class EngineContext {

    private static final Logger LOG = LoggerFactory.getLogger(EngineContext.class);

    /** The alias under which the lake is attached inside the engine's DuckDB instance. */
    public static final String LAKE_ALIAS = "lake";

    private final EngineConfig config;
    private final DuckDbInstance duckDb;
    private final BoundedGate reads;
    private final BoundedGate commits;
    private final ReadGate readGate;
    private final OpenResources resources;
    private final ObjectMapper json;
    private final InFlightWork inFlight;
    private final FlushWatch flushWatch;
    private final SnapshotProbe snapshotProbe = new SnapshotProbe(this::connect);

    /**
     * The off-heap memory of the Arrow batches that reads hand out; each read takes a child of it.
     * Made at the first such read: Arrow needs {@code java.nio} opened to it, which an engine that
     * never reads batches should not require.
     */
    private BufferAllocator allocator;

    /**
     * Held by every transaction of this engine that changes the catalog and, on a SQLite catalog,
     * by every metadata read too: SQLite locks a commit out while anyone else reads its file.
     */
    private final ReentrantLock catalogLock = new ReentrantLock(true);

    /**
     * Counts the lake's attachments twice each: odd while one is under way (see {@link #reattach}).
     */
    private final AtomicLong attachments = new AtomicLong();

    public EngineContext(EngineConfig config, DuckDbInstance duckDb) {
        this.config = config;
        this.duckDb = duckDb;
        this.reads = new BoundedGate("read", config.maxConcurrentReads(), config.acquireTimeout());
        this.commits =
                new BoundedGate("commit", config.maxPendingCommits(), config.acquireTimeout());
        this.readGate = new ReadGate(config.acquireTimeout());
        this.resources = new OpenResources(config.catalog().toString());
        this.json = new ObjectMapper().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
        this.inFlight = new InFlightWork(config.catalog().toString());
        this.flushWatch = new FlushWatch(config.catalog());
        if (flushWatch.needed()) {
            watchFromNow();
        }
    }

    private void watchFromNow() {
        try (DuckDBConnection connection = duckDb.connect()) {
            flushWatch.check(connection);
        } catch (SQLException e) {
            throw new LakeException(
                    "Could not read the snapshots of " + config.catalog() + ": " + e.getMessage(),
                    e);
        }
    }

    public EngineConfig config() {
        return config;
    }

    public BoundedGate reads() {
        return reads;
    }

    public BoundedGate commits() {
        return commits;
    }

    /** Keeps maintenance apart from reads. */
    public ReadGate readGate() {
        return readGate;
    }

    public OpenResources resources() {
        return resources;
    }

    public ObjectMapper json() {
        return json;
    }

    /** A fresh connection for one user; fails with a "closed" error once the engine closes. */
    public DuckDBConnection connect() {
        resources.ensureOpen();
        return duckDb.connect();
    }

    /** Allocates a read's Arrow batches, off the Java heap; close it when the read ends. */
    public synchronized BufferAllocator readAllocator(String what) {
        resources.ensureOpen();
        if (allocator == null) {
            allocator = new RootAllocator();
        }
        return allocator.newChildAllocator(what, 0, Long.MAX_VALUE);
    }

    public DuckDbInstance duckDb() {
        return duckDb;
    }

    /** Work that must not overlap the engine's changes to the catalog. */
    @FunctionalInterface
    public interface Exclusive<T, E extends Exception> {
        T run() throws E, InterruptedException;
    }

    /**
     * Runs the work while no other catalog-changing work of this engine runs, and keeps new work
     * waiting; fails with {@link LakeBusyException} when the catalog stays taken for longer than
     * the engine's acquire timeout.
     */
    public <T, E extends Exception> T exclusively(String what, Exclusive<T, E> work)
            throws E, InterruptedException {
        return inFlight.run(
                what,
                () -> {
                    Duration timeout = config.acquireTimeout();
                    if (!catalogLock.tryLock(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                        throw new LakeBusyException(
                                "Waited "
                                        + timeout.toMillis()
                                        + " ms to "
                                        + what
                                        + " while other work of"
                                        + " this engine kept changing the catalog (a commit, DDL or maintenance); raise the engine's"
                                        + " acquireTimeout if such work takes longer");
                    }
                    try {
                        inFlight.requireOpen(what); // closing began while this waited for the lock
                        return work.run();
                    } catch (Exception e) {
                        releaseLockedSqliteCatalog(what, e);
                        throw e;
                    } finally {
                        catalogLock.unlock();
                    }
                });
    }

    /**
     * After work on a SQLite catalog failed with "database is locked" (another process held the
     * file past the busy timeout), attaches the catalog again: a commit that failed so leaves this
     * DuckDB holding SQLite's write lock, which refuses every later statement of every process
     * until the catalog is detached (see {@link DuckDbInstance#reattach}). Runs under the catalog
     * lock.
     */
    private void releaseLockedSqliteCatalog(String what, Exception failure) {
        if (config.catalog().kind() != CatalogLocation.Kind.SQLITE
                || !String.valueOf(failure.getMessage()).contains("database is locked")) {
            return;
        }
        LOG.warn(
                "Could not {}: the SQLite catalog {} was locked by another process; attaching it again",
                what,
                config.catalog());
        long seen = attachments.get();
        if (seen % 2 != 0) {
            return; // attaching again failed so; the attachment's own caller reports it
        }
        try {
            reattach(
                    "a commit failed on the locked SQLite catalog and may still hold its write lock",
                    seen);
        } catch (SQLException e) {
            failure.addSuppressed(e);
        }
    }

    /** Which attachment of the lake a statement starts on, for {@link #retryAfterReattach}. */
    public long attachment() {
        return attachments.get();
    }

    /**
     * The lake's newest snapshot. Where other processes can flush inlined data (see {@link
     * FlushWatch}), the same statement looks for flushes since the last check, and a flush attaches
     * the lake again before this returns, so a read at the snapshot does not meet DuckLake's stale
     * view of the catalog.
     */
    public long latestSnapshot() {
        return latestSnapshot("find the latest snapshot");
    }

    /**
     * Attaches the lake again if another DuckDB flushed inlined data since the last check, before a
     * read at an older version, a change read or a commit could meet DuckLake's stale view of the
     * catalog (see {@link FlushWatch}).
     */
    public void reattachIfFlushedElsewhere(String what) {
        if (flushWatch.needed()) {
            latestSnapshot(what);
        }
    }

    private long latestSnapshot(String what) {
        if (!flushWatch.needed()) {
            OptionalLong latest = probeOnHeldConnection(what);
            if (latest.isPresent()) {
                return latest.getAsLong();
            }
        }
        long seen = attachments.get();
        FlushWatch.Check check = withConnection(what, flushWatch::check);
        if (check.flushed()) {
            try {
                reattach("another DuckDB flushed inlined data, before: " + what, seen);
            } catch (SQLException e) {
                throw new LakeException(
                        "Could not attach "
                                + config.catalog()
                                + " again after another DuckDB"
                                + " flushed inlined data: "
                                + e.getMessage(),
                        e);
            }
        }
        return check.latestSnapshot();
    }

    private OptionalLong probeOnHeldConnection(String what) {
        try {
            return inFlight.run(what, () -> snapshotProbe.latest(attachments.get()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LakeCancelledException("Interrupted while waiting to " + what, e);
        }
    }

    /**
     * Attaches the lake again after a statement failed on DuckLake's stale view of the catalog
     * ({@link CatalogContention#isStaleCatalog}), unless another statement did so since {@code
     * seen}.
     */
    public void reattachStaleCatalog(String what, long seen, Exception failure) {
        try {
            reattach(
                    "DuckLake's cached catalog names an inlined-data table that another DuckDB dropped"
                            + " (duckdb/ducklake#1305), so this failed: "
                            + what,
                    seen);
        } catch (SQLException e) {
            failure.addSuppressed(e);
        }
    }

    /**
     * Attaches the lake again unless that happened since attachment {@code seen}. Runs under the
     * catalog lock; statements already running keep the attachment they started on.
     */
    private void reattach(String why, long seen) throws SQLException {
        try {
            exclusively(
                    "attach the lake again",
                    () -> {
                        if (attachments.get() != seen) {
                            return null;
                        }
                        LOG.warn("Attaching {} again: {}", config.catalog(), why);
                        attachments.incrementAndGet();
                        try {
                            duckDb.reattach();
                            if (flushWatch.needed()) {
                                watchFromNow();
                            }
                        } finally {
                            attachments.incrementAndGet();
                        }
                        return null;
                    });
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LakeCancelledException(
                    "Interrupted while waiting to attach " + config.catalog() + " again", e);
        }
    }

    /**
     * Whether a statement that started on attachment {@code seen} and failed with {@code failure}
     * should run again: it met DuckLake's stale view of the catalog (attached again now), or the
     * lake was attached again while it ran. Waits for an attachment under way to finish.
     */
    public boolean retryAfterReattach(String what, long seen, Exception failure) {
        if (CatalogContention.isStaleCatalog(failure)) {
            reattachStaleCatalog(what, seen, failure);
            return true;
        }
        if (seen == attachments.get() && seen % 2 == 0) {
            return false;
        }
        try {
            exclusively("wait for the lake to be attached again", () -> null);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
        return true;
    }

    /**
     * Runs short metadata work on a connection of its own; on a SQLite catalog, never while this
     * engine changes the catalog.
     */
    public <T> T withConnection(String what, SqlWork<T> work) {
        try {
            if (config.catalog().kind() != CatalogLocation.Kind.SQLITE) {
                return inFlight.run(what, () -> onConnection(what, work));
            }
            return exclusively(what, () -> onConnection(what, work));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LakeCancelledException("Interrupted while waiting to " + what, e);
        }
    }

    /**
     * Closes everything the engine holds: refuses new work, fails the work waiting at its gates,
     * waits up to the acquire timeout for the commits, DDL, maintenance and metadata calls already
     * running, then closes open readers and sessions and stops DuckDB.
     */
    public void close() {
        reads.close();
        commits.close();
        readGate.close();
        if (!inFlight.closeAndAwait(config.acquireTimeout())) {
            LOG.warn(
                    "Closing the lake engine for {} without waiting longer for calls still running after {} ms",
                    config.catalog(),
                    config.acquireTimeout().toMillis());
        }
        resources.closeAll();
        snapshotProbe.close();
        duckDb.close();
        closeAllocator();
    }

    private synchronized void closeAllocator() {
        if (allocator == null) {
            return;
        }
        try {
            allocator.close();
        } catch (IllegalStateException e) {
            LOG.warn(
                    "Arrow memory of reads of {} was still allocated at close: {}",
                    config.catalog(),
                    e.getMessage());
        }
    }

    private <T> T onConnection(String what, SqlWork<T> work) {
        long attachment = attachments.get();
        try (DuckDBConnection connection = connect()) {
            return work.run(connection);
        } catch (SQLException e) {
            if (retryAfterReattach(what, attachment, e)) {
                try (DuckDBConnection connection = connect()) {
                    return work.run(connection);
                } catch (SQLException again) {
                    again.addSuppressed(e);
                    throw new LakeException("Could not " + what + ": " + again.getMessage(), again);
                }
            }
            throw new LakeException("Could not " + what + ": " + e.getMessage(), e);
        }
    }

    /** Work against one connection that may throw {@link SQLException}. */
    @FunctionalInterface
    public interface SqlWork<T> {
        T run(DuckDBConnection connection) throws SQLException;
    }
}
