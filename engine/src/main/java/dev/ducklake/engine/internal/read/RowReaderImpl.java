package dev.ducklake.engine.internal.read;

import dev.ducklake.engine.internal.CursorIterator;
import dev.ducklake.engine.internal.EngineContext;
import dev.ducklake.engine.read.RowReader;
import dev.ducklake.engine.schema.Column;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;

/**
 * A {@link RowReader}: one query at the version, streamed through its query cursor.
 */
public final class RowReaderImpl extends CursorIterator<Object[]> implements RowReader {

    private final List<Column> columns;

    public RowReaderImpl(EngineContext context, ScanQuery query) {
        super(query.cursor(context));
        this.columns = query.columns();
        cursor.open(query.sql());
    }

    @Override
    public List<Column> columns() {
        return columns;
    }

    @Override
    protected Object[] decode(ResultSet row) throws SQLException {
        Object[] values = new Object[columns.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = ValueDecoder.read(row, i + 1, columns.get(i).type());
        }
        return values;
    }
}
