package dev.ducklake.engine.change;

import dev.ducklake.engine.EngineConfig;
import dev.ducklake.engine.internal.CursorIterator;
import dev.ducklake.engine.internal.EngineContext;
import dev.ducklake.engine.internal.Jdbc;
import dev.ducklake.engine.internal.QueryCursor;
import dev.ducklake.engine.read.ValueDecoder;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.schema.TableSchema;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The net changes of a table over {@code (from, to]}, as {@link Change}s with before and after
 * images. The changes are computed into a DuckDB temporary table first (off the Java heap, sized
 * by the number of changes), counted, then streamed. Close it, or read to the end, to release its
 * read slot and connection; an interrupt or the engine's close cancels it.
 */
public final class ChangeReader extends CursorIterator<Change> {

    private static final AtomicLong COUNTER = new AtomicLong();

    private final TableSchema schema;
    private final ChangeSummary summary;

    /** Computes the changes of a range that {@link ChangeReads} has checked. */
    ChangeReader(EngineContext context, ChangeQuery query, ChangeMethod method) {
        super(new QueryCursor(context, "The change read of " + query.table() + " over (" + query.from() + ", "
                + query.to() + "]"));
        TableName table = query.table();
        long from = query.from();
        long to = query.to();
        this.schema = query.atTo();
        try {
            String changes = "ducklake_changes_" + COUNTER.incrementAndGet();
            String target = table.sql(EngineConfig.LAKE_ALIAS);
            long count = 0;
            if (from < to) {
                Jdbc.execute(cursor.connection(), "CREATE TEMP TABLE " + changes + " AS "
                        + query.sql(method));
                count = Jdbc.queryLong(cursor.connection(), "SELECT count(*) FROM " + changes);
            } else {
                Jdbc.execute(cursor.connection(), "CREATE TEMP TABLE " + changes + " AS SELECT false AS bp");
            }
            long rowsAtFrom = Jdbc.queryLong(cursor.connection(),
                    "SELECT count(*) FROM " + target + " AT (VERSION => " + from + ")");
            long rowsAtTo = from == to ? rowsAtFrom : Jdbc.queryLong(cursor.connection(),
                    "SELECT count(*) FROM " + target + " AT (VERSION => " + to + ")");
            this.summary = new ChangeSummary(from, to, rowsAtFrom, rowsAtTo, count);
            cursor.open(count == 0 ? "SELECT * FROM " + changes + " LIMIT 0" : "SELECT * FROM " + changes);
        } catch (SQLException e) {
            throw cursor.failure(e);
        } catch (RuntimeException e) {
            cursor.close();
            throw e;
        }
    }

    /** The range, the row counts at both ends, and the number of changes. */
    public ChangeSummary summary() {
        return summary;
    }

    @Override
    protected Change decode(ResultSet row) throws SQLException {
        int width = schema.size();
        Object[] before = row.getBoolean(1) ? image(row, 3, width) : null;
        Object[] after = row.getBoolean(2) ? image(row, 3 + width, width) : null;
        return new Change(before, after);
    }

    private Object[] image(ResultSet row, int first, int width) throws SQLException {
        Object[] image = new Object[width];
        for (int i = 0; i < width; i++) {
            image[i] = ValueDecoder.read(row, first + i, schema.column(i).type());
        }
        return image;
    }
}
