package dev.ducklake.engine.write;

/**
 * Writes Arrow record batches to Parquet files with the engine's DuckDB, on a connection of its
 * own: the fast way to stage many rows, since DuckDB reads the batches in place through Arrow's C
 * data interface. A session loads the files with {@link StagedSession#importStaged}. Opened by
 * {@link dev.ducklake.engine.LakeEngine#openArrowParquetWriter}; files that may become the lake's
 * data files keep DuckDB's dictionary encoding, files read once and deleted skip it, which writes
 * them about a quarter faster. Not thread-safe.
 */
public interface ArrowParquetWriter extends AutoCloseable {

    /**
     * Writes every batch of the stream to the file; returns the number of rows written. The stream
     * is an {@code org.apache.arrow.c.ArrowArrayStream} (the engine itself has no Arrow
     * dependency); the caller keeps ownership of it.
     */
    long write(Object arrowArrayStream, String file);

    /** Releases the writer's connection. Idempotent. */
    @Override
    void close();
}
