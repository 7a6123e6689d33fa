package dev.ducklake.engine.internal.read;

import dev.ducklake.engine.internal.QueryCursor;
import dev.ducklake.engine.read.BatchReader;
import dev.ducklake.engine.schema.Column;
import java.util.List;
import org.apache.arrow.vector.VectorSchemaRoot;

/** A {@link BatchReader} over a {@link QueryCursor} opened for batches. */
public class BatchReaderImpl implements BatchReader {

    protected final QueryCursor cursor;
    private final List<Column> columns;

    public BatchReaderImpl(QueryCursor cursor, List<Column> columns) {
        this.cursor = cursor;
        this.columns = columns;
    }

    @Override
    public List<Column> columns() {
        return columns;
    }

    @Override
    public boolean loadNextBatch() {
        return cursor.nextBatch();
    }

    @Override
    public VectorSchemaRoot batch() {
        return cursor.batch();
    }

    @Override
    public void close() {
        cursor.close();
    }
}
