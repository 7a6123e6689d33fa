package dev.ducklake.engine.internal.change;

import dev.ducklake.engine.change.ChangeMethod;
import dev.ducklake.engine.change.ChangeRequest;
import dev.ducklake.engine.change.ChangeSummary;
import dev.ducklake.engine.internal.Jdbc;
import dev.ducklake.engine.internal.QueryCursor;
import dev.ducklake.engine.schema.Column;
import dev.ducklake.engine.schema.TableSchema;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.stream.IntStream;

/**
 * A change read's plan and its first steps on the read's connection: computes the changes of the
 * range into a DuckDB temporary table (off the Java heap, sized by the number of changes), counts
 * them, and writes the query that selects the requested ones: {@code has_before}, {@code has_after},
 * then the before image's columns, then the after image's.
 */
final class ChangeSelection {

    private static final AtomicLong COUNTER = new AtomicLong();

    private final ChangeQuery query;
    private final ChangeMethod method;
    private final ChangeRequest request;
    private final int[] positions;

    ChangeSelection(ChangeQuery query, ChangeMethod method, ChangeRequest request) {
        this.query = query;
        this.method = method;
        this.request = request;
        this.positions = positions(query.atTo(), request.columns());
    }

    /** Names the read in errors. */
    String what() {
        return "The change read of " + query.table() + " over (" + query.from() + ", " + query.to() + "]";
    }

    /** The columns of the images, in order. */
    List<Column> columns() {
        return Arrays.stream(positions).mapToObj(query.atTo()::column).toList();
    }

    /**
     * Computes and counts the changes on the cursor's connection, then starts the query of the
     * selected ones with {@code start} (as rows or as batches); closes the cursor if any of it fails.
     */
    ChangeSummary start(QueryCursor cursor, BiConsumer<QueryCursor, String> start) {
        try {
            Prepared prepared = prepare(cursor);
            start.accept(cursor, prepared.sql());
            return prepared.summary();
        } catch (SQLException e) {
            throw cursor.failure(e);
        } catch (RuntimeException e) {
            cursor.close();
            throw e;
        }
    }

    private Prepared prepare(QueryCursor cursor) throws SQLException {
        long from = query.from();
        long to = query.to();
        String changes = "ducklake_changes_" + COUNTER.incrementAndGet();
        long count = 0;
        if (from < to) {
            Jdbc.execute(cursor.connection(), "CREATE TEMP TABLE " + changes + " AS " + query.sql(method));
            count = Jdbc.queryLong(cursor.connection(), "SELECT count(*) FROM " + changes);
        } else {
            Jdbc.execute(cursor.connection(), "CREATE TEMP TABLE " + changes + " AS SELECT false AS bp");
        }
        long rowsAtFrom = Jdbc.queryLong(cursor.connection(), "SELECT count(*) FROM " + query.at(from));
        long rowsAtTo = from == to ? rowsAtFrom : Jdbc.queryLong(cursor.connection(),
                "SELECT count(*) FROM " + query.at(to));
        ChangeSummary summary = new ChangeSummary(from, to, rowsAtFrom, rowsAtTo, count);
        return new Prepared(summary, count == 0 ? emptySelect(changes) : select(changes));
    }

    /** The summary of a prepared read and the query of its selected changes. */
    private record Prepared(ChangeSummary summary, String sql) {}

    /** No changes, with the columns of the selection (a batch reader's schema). */
    private String emptySelect(String changes) {
        List<String> images = new ArrayList<>();
        for (String prefix : List.of("b", "a")) {
            for (int p : positions) {
                images.add("NULL::" + query.atTo().column(p).type().sql() + " AS " + prefix + p);
            }
        }
        return "SELECT false AS has_before, false AS has_after" + (images.isEmpty() ? "" : ", "
                + String.join(", ", images)) + " FROM " + changes + " LIMIT 0";
    }

    /**
     * The requested changes of the computed ones: images of the filtered table (an image that does
     * not satisfy the filter is dropped, so an update can become an insert or a delete), in the
     * bucket, projected, without updates that leave the projected columns as they were, then
     * ordered and offset.
     */
    private String select(String changes) {
        TableSchema schema = query.atTo();
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
        return "SELECT " + before + " AS has_before, " + after + " AS has_after, " + String.join(", ", images)
                + " FROM " + changes + " WHERE " + String.join(" AND ", where)
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
}
