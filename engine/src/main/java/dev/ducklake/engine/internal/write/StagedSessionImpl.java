package dev.ducklake.engine.internal.write;

import dev.ducklake.engine.error.LakeClosedException;
import dev.ducklake.engine.error.LakeException;
import dev.ducklake.engine.internal.EngineContext;
import dev.ducklake.engine.internal.Jdbc;
import dev.ducklake.engine.schema.Identifiers;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.schema.TableSchema;
import dev.ducklake.engine.write.CommitOptions;
import dev.ducklake.engine.write.CommitResult;
import dev.ducklake.engine.write.StagedSession;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import org.duckdb.DuckDBConnection;

/**
 * The implementation write and merge sessions share ({@link StagedSession}): a connection of their own, a staging table on it, the
 * validator, and a lifecycle that ends in exactly one of commit, abort or close. A session that
 * ends without commit leaves the lake as it was and drops its staging.
 */
abstract class StagedSessionImpl implements AutoCloseable {

    final EngineContext context;
    final CommitExecutor commits;
    final TableName table;
    final RowValidator validator;
    final DuckDBConnection connection;
    final StagingTable staging;
    private volatile boolean finished;

    StagedSessionImpl(EngineContext context, CommitExecutor commits, TableName table, TableSchema schema,
            List<String> bookkeepingColumns) {
        this.context = context;
        this.commits = commits;
        this.table = table;
        this.validator = new RowValidator(table, schema);
        this.connection = context.connect();
        try {
            this.staging = new StagingTable(connection, schema, bookkeepingColumns);
        } catch (SQLException e) {
            closeConnection();
            throw new LakeException("Could not create the staging of a session on " + table + ": " + e.getMessage(), e);
        }
        try {
            context.resources().register(this);
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    public TableName table() {
        return table;
    }

    public TableSchema schema() {
        return validator.schema();
    }

    /** Rows or changes staged so far. */
    public long staged() {
        return staging.rows();
    }

    /**
     * Moves the staged rows into a Parquet file, which {@link #importStaged} of a session on the same
     * table can load again, here or in another process that reads the file. The session stays open
     * with an empty staging. Returns the number of rows written to the file.
     */
    public synchronized long exportStaged(Path file) {
        ensureOpen();
        try {
            staging.flush();
            long rows = staging.rows();
            Jdbc.execute(connection, "COPY " + staging.sql() + " TO " + Identifiers.literal(file.toString())
                    + " (FORMAT parquet)");
            staging.clear();
            return rows;
        } catch (SQLException e) {
            throw new LakeException("Could not export the staging of " + table + " to " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * Adds the rows of a file written by {@link #exportStaged} to this session's staging, after the
     * rows staged so far. Returns the number of rows loaded.
     */
    public synchronized long importStaged(Path file) {
        ensureOpen();
        try {
            return load(file);
        } catch (SQLException e) {
            throw new LakeException("Could not load the staged file " + file + " for " + table + ": " + e.getMessage(), e);
        }
    }

    /** Loads an exported file into the staging table; returns its rows. */
    long load(Path file) throws SQLException {
        staging.flush();
        long rows = Jdbc.update(connection, "INSERT INTO " + staging.sql() + " SELECT * FROM read_parquet("
                + Identifiers.literal(file.toString()) + ")");
        staging.added(rows);
        return rows;
    }

    /**
     * Imported files that the commit made part of the lake as they are: they must not be deleted.
     * The others can be, once the commit is done.
     */
    public List<Path> adoptedFiles() {
        return List.of();
    }

    /** Applies the staged rows or changes in one snapshot and ends the session. */
    public abstract CommitResult commit(CommitOptions options);

    /** Ends the session without changing the lake. Idempotent. */
    public void abort() {
        close();
    }

    @Override
    public synchronized void close() {
        if (finished) {
            return;
        }
        finished = true;
        context.resources().unregister(this);
        try {
            dropDerivedStaging();
            staging.close();
        } catch (SQLException e) {
            // the connection is closing anyway; its temporary tables go with it
        } finally {
            closeConnection();
        }
    }

    synchronized void append(Object[] bookkeeping, Object[] row) {
        append(bookkeeping, null, row);
    }

    synchronized void append(Object[] bookkeeping, Object[] typed, Object[] row) {
        ensureOpen();
        try {
            staging.append(bookkeeping, typed, row);
        } catch (SQLException e) {
            throw new LakeException("Could not stage a row for " + table + ": " + e.getMessage(), e);
        }
    }

    /** Commits the staged rows through {@code body}, then ends the session whatever the outcome. */
    synchronized CommitResult commit(String mode, CommitOptions options, CommitExecutor.Body body) {
        ensureOpen();
        try {
            staging.flush();
            prepare();
            return commits.commit(connection, table, mode, options, body);
        } catch (SQLException e) {
            throw new LakeException("Could not commit to " + table + ": " + e.getMessage(), e);
        } finally {
            close();
        }
    }

    /** Checks and derived staging that run once before the commit transaction. */
    void prepare() throws SQLException {}

    /** Drops what {@link #prepare()} created. */
    void dropDerivedStaging() throws SQLException {}

    void ensureOpen() {
        if (finished) {
            throw new LakeClosedException("This session on " + table + " is already committed, aborted or closed");
        }
    }

    private void closeConnection() {
        try {
            connection.close();
        } catch (SQLException e) {
            // nothing more to release
        }
    }
}
