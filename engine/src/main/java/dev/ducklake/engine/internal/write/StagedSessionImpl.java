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

package dev.ducklake.engine.internal.write;

import dev.ducklake.engine.error.LakeClosedException;
import dev.ducklake.engine.error.LakeException;
import dev.ducklake.engine.error.LakeValidationException;
import dev.ducklake.engine.internal.EngineContext;
import dev.ducklake.engine.internal.EngineResource;
import dev.ducklake.engine.internal.Jdbc;
import dev.ducklake.engine.schema.Column;
import dev.ducklake.engine.schema.Identifiers;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.schema.TableSchema;
import dev.ducklake.engine.write.CommitOptions;
import dev.ducklake.engine.write.CommitResult;
import dev.ducklake.engine.write.StagedSession;
import java.sql.SQLException;
import java.util.List;
import org.duckdb.DuckDBConnection;

/**
 * The implementation write and merge sessions share ({@link StagedSession}): a connection of their
 * own, or of the transaction ({@code LakeTransactionImpl}) the session is part of, a staging table
 * on it, the validator, and a lifecycle that ends in exactly one of commit, abort or close. A
 * session that ends without commit leaves the lake as it was and drops its staging. A session of a
 * transaction is applied by the transaction's commit, as one of its steps.
 */
public abstract class StagedSessionImpl extends EngineResource {

    final CommitExecutor commits;
    final TableName table;
    final RowValidator validator;
    final DuckDBConnection connection;
    final StagingTable staging;

    /** Whether the session is a step of a transaction, on the transaction's connection. */
    private final boolean inTransaction;

    /**
     * @param transactionConnection the connection of the transaction the session is part of, or
     *     null for a session of its own
     */
    StagedSessionImpl(
            EngineContext context,
            CommitExecutor commits,
            TableName table,
            TableSchema schema,
            List<Column> bookkeepingColumns,
            DuckDBConnection transactionConnection) {
        super(context);
        this.commits = commits;
        this.table = table;
        this.validator = new RowValidator(table, schema);
        this.inTransaction = transactionConnection != null;
        this.connection = inTransaction ? transactionConnection : context.connect();
        try {
            this.staging = new StagingTable(connection, schema, bookkeepingColumns);
        } catch (SQLException e) {
            if (!inTransaction) {
                Jdbc.closeQuietly(connection);
            }
            throw new LakeException(
                    "Could not create the staging of a session on " + table + ": " + e.getMessage(),
                    e);
        }
        register();
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
     * Moves the staged rows into a Parquet file, which {@link #importStaged} of a session on the
     * same table can load again, here or in another process that reads the file. The session stays
     * open with an empty staging. Returns the number of rows written to the file.
     */
    public synchronized long exportStaged(String file) {
        ensureOpen();
        try {
            staging.flush();
            long rows = staging.rows();
            Jdbc.execute(
                    connection,
                    "COPY "
                            + staging.sql()
                            + " TO "
                            + Identifiers.literal(file)
                            + " (FORMAT parquet)");
            staging.clear();
            return rows;
        } catch (SQLException e) {
            throw new LakeException(
                    "Could not export the staging of "
                            + table
                            + " to "
                            + file
                            + ": "
                            + e.getMessage(),
                    e);
        }
    }

    /**
     * Adds the rows of a file written by {@link #exportStaged} to this session's staging, after the
     * rows staged so far. Returns the number of rows loaded.
     */
    public synchronized long importStaged(String file) {
        ensureOpen();
        try {
            return load(file);
        } catch (SQLException e) {
            throw new LakeException(
                    "Could not load the staged file "
                            + file
                            + " for "
                            + table
                            + ": "
                            + e.getMessage(),
                    e);
        }
    }

    /** Loads an exported file into the staging table; returns its rows. */
    long load(String file) throws SQLException {
        staging.flush();
        long rows =
                Jdbc.update(
                        connection,
                        "INSERT INTO "
                                + staging.sql()
                                + " "
                                + staging.selectByName(file, table).sql());
        staging.added(rows);
        return rows;
    }

    /**
     * Adds the rows of a DuckDB query to the staging, its columns matched to the table's by name
     * and checked (see {@code StagingTable#selectFromQuery}); a keyed table refuses two rows with
     * one key. Returns the number of rows staged.
     */
    public synchronized long stageQuery(String query) {
        ensureOpen();
        try {
            staging.flush();
            String select = staging.selectFromQuery(query, table);
            if (schema().hasPrimaryKey()) {
                staging.requireUniqueKeys(
                        "(" + select + ")", "The rows the query yields for " + table);
            }
            long rows =
                    Jdbc.update(
                            connection,
                            "INSERT INTO "
                                    + staging.sql()
                                    + " SELECT "
                                    + queryBookkeeping()
                                    + "* FROM ("
                                    + select
                                    + ")");
            staging.added(rows);
            queryStaged(rows);
            return rows;
        } catch (SQLException e) {
            throw new LakeException(
                    "Could not stage the query's rows for " + table + ": " + e.getMessage(), e);
        }
    }

    /**
     * The bookkeeping values of rows staged from a query, each followed by a comma; none by
     * default.
     */
    String queryBookkeeping() {
        return "";
    }

    /** Called after {@link #stageQuery} staged rows. */
    void queryStaged(long rows) {}

    /**
     * Imported files that the commit made part of the lake as they are: they must not be deleted.
     * The others can be, once the commit is done.
     */
    public List<String> adoptedFiles() {
        return List.of();
    }

    /** What a commit applies: its mode and the work it runs inside the commit's transaction. */
    public record Step(String mode, CommitExecutor.Body body) {}

    /** The session's commit work, once everything is staged. */
    abstract Step step(CommitOptions options);

    /** Applies the staged rows or changes in one snapshot and ends the session. */
    public synchronized CommitResult commit(CommitOptions options) {
        ensureOpen();
        if (inTransaction) {
            throw new LakeValidationException(
                    "This session on "
                            + table
                            + " is part of a transaction; commit the"
                            + " transaction instead");
        }
        try {
            Step step = prepareStep(options);
            return commits.commit(connection, table, step.mode(), options, step.body());
        } finally {
            close();
        }
    }

    /**
     * Makes the staging complete and returns the commit's step; a transaction runs it among its
     * others.
     */
    public synchronized Step prepareStep(CommitOptions options) {
        ensureOpen();
        try {
            staging.flush();
            prepare();
            return step(options);
        } catch (SQLException e) {
            throw new LakeException(
                    "Could not prepare the commit to " + table + ": " + e.getMessage(), e);
        }
    }

    /** Ends the session without changing the lake. Idempotent. */
    public void abort() {
        close();
    }

    @Override
    protected void release() {
        try {
            dropDerivedStaging();
            staging.close();
        } catch (SQLException e) {
            // the connection is closing anyway; its temporary tables go with it
        } finally {
            if (!inTransaction) {
                Jdbc.closeQuietly(connection);
            }
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
            throw new LakeException(
                    "Could not stage a row for " + table + ": " + e.getMessage(), e);
        }
    }

    /** Checks and derived staging that run once before the commit transaction. */
    void prepare() throws SQLException {}

    /** Drops what {@link #prepare()} created. */
    void dropDerivedStaging() throws SQLException {}

    /** Whether the session is a step of a transaction. */
    boolean inTransaction() {
        return inTransaction;
    }

    void ensureOpen() {
        if (closed()) {
            throw new LakeClosedException(
                    "This session on " + table + " is already committed, aborted or closed");
        }
    }
}
