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
import dev.ducklake.engine.internal.EngineContext;
import dev.ducklake.engine.internal.catalog.BeforeImageTable;
import dev.ducklake.engine.schema.Column;
import dev.ducklake.engine.schema.Identifiers;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.schema.TableSchema;
import dev.ducklake.engine.version.TableVersion;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * The SQL of a change read over {@code (from, to]}. Every method yields the same relation: columns
 * {@code bp} and {@code ap} (is there a before / after image), then {@code b0..bn} and {@code
 * a0..an}, the images in the columns of the table at {@code to}.
 *
 * <p>The change feed method rests on one fact: a row that existed at {@code from} is deleted (or
 * pre-imaged) by the first change in the range that touches it, and a row that exists at {@code to}
 * was inserted (or post-imaged) by the last one. Ordering each key's (or, without a key, each
 * value's) changes by snapshot, deletes before inserts within a snapshot, therefore gives its
 * before and after image without reading the unchanged rest of the table.
 */
final class ChangeQuery {

    private static final String PRESENT = "__ducklake_present";
    private static final String ORDER = "__ducklake_order";
    private static final String SIGN = "__ducklake_sign";
    private static final String COPIES = "__ducklake_copy";
    private static final String EVENTS = "__ducklake_events";
    private static final String EVENT = "__ducklake_event";
    private static final String KEYS = "__ducklake_keys";
    private static final String FIRST = "__ducklake_first";
    private static final String LAST = "__ducklake_last";

    private final TableName table;
    private final TableName storedAtFrom;
    private final TableName storedAtTo;
    private final TableSchema atFrom;
    private final TableSchema atTo;
    private final long from;
    private final long to;
    private final List<TableVersion> versions;
    private final int width;

    /**
     * @param versions the table's versions in {@code (from, to]}, oldest first; needed by {@link
     *     ChangeMethod#BEFORE_IMAGES} only
     * @param storedAtFrom the name the table had at {@code from}, which time travel needs after a
     *     rename
     * @param storedAtTo the name it had at {@code to}
     */
    ChangeQuery(
            TableName table,
            TableSchema atFrom,
            TableSchema atTo,
            long from,
            long to,
            List<TableVersion> versions,
            TableName storedAtFrom,
            TableName storedAtTo) {
        this.table = table;
        this.storedAtFrom = storedAtFrom;
        this.storedAtTo = storedAtTo;
        this.atFrom = atFrom;
        this.atTo = atTo;
        this.from = from;
        this.to = to;
        this.versions = versions;
        this.width = atTo.size();
    }

    TableName table() {
        return table;
    }

    TableSchema atTo() {
        return atTo;
    }

    long from() {
        return from;
    }

    long to() {
        return to;
    }

    List<TableVersion> versions() {
        return versions;
    }

    String sql(ChangeMethod method) {
        return switch (method) {
            case FULL_DIFF -> atTo.hasPrimaryKey() ? fullDiffByKey() : fullDiffOfMultisets();
            case CHANGE_FEED ->
                    atTo.hasPrimaryKey()
                            ? netPerKey(changeFeed(feedOrder()))
                            : changeFeedOfMultisets();
            case BEFORE_IMAGES -> netPerKey(insertionsAndBeforeImages());
        };
    }

    /**
     * The table at {@code from}, projected onto the columns at {@code to} (later columns are NULL).
     */
    private String rowsAtFrom(String extra) {
        String columns =
                atTo.columns().stream()
                        .map(
                                c ->
                                        atFrom.positionOf(c.name()) >= 0
                                                ? quote(c)
                                                : "CAST(NULL AS "
                                                        + c.type().sql()
                                                        + ") AS "
                                                        + quote(c))
                        .collect(Collectors.joining(", "));
        return "SELECT " + extra + columns + " FROM " + at(from);
    }

    private String rowsAtTo(String extra) {
        return "SELECT " + extra + columnList("") + " FROM " + at(to);
    }

