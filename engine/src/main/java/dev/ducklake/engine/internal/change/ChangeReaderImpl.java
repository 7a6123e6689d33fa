package dev.ducklake.engine.internal.change;

import dev.ducklake.engine.change.Change;
import dev.ducklake.engine.change.ChangeMethod;
import dev.ducklake.engine.change.ChangeReader;
import dev.ducklake.engine.change.ChangeRequest;
import dev.ducklake.engine.change.ChangeSummary;
import dev.ducklake.engine.internal.CursorIterator;
import dev.ducklake.engine.internal.EngineContext;
import dev.ducklake.engine.internal.Jdbc;
import dev.ducklake.engine.internal.QueryCursor;
import dev.ducklake.engine.internal.read.ValueDecoder;
import dev.ducklake.engine.schema.Column;
import dev.ducklake.engine.schema.TableSchema;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.stream.IntStream;

/**
 * A {@link ChangeReader}: computes the changes of a range that {@link ChangeReads} has checked into
 * a DuckDB temporary table (off the Java heap, sized by the number of changes), counts them, then
 * streams the requested ones through a {@link QueryCursor}.
 */
final class ChangeReaderImpl extends CursorIterator<Change> implements ChangeReader {

    private static final AtomicLong COUNTER = new AtomicLong();

    private final List<Column> columns;
    private final ChangeSummary summary;

    /** Computes the changes of a range that {@link ChangeReads} has checked. */
    ChangeReaderImpl(EngineContext context, ChangeQuery query, ChangeMethod method, ChangeRequest request) {
        super(new QueryCursor(context, "The change read of " + query.table() + " over (" + query.from() + ", "
                + query.to() + "]"));
        long from = query.from();
        long to = query.to();
        TableSchema schema = query.atTo();
        try {
            int[] positions = positions(schema, request.columns());
            this.columns = Arrays.stream(positions).mapToObj(schema::column).toList();
            String changes = "ducklake_changes_" + COUNTER.incrementAndGet();
            long count = 0;
            if (from < to) {
                Jdbc.execute(cursor.connection(), "CREATE TEMP TABLE " + changes + " AS "
                        + query.sql(method));
                count = Jdbc.queryLong(cursor.connection(), "SELECT count(*) FROM " + changes);
            } else {
                Jdbc.execute(cursor.connection(), "CREATE TEMP TABLE " + changes + " AS SELECT false AS bp");
            }
            long rowsAtFrom = Jdbc.queryLong(cursor.connection(),
                    "SELECT count(*) FROM " + query.at(from));
            long rowsAtTo = from == to ? rowsAtFrom : Jdbc.queryLong(cursor.connection(),
                    "SELECT count(*) FROM " + query.at(to));
            this.summary = new ChangeSummary(from, to, rowsAtFrom, rowsAtTo, count);
            cursor.open(count == 0 ? "SELECT * FROM " + changes + " LIMIT 0" : select(changes, schema, positions, request));
        } catch (SQLException e) {
            throw cursor.failure(e);
        } catch (RuntimeException e) {
            cursor.close();
            throw e;
        }
    }

    @Override
    public List<Column> columns() {
        return columns;
    }

    @Override
    public ChangeSummary summary() {
        return summary;
    }

    /**
     * The requested changes of the computed ones: images of the filtered table (an image that does
     * not satisfy the filter is dropped, so an update can become an insert or a delete), in the
     * bucket, projected, without updates that leave the projected columns as they were, then
     * ordered and offset.
     */
    private static String select(String changes, TableSchema schema, int[] positions, ChangeRequest request) {
        String before = request.filter().map(f -> "(bp AND coalesce(" + f.sql(image(schema, "b")) + ", false))")
                .orElse("bp");
        String after = request.filter().map(f -> "(ap AND coalesce(" + f.sql(image(schema, "a")) + ", false))")
                .orElse("ap");
        List<String> identity = schema.identifyingColumns().stream().map(schema::positionOf)
                .map(p -> "CASE WHEN ap THEN a" + p + " ELSE b" + p + " END").toList();
        List<String> images = new ArrayList<>();
        List<String> unchanged = new ArrayList<>();
        for (int p : positions) {
            images.add("b" + p);
        }
        for (int p : positions) {
            images.add("a" + p);
            unchanged.add("b" + p + " IS NOT DISTINCT FROM a" + p);
        }
        List<String> where = new ArrayList<>();
        where.add("(" + before + " OR " + after + ")");
        where.add("NOT (" + before + " AND " + after + " AND " + String.join(" AND ", unchanged) + ")");
        request.bucket().ifPresent(bucket -> where.add(bucket.sql(identity)));
        return "SELECT " + before + " AS has_before, " + after + " AS has_after, " + String.join(", ", images) + " FROM " + changes
                + " WHERE " + String.join(" AND ", where)
                + (request.ordered() ? " ORDER BY " + String.join(", ", identity) + ", " + before : "")
                + (request.offset() > 0 ? " OFFSET " + request.offset() : "");
    }

    private static Function<String, String> image(TableSchema schema, String prefix) {
        return name -> prefix + schema.requirePosition(name, "filtered");
    }

    private static int[] positions(TableSchema schema, List<String> names) {
        if (names.isEmpty()) {
            return IntStream.range(0, schema.size()).toArray();
        }
        return names.stream().mapToInt(name -> schema.requirePosition(name, "projected")).toArray();
    }

    @Override
    protected Change decode(ResultSet row) throws SQLException {
        int width = columns.size();
        Object[] before = row.getBoolean(1) ? image(row, 3, width) : null;
        Object[] after = row.getBoolean(2) ? image(row, 3 + width, width) : null;
        return new Change(before, after);
    }

    private Object[] image(ResultSet row, int first, int width) throws SQLException {
        Object[] image = new Object[width];
        for (int i = 0; i < width; i++) {
            image[i] = ValueDecoder.read(row, first + i, columns.get(i).type());
        }
        return image;
    }
}
