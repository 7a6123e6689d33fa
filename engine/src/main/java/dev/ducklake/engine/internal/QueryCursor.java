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

import dev.ducklake.engine.error.LakeCancelledException;
import dev.ducklake.engine.error.LakeClosedException;
import dev.ducklake.engine.error.LakeException;
import java.io.IOException;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.duckdb.DuckDBConnection;
import org.duckdb.DuckDBResultSet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A streaming query on a connection of its own, holding a read slot and the read gate until closed.
 * Its rows come one at a time ({@link #open}) or as Arrow batches ({@link #openBatches}), which
 * DuckDB fills in place off the Java heap. An interrupt of the reading thread, or the engine's
 * close (through {@link #cancel()}), stops the query and ends the read with {@link
 * LakeCancelledException}. Reaching the end closes the cursor.
 *
 * <p>The query runs in an explicit transaction, and the end of its rows is checked: DuckDB's JDBC
 * driver (1.5.5.1) reports a streaming query that fails after its first rows (out of memory under a
 * tight memory limit, an interrupt) as the end of the rows, without an error ({@code
 * _duckdb_jdbc_fetch} turns the failed fetch's null chunk into an empty one). The failure aborts
 * the transaction, so a statement after the last row fails; that ends the read with an error
 * instead of fewer rows.
 */
public final class QueryCursor implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(QueryCursor.class);

    private final EngineContext context;
    private final String what;
    private final BoundedGate.Permit slot;
    private final ReadGate.Permit gate;
    private final DuckDBConnection connection;
    private final AutoCloseable cancelHandle = this::cancel;
    private Statement statement;
    private ResultSet results;
    private BufferAllocator allocator;
    private ArrowReader batches;
    private volatile boolean closed;
    private volatile boolean cancelled;

    /** Takes a read slot, the read gate and a connection; {@code what} names the read in errors. */
    public QueryCursor(EngineContext context, String what) {
        this.context = context;
        this.what = what;
        this.slot = context.reads().enter(what);
        try {
            this.gate = context.readGate().enterRead(what);
        } catch (RuntimeException e) {
            slot.close();
            throw e;
        }
        try {
            this.connection = context.connect();
            context.resources().register(cancelHandle);
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    /** The cursor's connection, for set-up statements before {@link #open}. */
    public DuckDBConnection connection() {
        return connection;
    }

    /**
     * Makes the next query return its rows in the order its scan reads them, even on several
     * threads (the engine lets DuckDB reorder results otherwise, which saves memory).
     */
    public void keepScanOrder() {
        try {
            Jdbc.execute(connection, "SET SESSION preserve_insertion_order = true");
        } catch (SQLException e) {
            throw failure(e);
        }
    }

    /**
     * Starts the streaming query; once more if it failed on DuckLake's stale view of the catalog or
     * while the lake was attached again (see {@link EngineContext#retryAfterReattach}).
     */
    public synchronized void open(String sql) {
        ensureOpen();
        long attachment = context.attachment();
        try {
            start(sql);
        } catch (SQLException e) {
            if (!context.retryAfterReattach(what, attachment, e)) {
                throw failure(e);
            }
            try {
                Jdbc.execute(connection, "ROLLBACK");
                start(sql);
            } catch (SQLException again) {
                again.addSuppressed(e);
                throw failure(again);
            }
        }
    }

    private void start(String sql) throws SQLException {
        try (Statement begin = connection.createStatement()) {
            begin.execute("BEGIN TRANSACTION");
        }
        statement = connection.createStatement();
        results = statement.executeQuery(sql);
    }

    /**
     * Starts the streaming query, its rows to come as Arrow batches of at most {@code batchRows}
     * rows: one batch at a time, each valid until the next {@link #nextBatch()} or the close.
     */
    public synchronized void openBatches(String sql, int batchRows) {
        open(sql);
        try {
            allocator = context.readAllocator(what);
            batches =
                    (ArrowReader)
                            ((DuckDBResultSet) results).arrowExportStream(allocator, batchRows);
        } catch (SQLException e) {
            throw failure(e);
        }
    }

    /** Loads the next batch into {@link #batch()}; false (and closed) at the end. */
    public synchronized boolean nextBatch() {
        return advance(true);
    }

    /** The current batch; valid after {@link #nextBatch()} returned true. */
    public VectorSchemaRoot batch() {
        try {
            return batches.getVectorSchemaRoot();
        } catch (IOException e) {
            throw failure(e);
        }
    }

    /** Advances to the next row; false (and closed) at the end. */
    public synchronized boolean next() {
        return advance(false);
    }

    /** Moves to the next batch or row; at the end checks the query ended well and closes. */
    private boolean advance(boolean batch) {
        checkInterrupt();
        ensureOpen();
        try {
            boolean more = batch ? batches.loadNextBatch() : results.next();
            if (!more) {
                checkEnd();
                close();
            }
            return more;
        } catch (IOException | SQLException e) {
            throw failure(e);
        }
    }

    /** The current row; valid after {@link #next()} returned true. */
    public ResultSet row() {
        return results;
    }

    private void checkInterrupt() {
        if (Thread.currentThread().isInterrupted()) {
            close();
            throw new LakeCancelledException(what + " was interrupted");
        }
    }

    /**
     * Fails if the query ended with an error the driver did not report: a cancel, or a transaction
     * that the failure aborted (a statement in it then fails).
     */
    private void checkEnd() throws SQLException {
        if (cancelled) {
            close();
            throw new LakeCancelledException(what + " was cancelled");
        }
        try (Statement check = connection.createStatement()) {
            check.execute("SELECT 1");
        } catch (SQLException e) {
            throw new SQLException(
                    "the query failed while streaming its rows (DuckDB ended the stream early"
                            + " and aborted its transaction): "
                            + e.getMessage(),
                    e);
        }
    }

    /** Wraps a failure of work on this cursor, closing it. */
    public RuntimeException failure(Exception e) {
        boolean stopped = cancelled || closed || Thread.currentThread().isInterrupted();
        close();
        return stopped
                ? new LakeCancelledException(what + " was cancelled", e)
                : new LakeException(what + " failed: " + e.getMessage(), e);
    }

    /** Stops the running query from another thread, then closes the cursor. */
    public void cancel() {
        cancelled = true;
        Statement running = statement;
        if (running != null) {
            try {
                running.cancel();
            } catch (SQLException e) {
                // finished or closed already
            }
        }
        close();
    }

    /**
     * Ends the query and lets go of the connection, the read gate and the read slot, whatever
     * fails.
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        context.resources().unregister(cancelHandle);
        try {
            closeQuery();
        } finally {
            gate.close();
            slot.close();
        }
    }

    private void closeQuery() {
        try {
            if (batches != null) {
                batches.close();
            }
        } catch (IOException | RuntimeException e) {
            // the statement's close releases the stream
        }
        try {
            if (statement != null) {
                statement.close();
            }
        } catch (SQLException e) {
            // the connection's close releases it
        }
        Jdbc.closeQuietly(connection);
        if (allocator != null) {
            try {
                allocator.close();
            } catch (IllegalStateException leaked) {
                LOG.warn(
                        "{} left Arrow memory allocated at its close: {}",
                        what,
                        leaked.getMessage());
            }
        }
    }

    private void ensureOpen() {
        if (closed) {
            throw new LakeClosedException(what + " is closed");
        }
    }
}
