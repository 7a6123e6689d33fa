/*
 * Copyright 2026 The Flink connector for DuckLake authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */

package dev.ducklake.engine.internal.change;

import dev.ducklake.engine.change.ChangeMethod;
import dev.ducklake.engine.change.ChangeRequest;
import dev.ducklake.engine.change.ChangeSummary;
import dev.ducklake.engine.internal.EngineContext;
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
import java.util.function.Supplier;
import java.util.stream.IntStream;

/**
 * A change read's plan and its first steps on the read's connection: computes the changes of the
 * range into a DuckDB temporary table (off the Java heap, sized by the number of changes), counts
 * them, and writes the query that selects the requested ones: {@code has_before}, {@code
 * has_after}, then the before image's columns, then the after image's.
 */
final class ChangeSelection {

    private static final AtomicLong COUNTER = new AtomicLong();

    private final ChangeQuery query;
    private final ChangeMethod method;
    private final ChangeRequest request;
    private final int[] positions;
    private final String changesTable = "ducklake_changes_" + COUNTER.incrementAndGet();

    ChangeSelection(ChangeQuery query, ChangeMethod method, ChangeRequest request) {
        this.query = query;
        this.method = method;
        this.request = request;
        this.positions = positions(query.atTo(), request.columns());
    }

    /** Names the read in errors. */
    String what() {
        return "The change read of "
                + query.table()
                + " over ("
                + query.from()
                + ", "
                + query.to()
                + "]";
    }

    /** The columns of the images, in order. */
    List<Column> columns() {
        return Arrays.stream(positions).mapToObj(query.atTo()::column).toList();
    }

    /**
     * Computes and counts the changes on the cursor's connection, then starts the query of the
     * selected ones with {@code start} (as rows or as batches); closes the cursor if any of it
     * fails. The summary's row counts are read when first asked for: most readers never ask, and
     * counting a large table twice would cost more than a small range's changes.
     */
    Supplier<ChangeSummary> start(
            EngineContext context, QueryCursor cursor, BiConsumer<QueryCursor, String> start) {
        try {
            long changes = prepare(cursor);
            start.accept(cursor, changes == 0 ? emptySelect() : select());
            return new CountedRows(context, changes);
        } catch (SQLException e) {
            throw cursor.failure(e);
        } catch (RuntimeException e) {
            cursor.close();
            throw e;
        }
    }

    /** Computes the changes of the range into the read's temporary table; the number of changes. */
    private long prepare(QueryCursor cursor) throws SQLException {
        if (query.from() == query.to()) {
            Jdbc.execute(
                    cursor.connection(),
                    "CREATE TEMP TABLE " + changesTable + " AS SELECT false AS bp");
            return 0;
        }
        Jdbc.execute(
                cursor.connection(),
                "CREATE TEMP TABLE " + changesTable + " AS " + query.sql(method));
        return Jdbc.queryLong(cursor.connection(), "SELECT count(*) FROM " + changesTable);
    }

    /** The summary of a started read, its row counts at both ends read once, at those versions. */
    private final class CountedRows implements Supplier<ChangeSummary> {
        private final EngineContext context;
        private final long changes;
        private ChangeSummary summary;

        CountedRows(EngineContext context, long changes) {
            this.context = context;
            this.changes = changes;
        }

        @Override
        public synchronized ChangeSummary get() {
            if (summary == null) {
                summary =
                        context.withConnection(
                                "count the rows of "
                                        + query.table()
                                        + " at versions "
                                        + query.from()
                                        + " and "
                                        + query.to(),
                                c -> {
                                    long atFrom =
                                            Jdbc.queryLong(
                                                    c,
                                                    "SELECT count(*) FROM "
                                                            + query.at(query.from()));
                                    long atTo =
                                            query.from() == query.to()
                                                    ? atFrom
                                                    : Jdbc.queryLong(
                                                            c,
                                                            "SELECT count(*) FROM "
                                                                    + query.at(query.to()));
                                    return new ChangeSummary(
                                            query.from(), query.to(), atFrom, atTo, changes);
                                });
            }
            return summary;
        }
    }

    /** No changes, with the columns of the selection (a batch reader's schema). */
    private String emptySelect() {
        List<String> images = new ArrayList<>();
        for (String prefix : List.of("b", "a")) {
            for (int p : positions) {
                images.add("NULL::" + query.atTo().column(p).type().sql() + " AS " + prefix + p);
            }
        }
        return "SELECT false AS has_before, false AS has_after"
                + (images.isEmpty() ? "" : ", " + String.join(", ", images))
                + " FROM "
                + changesTable
                + " LIMIT 0";
    }

    /**
     * The requested changes of the computed ones: images of the filtered table (an image that does
     * not satisfy the filter is dropped, so an update can become an insert or a delete), in the
     * bucket, projected, without updates that leave the projected columns as they were, then
     * ordered and offset.
     */
    private String select() {
        TableSchema schema = query.atTo();
        String before =
                request.filter()
                        .map(f -> "(bp AND coalesce(" + f.sql(image(schema, "b")) + ", false))")
                        .orElse("bp");
        String after =
                request.filter()
                        .map(f -> "(ap AND coalesce(" + f.sql(image(schema, "a")) + ", false))")
                        .orElse("ap");
        List<String> identity =
                schema.identifyingColumns().stream()
                        .map(schema::positionOf)
                        .map(p -> "CASE WHEN ap THEN a" + p + " ELSE b" + p + " END")
                        .toList();
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
        where.add(
                "NOT ("
                        + before
                        + " AND "
                        + after
                        + " AND "
                        + String.join(" AND ", unchanged)
                        + ")");
        request.bucket().ifPresent(bucket -> where.add(bucket.sql(identity)));
        return "SELECT "
                + before
                + " AS has_before, "
                + after
                + " AS has_after, "
                + String.join(", ", images)
                + " FROM "
                + changesTable
                + " WHERE "
                + String.join(" AND ", where)
                + (request.ordered()
                        ? " ORDER BY " + String.join(", ", identity) + ", " + before
                        : "")
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
