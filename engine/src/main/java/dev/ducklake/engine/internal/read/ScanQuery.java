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

package dev.ducklake.engine.internal.read;

import dev.ducklake.engine.internal.EngineContext;
import dev.ducklake.engine.internal.QueryCursor;
import dev.ducklake.engine.read.ScanPart;
import dev.ducklake.engine.read.ScanRequest;
import dev.ducklake.engine.schema.Column;
import dev.ducklake.engine.schema.Identifiers;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.schema.TableSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The query of a {@link ScanRequest} at a version: its columns, its SQL, and its name in errors.
 *
 * @param what names the read in errors
 * @param columns the read columns, in order
 * @param sql the query
 * @param scanOrder whether the rows must come in the order the scan reads them (a part's)
 */
public record ScanQuery(String what, List<Column> columns, String sql, boolean scanOrder) {

    /**
     * Plans the read through DuckLake's scan; {@code schema} is the table's definition at the
     * version read, {@code storedAs} its name then (see {@code MetadataTables#nameAt}). A request
     * the schema refuses fails here, before a read slot or a connection is taken.
     */
    public static ScanQuery of(
            TableName table,
            TableName storedAs,
            TableSchema schema,
            ScanRequest request,
            long version) {
        return of(
                table,
                storedAs.sql(EngineContext.LAKE_ALIAS) + " AT (VERSION => " + version + ")",
                schema,
                request,
                version);
    }

    /**
     * Plans the read of {@code rows}, SQL of the table's rows at the version (see {@link
     * ParquetScans}).
     */
    public static ScanQuery of(
            TableName table, String rows, TableSchema schema, ScanRequest request, long version) {
        List<Column> columns = project(schema, request.columns());
        String sql =
                "SELECT "
                        + columns.stream()
                                .map(c -> Identifiers.quote(c.name()))
                                .collect(Collectors.joining(", "))
                        + " FROM "
                        + rows
                        + where(schema, request)
                        + order(schema, request)
                        + (request.limit().isPresent()
                                ? " LIMIT " + request.limit().getAsLong()
                                : "")
                        + (request.offset() > 0 ? " OFFSET " + request.offset() : "");
        boolean scanOrder =
                !request.orderByKey() && request.part().map(part -> !part.inlined()).orElse(false);
        return new ScanQuery(
                "The read of " + table + " at version " + version, columns, sql, scanOrder);
    }

    /**
     * A cursor for this read: a slot and a connection, set to keep the scan's order when the read
     * needs it.
     */
    public QueryCursor cursor(EngineContext context) {
        QueryCursor cursor = new QueryCursor(context, what);
        if (scanOrder) {
            cursor.keepScanOrder();
        }
        return cursor;
    }

    /**
     * A part of a file comes in the file's order; inlined rows, read from the catalog, are sorted.
     */
    private static String order(TableSchema schema, ScanRequest request) {
        if (request.orderByKey()) {
            return " ORDER BY " + quoted(schema.identifyingColumns());
        }
        return request.part().filter(ScanPart::inlined).isPresent() ? " ORDER BY rowid" : "";
    }

    private static String where(TableSchema schema, ScanRequest request) {
        List<String> conditions = new ArrayList<>();
        // Bare, not wrapped (a WHERE drops a NULL as it drops false): DuckDB pushes a bare
        // condition
        // into the scan, where DuckLake skips the data files whose column statistics exclude it.
        request.filter()
                .ifPresent(filter -> conditions.add("(" + filter.sql(Identifiers::quote) + ")"));
        request.bucket()
                .ifPresent(
                        bucket ->
                                conditions.add(
                                        bucket.sql(
                                                schema.identifyingColumns().stream()
                                                        .map(Identifiers::quote)
                                                        .toList())));
        request.part().ifPresent(part -> conditions.add(part.sql()));
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