    /** The condition that before-image {@code b} and after-image {@code a} differ in a column. */
    private String anyColumnDiffers() {
        return IntStream.range(0, width)
                .mapToObj(
                        i ->
                                "b."
                                        + quote(atTo.column(i))
                                        + " IS DISTINCT FROM a."
                                        + quote(atTo.column(i)))
                .collect(Collectors.joining(" OR "));
    }

    private String fullDiffByKey() {
        String on =
                atTo.primaryKey().stream()
                        .map(k -> "b." + Identifiers.quote(k) + " = a." + Identifiers.quote(k))
                        .collect(Collectors.joining(" AND "));
        return "SELECT b."
                + PRESENT
                + " IS NOT NULL AS bp, a."
                + PRESENT
                + " IS NOT NULL AS ap, "
                + images(i -> "b." + quote(atTo.column(i)), i -> "a." + quote(atTo.column(i)))
                + " FROM ("
                + rowsAtFrom("true AS " + PRESENT + ", ")
                + ") b FULL OUTER JOIN ("
                + rowsAtTo("true AS " + PRESENT + ", ")
                + ") a ON "
                + on
                + " WHERE b."
                + PRESENT
                + " IS NULL OR a."
                + PRESENT
                + " IS NULL OR "
                + anyColumnDiffers();
    }

    private String fullDiffOfMultisets() {
        String deleted = "(" + rowsAtFrom("") + " EXCEPT ALL " + rowsAtTo("") + ")";
        String inserted = "(" + rowsAtTo("") + " EXCEPT ALL " + rowsAtFrom("") + ")";
        return "SELECT true AS bp, false AS ap, "
                + images(i -> quote(atTo.column(i)), this::typedNull)
                + " FROM "
                + deleted
                + " UNION ALL SELECT false, true, "
                + images(this::typedNull, i -> quote(atTo.column(i)))
                + " FROM "
                + inserted;
    }

    /**
     * Each change in the range, with a marker column (its order: snapshot, then deletes before
     * inserts).
     */
    private String changeFeed(String marker) {
        return "SELECT "
                + marker
                + ", "
                + columnList("")
                + " FROM "
                + tableFunction("ducklake_table_changes", from + 1, to);
    }

    /** DuckLake's table function of this name over the table's snapshots {@code [first, last]}. */
    private String tableFunction(String name, long first, long last) {
        return name
                + "("
                + Identifiers.literal(EngineContext.LAKE_ALIAS)
                + ", "
                + Identifiers.literal(table.schema())
                + ", "
                + Identifiers.literal(table.table())
                + ", "
                + first
                + ", "
                + last
                + ")";
    }

    private static String isInsert() {
        return "change_type IN ('insert', 'update_postimage')";
    }

    private static String feedOrder() {
        return "snapshot_id * 2 + CASE WHEN " + isInsert() + " THEN 1 ELSE 0 END AS " + ORDER;
    }

    /**
     * The same events as the change feed, without scanning for deleted rows: each version's
     * insertions, and the before-images the engine kept for the rows each version deleted or
     * updated. Matched by column name, so versions before a column was added give NULL for it.
     */
    private String insertionsAndBeforeImages() {
        List<String> parts = new ArrayList<>();
        for (TableVersion version : versions) {
            parts.add(
                    "SELECT "
                            + (version.id() * 2 + 1)
                            + " AS "
                            + ORDER
                            + ", * FROM "
                            + tableFunction(
                                    "ducklake_table_insertions", version.id(), version.id()));
        }
        String commits =
                versions.stream()
                        .map(
                                v ->
                                        "("
                                                + Identifiers.literal(
                                                        v.metadata().orElseThrow().commitId())
                                                + ", "
                                                + v.id()
                                                + ")")
                        .collect(Collectors.joining(", "));
        parts.add(
                "SELECT c.snapshot * 2 AS "
                        + ORDER
                        + ", b.* EXCLUDE ("
                        + Identifiers.quote(BeforeImageTable.COMMIT_ID)
                        + ") FROM "
                        + BeforeImageTable.of(table).sql(EngineContext.LAKE_ALIAS)
                        + " b JOIN (VALUES "
                        + commits
                        + ") c(commit_id, snapshot) ON b."
                        + Identifiers.quote(BeforeImageTable.COMMIT_ID)
                        + " = c.commit_id");
        return String.join(" UNION ALL BY NAME ", parts);
    }

