package dev.ducklake.engine.write;

import dev.ducklake.engine.error.LakeException;
import dev.ducklake.engine.internal.EngineContext;
import dev.ducklake.engine.internal.Jdbc;
import dev.ducklake.engine.schema.Identifiers;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.concurrent.atomic.AtomicLong;
import org.duckdb.DuckDBConnection;

/**
 * Writes Arrow record batches to Parquet files with DuckDB, on a connection of its own: the fast
 * way to stage many rows, since DuckDB reads the batches in place through Arrow's C data
 * interface. The caller passes an {@code org.apache.arrow.c.ArrowArrayStream} (the engine itself
 * has no Arrow dependency) and keeps ownership of it. Files that may become the lake's data files
 * keep DuckDB's dictionary encoding; files read once and deleted skip it, which writes them about a
 * quarter faster. Not thread-safe.
 */
public final class ArrowParquetWriter implements AutoCloseable {

    private static final AtomicLong COUNTER = new AtomicLong();

    private final EngineContext context;
    private final DuckDBConnection connection;
    private final String streamName = "ducklake_arrow_" + COUNTER.incrementAndGet();
    private final String options;
    private boolean closed;

    /**
     * @param lakeData whether the files may become data files of the lake (dictionary encoding
     *     on), rather than transient staging read once
     */
    public ArrowParquetWriter(EngineContext context, boolean lakeData) {
        this.context = context;
        this.options = lakeData ? "(FORMAT parquet)" : "(FORMAT parquet, DICTIONARY_SIZE_LIMIT 1)";
        this.connection = context.connect();
        try {
            context.resources().register(this);
        } catch (RuntimeException e) {
            closeConnection();
            throw e;
        }
    }

    /** Writes every batch of the stream to the file; returns the number of rows written. */
    public synchronized long write(Object arrowArrayStream, Path file) {
        if (closed) {
            throw new LakeException("This Parquet writer is closed");
        }
        try {
            connection.registerArrowStream(streamName, arrowArrayStream);
            return Jdbc.update(connection, "COPY (SELECT * FROM " + streamName + ") TO "
                    + Identifiers.literal(file.toString()) + " " + options);
        } catch (SQLException e) {
            throw new LakeException("Could not write the staged rows to " + file + ": " + e.getMessage(), e);
        }
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        context.resources().unregister(this);
        closeConnection();
    }

    private void closeConnection() {
        try {
            connection.close();
        } catch (SQLException e) {
            // nothing more to release
        }
    }
}
