package dev.ducklake.engine.internal.read;

import dev.ducklake.engine.internal.CursorIterator;
import dev.ducklake.engine.internal.EngineContext;
import dev.ducklake.engine.internal.QueryCursor;
import dev.ducklake.engine.read.RowReader;
import dev.ducklake.engine.read.ScanRequest;
import dev.ducklake.engine.schema.Column;
import dev.ducklake.engine.schema.Identifiers;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.schema.TableSchema;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A {@link RowReader}: one query at the version, streamed through a {@link QueryCursor}.
 */
public final class RowReaderImpl extends CursorIterator<Object[]> implements RowReader {

    private final List<Column> columns;

    private RowReaderImpl(EngineContext context, String what, List<Column> columns, String sql) {
        super(new QueryCursor(context, what));
        this.columns = columns;
        cursor.open(sql);
    }

    /**
     * Opens the read; {@code schema} is the table's definition at the version read, {@code storedAs}
     * its name then (see {@code MetadataTables#nameAt}). A request the schema refuses fails before a
     * read slot or a connection is taken.
     */
    public static RowReaderImpl open(EngineContext context, TableName table, TableName storedAs, TableSchema schema,
            ScanRequest request, long version) {
        List<Column> columns = project(schema, request.columns());
        String sql = "SELECT " + columns.stream().map(c -> Identifiers.quote(c.name())).collect(Collectors.joining(", "))
                + " FROM " + storedAs.sql(EngineContext.LAKE_ALIAS) + " AT (VERSION => " + version + ")"
                + where(schema, request)
                + (request.orderByKey() ? " ORDER BY " + quoted(schema.identifyingColumns()) : "")
                + (request.limit().isPresent() ? " LIMIT " + request.limit().getAsLong() : "")
                + (request.offset() > 0 ? " OFFSET " + request.offset() : "");
        return new RowReaderImpl(context, "The read of " + table + " at version " + version, columns, sql);
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

    private static String where(TableSchema schema, ScanRequest request) {
        List<String> conditions = new ArrayList<>();
        // Bare, not wrapped (a WHERE drops a NULL as it drops false): DuckDB pushes a bare condition
        // into the scan, where DuckLake skips the data files whose column statistics exclude it.
        request.filter().ifPresent(filter -> conditions.add("(" + filter.sql(Identifiers::quote) + ")"));
        request.bucket().ifPresent(bucket -> conditions.add(
                bucket.sql(schema.identifyingColumns().stream().map(Identifiers::quote).toList())));
        return conditions.isEmpty() ? "" : " WHERE " + String.join(" AND ", conditions);
    }

    private static String quoted(List<String> names) {
        return names.stream().map(Identifiers::quote).collect(Collectors.joining(", "));
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
}
