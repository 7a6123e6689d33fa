package dev.ducklake.engine.read;

import dev.ducklake.engine.schema.Column;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * Streams the rows of a table at a version, chunk by chunk from DuckDB, so memory stays bounded
 * whatever the table's size; each row holds the values of {@link #columns()} in order. Holds a
 * read slot and a connection until closed or read to the end; close it (or use
 * try-with-resources) when leaving early. An interrupt of the reading thread, or the engine's
 * close, cancels the running query and ends the read with
 * {@link dev.ducklake.engine.error.LakeCancelledException}. Opened by
 * {@link dev.ducklake.engine.LakeEngine#read}.
 */
public interface RowReader extends Iterator<Object[]>, AutoCloseable {

    /** The columns of the rows this reader returns, in order. */
    List<Column> columns();

    /** Reads all remaining rows into a list; for small results and tests. */
    default List<Object[]> toList() {
        List<Object[]> rows = new ArrayList<>();
        forEachRemaining(rows::add);
        return rows;
    }

    /** Ends the read and releases its slot and connection. Idempotent. */
    @Override
    void close();
}
