package dev.ducklake.engine.read;

import dev.ducklake.engine.EngineConfig;
import dev.ducklake.engine.error.LakeCancelledException;
import dev.ducklake.engine.error.LakeClosedException;
import dev.ducklake.engine.error.LakeException;
import dev.ducklake.engine.internal.BoundedGate;
import dev.ducklake.engine.internal.EngineContext;
import dev.ducklake.engine.schema.Column;
import dev.ducklake.engine.schema.Identifiers;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.schema.TableSchema;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.stream.Collectors;
import org.duckdb.DuckDBConnection;

/**
 * Streams the rows of a table at a version, chunk by chunk from DuckDB, so memory stays bounded
 * whatever the table's size. Holds a read slot and a connection until closed; close it (or use
 * try-with-resources) when leaving early. An interrupt of the reading thread, or the engine's
 * close, cancels the running query and ends the read with {@link LakeCancelledException}.
 */
public final class RowReader implements Iterator<Object[]>, AutoCloseable {

    private final EngineContext context;
    private final TableName table;
    private final List<Column> columns;
    private final BoundedGate.Permit permit;
    private final DuckDBConnection connection;
    private final Statement statement;
    private final ResultSet results;
    private volatile boolean closed;
    private volatile boolean cancelledByEngine;
    private final AutoCloseable cancelHandle = this::cancel;
    private Boolean hasNext;

    /** Opens the read; {@code schema} is the table's definition at the version read. */
    public RowReader(EngineContext context, TableName table, TableSchema schema, ScanRequest request, long version) {
        this.context = context;
        this.table = table;
        this.columns = project(schema, request.columns());
        String sql = "SELECT " + columns.stream().map(c -> Identifiers.quote(c.name())).collect(Collectors.joining(", "))
                + " FROM " + table.sql(EngineConfig.LAKE_ALIAS) + " AT (VERSION => " + version + ")"
                + (request.orderByKey() && schema.hasPrimaryKey()
                        ? " ORDER BY " + schema.primaryKey().stream().map(Identifiers::quote).collect(Collectors.joining(", "))
                        : "")
                + (request.limit().isPresent() ? " LIMIT " + request.limit().getAsLong() : "")
                + (request.offset() > 0 ? " OFFSET " + request.offset() : "");
        this.permit = context.reads().enter("a read of " + table);
        DuckDBConnection opened = null;
        Statement st = null;
        try {
            opened = context.connect();
            st = opened.createStatement();
            this.results = st.executeQuery(sql);
        } catch (SQLException | RuntimeException e) {
            closeQuietly(st, opened);
            permit.close();
            if (e instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw new LakeException("Could not read " + table + " at version " + version + ": " + e.getMessage(), e);
        }
        this.connection = opened;
        this.statement = st;
        try {
            context.resources().register(cancelHandle);
        } catch (LakeClosedException e) {
            close();
            throw e;
        }
    }

    /** The columns of the rows this reader returns, in order. */
    public List<Column> columns() {
        return columns;
    }

    @Override
    public synchronized boolean hasNext() {
        if (hasNext == null) {
            checkInterrupt();
            if (closed) {
                throw new LakeClosedException("The reader of " + table + " is closed");
            }
            try {
                hasNext = results.next();
            } catch (SQLException e) {
                throw failure(e);
            }
            if (!hasNext) {
                close();
            }
        }
        return hasNext;
    }

    @Override
    public synchronized Object[] next() {
        if (!hasNext()) {
            throw new NoSuchElementException("No more rows of " + table);
        }
        hasNext = null;
        Object[] row = new Object[columns.size()];
        try {
            for (int i = 0; i < row.length; i++) {
                row[i] = ValueDecoder.read(results, i + 1, columns.get(i).type());
            }
        } catch (SQLException e) {
            throw failure(e);
        }
        return row;
    }

    /** Reads all remaining rows into a list; for small results and tests. */
    public List<Object[]> toList() {
        List<Object[]> rows = new ArrayList<>();
        forEachRemaining(rows::add);
        return rows;
    }

    /** Cancels the running query from another thread (the engine's close does this). */
    public void cancel() {
        cancelledByEngine = true;
        try {
            statement.cancel();
        } catch (SQLException e) {
            // the statement is finished or closed already
        }
        close();
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        context.resources().unregister(cancelHandle);
        try {
            results.close();
        } catch (SQLException e) {
            // closing the statement and connection below releases it too
        }
        closeQuietly(statement, connection);
        permit.close();
    }

    private void checkInterrupt() {
        if (Thread.currentThread().isInterrupted()) {
            close();
            throw new LakeCancelledException("The read of " + table + " was interrupted");
        }
    }

    private RuntimeException failure(SQLException e) {
        boolean cancelled = cancelledByEngine || Thread.currentThread().isInterrupted() || closed;
        close();
        if (cancelled) {
            return new LakeCancelledException("The read of " + table + " was cancelled", e);
        }
        return new LakeException("Reading " + table + " failed: " + e.getMessage(), e);
    }

    private static List<Column> project(TableSchema schema, List<String> names) {
        if (names.isEmpty()) {
            return schema.columns();
        }
        List<Column> projected = new ArrayList<>(names.size());
        for (String name : names) {
            projected.add(schema.column(schema.requirePosition(name, "projected")));
        }
        return List.copyOf(projected);
    }

    private static void closeQuietly(Statement statement, DuckDBConnection connection) {
        try {
            if (statement != null) {
                statement.close();
            }
        } catch (SQLException e) {
            // the connection's close below releases it
        }
        try {
            if (connection != null) {
                connection.close();
            }
        } catch (SQLException e) {
            // nothing more to release
        }
    }
}