    /**
     * Reduces ordered events to each key's first (before) and last (after) image: numbers the
     * events, finds each key's first and last by their order, and joins those two events back,
     * which costs two aggregates of integers per key rather than two per column.
     */
    private String netPerKey(String events) {
        String key =
                atTo.primaryKey().stream()
                        .map(Identifiers::quote)
                        .collect(Collectors.joining(", "));
        return "WITH "
                + EVENTS
                + " AS MATERIALIZED (SELECT row_number() OVER () AS "
                + EVENT
                + ", * FROM ("
                + events
                + ")), "
                + KEYS
                + " AS (SELECT min("
                + ORDER
                + ") % 2 = 0 AS bp, max("
                + ORDER
                + ") % 2 = 1 AS ap, arg_min("
                + EVENT
                + ", "
                + ORDER
                + ") AS "
                + FIRST
                + ", arg_max("
                + EVENT
                + ", "
                + ORDER
                + ") AS "
                + LAST
                + " FROM "
                + EVENTS
                + " GROUP BY "
                + key
                + ")"
                + " SELECT bp, ap, "
                + images(
                        i -> "CASE WHEN bp THEN b." + quote(atTo.column(i)) + " END",
                        i -> "CASE WHEN ap THEN a." + quote(atTo.column(i)) + " END")
                + " FROM "
                + KEYS
                + " k JOIN "
                + EVENTS
                + " b ON b."
                + EVENT
                + " = k."
                + FIRST
                + " JOIN "
                + EVENTS
                + " a ON a."
                + EVENT
                + " = k."
                + LAST
                + " WHERE bp <> ap OR (bp AND ap AND ("
                + anyColumnDiffers()
                + "))";
    }

    private String changeFeedOfMultisets() {
        String events = changeFeed("CASE WHEN " + isInsert() + " THEN 1 ELSE -1 END AS " + SIGN);
        String net =
                "SELECT "
                        + columnList("")
                        + ", CAST(sum("
                        + SIGN
                        + ") AS BIGINT) AS "
                        + SIGN
                        + " FROM ("
                        + events
                        + ") GROUP BY ALL";
        String copies =
                "SELECT *, unnest(range(abs("
                        + SIGN
                        + "))) AS "
                        + COPIES
                        + " FROM ("
                        + net
                        + ") WHERE "
                        + SIGN
                        + " <> 0";
        return "SELECT "
                + SIGN
                + " < 0 AS bp, "
                + SIGN
                + " > 0 AS ap, "
                + images(
                        i -> "CASE WHEN " + SIGN + " < 0 THEN " + quote(atTo.column(i)) + " END",
                        i -> "CASE WHEN " + SIGN + " > 0 THEN " + quote(atTo.column(i)) + " END")
                + " FROM ("
                + copies
                + ")";
    }

    private String images(IntFunction<String> before, IntFunction<String> after) {
        List<String> columns = new ArrayList<>(2 * width);
        for (int i = 0; i < width; i++) {
            columns.add(before.apply(i) + " AS b" + i);
        }
        for (int i = 0; i < width; i++) {
            columns.add(after.apply(i) + " AS a" + i);
        }
        return String.join(", ", columns);
    }

    private String typedNull(int position) {
        return "CAST(NULL AS " + atTo.column(position).type().sql() + ")";
    }

    private String columnList(String prefix) {
        return atTo.columns().stream()
                .map(c -> prefix + quote(c))
                .collect(Collectors.joining(", "));
    }

    /** The table at {@code from} or {@code to}, under the name it had then. */
    String at(long version) {
        return (version == from ? storedAtFrom : storedAtTo).sql(EngineContext.LAKE_ALIAS)
                + " AT (VERSION => "
                + version
                + ")";
    }

    private static String quote(Column column) {
        return Identifiers.quote(column.name());
    }
}
