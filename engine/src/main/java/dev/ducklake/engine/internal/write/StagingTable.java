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

package dev.ducklake.engine.internal.write;

import dev.ducklake.engine.error.LakeException;
import dev.ducklake.engine.error.LakeValidationException;
import dev.ducklake.engine.internal.Jdbc;
import dev.ducklake.engine.schema.Column;
import dev.ducklake.engine.schema.Identifiers;
import dev.ducklake.engine.schema.LakeType;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.schema.TableSchema;
import dev.ducklake.engine.schema.TemporalRange;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import org.duckdb.DuckDBAppender;
import org.duckdb.DuckDBConnection;

/**
 * Rows staged in a DuckDB temporary table through DuckDB's appender: off the Java heap, spilled to
 * the engine's temporary directory when DuckDB's memory limit is reached. Leading bookkeeping
 * columns (a merge's sequence and delete flag) come before the table's columns.
 */
final class StagingTable implements AutoCloseable {

    private static final AtomicLong COUNTER = new AtomicLong();

    private final DuckDBConnection connection;
    private final String name;
    private final TableSchema schema;
    private final List<Column> columns = new ArrayList<>();

    /** The columns' types as DuckDB names them, to compare with a file's. */
    private final List<String> columnTypes;

    private DuckDBAppender appender;
    private long rows;

    /**
     * @param leadingColumns bookkeeping columns placed before the table's columns
     */
    StagingTable(DuckDBConnection connection, TableSchema schema, List<Column> leadingColumns)
            throws SQLException {
        this.connection = connection;
        this.schema = schema;
        this.name = "ducklake_stage_" + COUNTER.incrementAndGet();
        columns.addAll(leadingColumns);
        columns.addAll(schema.columns());
        Jdbc.execute(
                connection,
                "CREATE TEMP TABLE "
                        + name
                        + " ("
                        + columns.stream()
                                .map(c -> Identifiers.quote(c.name()) + " " + c.type().sql())
                                .collect(Collectors.joining(", "))
                        + ")");
        this.columnTypes =
                Jdbc.query(
                        connection,
                        "SELECT column_type FROM (DESCRIBE " + sql() + ")",
                        rs -> rs.getString(1));
        this.appender = connection.createAppender("temp", "main", name);
    }

    /**
     * A query of a staged Parquet file that yields the staging's columns, matched by name: a column
     * the file lacks is NULL, one whose type differs is cast. {@code exact} when the file has the
     * staging's columns, in its order and types. A file column the staging lacks fails, naming it:
     * its values would be lost.
     */
    Projection selectByName(String file, TableName table) throws SQLException {
        String read = "read_parquet(" + Identifiers.literal(file) + ")";
        List<String[]> described =
                Jdbc.query(
                        connection,
                        "SELECT column_name, column_type FROM (DESCRIBE SELECT * FROM "
                                + read
                                + ")",
                        rs -> new String[] {rs.getString(1), rs.getString(2)});
        boolean exact = described.size() == columns.size();
        Map<String, String[]> fileColumns = new LinkedHashMap<>();
        for (int i = 0; i < described.size(); i++) {
            String[] column = described.get(i);
            fileColumns.put(column[0].toLowerCase(Locale.ROOT), column);
            exact &=
                    i < columns.size()
                            && column[0].equalsIgnoreCase(columns.get(i).name())
                            && column[1].equals(columnTypes.get(i));
        }
        List<String> selected = new ArrayList<>();
        for (Column column : columns) {
            String[] found = fileColumns.remove(column.name().toLowerCase(Locale.ROOT));
            selected.add(
                    (found == null ? "NULL" : Identifiers.quote(found[0]))
                            + "::"
                            + column.type().sql()
                            + " AS "
                            + Identifiers.quote(column.name()));
        }
        if (!fileColumns.isEmpty()) {
            throw new LakeValidationException(
                    "The staged file "
                            + file
                            + " for "
                            + table
                            + " has the column(s) "
                            + fileColumns.values().stream().map(c -> c[0]).toList()
                            + ", which "
                            + table
                            + " does not have: "
                            + schema);
        }
        return new Projection("SELECT " + String.join(", ", selected) + " FROM " + read, exact);
    }

    /**
     * A query of a file's rows in the staging's columns; {@code exact}: the file has those columns
     * as they are.
     */
    record Projection(String sql, boolean exact) {}

    /**
     * The table's columns selected from a query's rows, matched by name: a table column the query
     * lacks is NULL. Fails, naming the table, the column and the value, when the query yields a
     * column the table lacks, a value that its column's type cannot hold unchanged (converted and
     * back), or NULL in a column that refuses it.
     */
    String selectFromQuery(String query, TableName table) throws SQLException {
        String relation = "(" + query + ") AS ducklake_query";
        Map<String, String[]> yielded = new LinkedHashMap<>();
        for (String[] column :
                Jdbc.query(
                        connection,
                        "SELECT column_name, column_type FROM (DESCRIBE SELECT * FROM "
                                + relation
                                + ")",
                        rs -> new String[] {rs.getString(1), rs.getString(2)})) {
            yielded.put(column[0].toLowerCase(Locale.ROOT), column);
        }
        List<String> selected = new ArrayList<>();
        int leading = columns.size() - schema.size();
        for (int i = 0; i < schema.size(); i++) {
            Column column = schema.column(i);
            String[] found = yielded.remove(column.name().toLowerCase(Locale.ROOT));
            if (found == null) {
                requireNullable(
                        table,
                        column,
                        "the query has no column " + Identifiers.quote(column.name()));
                selected.add(
                        "NULL::" + column.type().sql() + " AS " + Identifiers.quote(column.name()));
                continue;
            }
            String source = Identifiers.quote(found[0]);
            if (!found[1].equals(columnTypes.get(leading + i))) {
                requireFits(relation, table, column, found);
                source = "CAST(" + source + " AS " + column.type().sql() + ")";
            }
            if (!column.nullable()) {
                Jdbc.queryFirst(
                                connection,
                                "SELECT 1 FROM "
                                        + relation
                                        + " WHERE "
                                        + Identifiers.quote(found[0])
                                        + " IS NULL LIMIT 1",
                                rs -> true)
                        .ifPresent(
                                nul ->
                                        requireNullable(
                                                table, column, "the query yields NULL in it"));
            }
            selected.add(source + " AS " + Identifiers.quote(column.name()));
        }
        if (!yielded.isEmpty()) {
            throw new LakeValidationException(
                    "The query yields the column(s) "
                            + yielded.values().stream().map(c -> c[0]).toList()
                            + ", which "
                            + table
                            + " does not have: "
                            + schema);
        }
        return "SELECT " + String.join(", ", selected) + " FROM " + relation;
    }

    /**
     * Fails, naming the key and its rows, when the relation (the staging itself when null) holds
     * two rows with one primary key; {@code what} names the relation in the message.
     */
    void requireUniqueKeys(String relation, String what) throws SQLException {
        String columnsSql =
                schema.primaryKey().stream()
                        .map(Identifiers::quote)
                        .collect(Collectors.joining(", "));
        List<String> duplicate =
                Jdbc.queryFirst(
                                connection,
                                "SELECT "
                                        + columnsSql
                                        + ", count(*) FROM "
                                        + (relation == null ? sql() : relation)
                                        + " GROUP BY ALL HAVING count(*) > 1 LIMIT 1",
                                rs -> {
                                    List<String> values = keyValues(rs);
                                    values.add(
                                            "rows=" + rs.getLong(schema.primaryKey().size() + 1));
                                    return values;
                                })
                        .orElse(null);
        if (duplicate != null) {
            throw new LakeValidationException(
                    what
                            + " holds several rows for one primary key "
                            + duplicate
                            + "; it must have one row per key");
        }
    }

    /**
     * Fails, naming the first such key, when a row of {@code relation} has a primary key that the
     * table {@code target} holds, read on {@code connection} (a commit's).
     */
    void requireNewKeys(Connection connection, String relation, String target, String what)
            throws SQLException {
        List<String> key = schema.primaryKey();
        String on =
                key.stream()
                        .map(k -> "n." + Identifiers.quote(k) + " = t." + Identifiers.quote(k))
                        .collect(Collectors.joining(" AND "));
        Optional<List<String>> held =
                Jdbc.queryFirst(
                        connection,
                        "SELECT "
                                + key.stream()
                                        .map(k -> "n." + Identifiers.quote(k))
                                        .collect(Collectors.joining(", "))
                                + " FROM "
                                + relation
                                + " n SEMI JOIN "
                                + target
                                + " t ON "
                                + on
                                + " LIMIT 1",
                        this::keyValues);
        if (held.isPresent()) {
            throw new LakeValidationException(
                    what
                            + " adds the primary key "
                            + held.get()
                            + ", which the table"
                            + " already holds; append only new keys, or upsert through a merge session");
        }
    }

    /** The primary key's values in a result's first columns, each as {@code column=value}. */
    private List<String> keyValues(ResultSet rs) throws SQLException {
        List<String> values = new ArrayList<>();
        for (int i = 1; i <= schema.primaryKey().size(); i++) {
            values.add(
                    schema.primaryKey().get(i - 1) + "=" + Identifiers.describe(rs.getObject(i)));
        }
        return values;
    }

    private static void requireNullable(TableName table, Column column, String why) {
        if (!column.nullable()) {
            throw new LakeValidationException(
                    "Column " + column.name() + " of " + table + " refuses NULL, but " + why);
        }
    }

    /**
     * How a refusal of the query's column starts: the table's column and type, the query's column.
     */
    private static String misfitPrefix(TableName table, Column column, String[] yielded) {
        return "Column "
                + column.name()
                + " of "
                + table
                + " is "
                + column.type().sql()
                + "; the query's "
                + yielded[0];
    }

    /**
     * Fails, naming the first value, unless every value of the query's column converts to the
     * table's type and back unchanged.
     */
    private void requireFits(String relation, TableName table, Column column, String[] yielded)
            throws SQLException {
        String value = Identifiers.quote(yielded[0]);
        String converted = "TRY_CAST(" + value + " AS " + column.type().sql() + ")";
        Optional<String> misfit;
        try {
            misfit =
                    Jdbc.queryFirst(
                            connection,
                            "SELECT CAST("
                                    + value
                                    + " AS VARCHAR) FROM "
                                    + relation
                                    + " WHERE "
                                    + value
                                    + " IS NOT NULL AND ("
                                    + converted
                                    + " IS NULL OR TRY_CAST("
                                    + converted
                                    + " AS "
                                    + yielded[1]
                                    + ") IS DISTINCT FROM "
                                    + value
                                    + ") LIMIT 1",
                            rs -> rs.getString(1));
        } catch (SQLException e) {
            throw new LakeValidationException(
                    misfitPrefix(table, column, yielded)
                            + " is "
                            + yielded[1]
                            + ", which cannot be converted to it",
                    e);
        }
        if (misfit.isPresent()) {
            throw new LakeValidationException(
                    misfitPrefix(table, column, yielded)
                            + " ("
                            + yielded[1]
                            + ") yields "
                            + misfit.get()
                            + ", which it cannot hold unchanged");
        }
    }

    /** The staging table's name in SQL. */
    String sql() {
        return "temp.main." + name;
    }

    /** The table's columns, quoted and joined, optionally with a table alias. */
    String columnList(String alias) {
        String prefix = alias == null ? "" : alias + ".";
        return schema.columns().stream()
                .map(c -> prefix + Identifiers.quote(c.name()))
                .collect(Collectors.joining(", "));
    }

    long rows() {
        return rows;
    }

    /** Appends one row: the bookkeeping values, then the table's values (already validated). */
    void append(Object[] bookkeeping, Object[] row) throws SQLException {
        append(bookkeeping, null, row);
    }

    /**
     * Appends one row: the bookkeeping values, then {@code typed} values in the table's column
     * types (bookkeeping columns that mirror the table's, such as a merge's current row), then the
     * table's values.
     */
    void append(Object[] bookkeeping, Object[] typed, Object[] row) throws SQLException {
        appender.beginRow();
        for (Object value : bookkeeping) {
            appendValue(null, value);
        }
        if (typed != null) {
            for (int i = 0; i < typed.length; i++) {
                appendValue(schema.column(i).type(), typed[i]);
            }
        }
        for (int i = 0; i < row.length; i++) {
            appendValue(schema.column(i).type(), row[i]);
        }
        appender.endRow();
        rows++;
    }

    /** Counts rows that SQL added to the table. */
    void added(long count) {
        rows += count;
    }

    /** Makes every appended row visible to SQL on this connection. */
    void flush() throws SQLException {
        appender.flush();
    }

    /** Empties the staging, keeping the table. */
    void clear() throws SQLException {
        appender.close();
        Jdbc.execute(connection, "DELETE FROM " + sql());
        appender = connection.createAppender("temp", "main", name);
        rows = 0;
    }

    @Override
    public void close() throws SQLException {
        try {
            appender.close();
        } finally {
            Jdbc.execute(connection, "DROP TABLE IF EXISTS " + sql());
        }
    }

    private void appendValue(LakeType type, Object value) throws SQLException {
        if (value == null) {
            appender.appendNull();
        } else if (type == null) {
            appendBookkeeping(value);
        } else if (type instanceof LakeType.Primitive primitive) {
            appendPrimitive(primitive, value);
        } else if (type instanceof LakeType.Decimal) {
            appender.append((BigDecimal) value);
        } else if (type instanceof LakeType.Struct struct) {
            List<?> fields = (List<?>) value;
            appender.beginStruct();
            for (int i = 0; i < fields.size(); i++) {
                appendValue(struct.fields().get(i).type(), fields.get(i));
            }
            appender.endStruct();
        } else if (type instanceof LakeType.ListOf) {
            appender.append((Collection<?>) inCollection(type, value));
        } else {
            appender.append((Map<?, ?>) inCollection(type, value));
        }
    }

    /**
     * A nested value in the form the appender takes inside lists and maps: structs as maps by field
     * name, instants as offset date-times.
     */
    private static Object inCollection(LakeType type, Object value) {
        if (value == null) {
            return null;
        }
        if (type instanceof LakeType.ListOf list) {
            List<Object> out = new ArrayList<>();
            for (Object element : (List<?>) value) {
                out.add(inCollection(list.element(), element));
            }
            return out;
        }
        if (type instanceof LakeType.MapOf map) {
            Map<Object, Object> out = new LinkedHashMap<>();
            for (Map.Entry<?, ?> entry : ((Map<?, ?>) value).entrySet()) {
                out.put(
                        inCollection(map.key(), entry.getKey()),
                        inCollection(map.value(), entry.getValue()));
            }
            return out;
        }
        if (type instanceof LakeType.Struct struct) {
            List<?> fields = (List<?>) value;
            Map<String, Object> out = new LinkedHashMap<>();
            for (int i = 0; i < fields.size(); i++) {
                out.put(
                        struct.fields().get(i).name(),
                        inCollection(struct.fields().get(i).type(), fields.get(i)));
            }
            return out;
        }
        if (value instanceof Instant instant) {
            return OffsetDateTime.ofInstant(instant, ZoneOffset.UTC);
        }
        return value;
    }

    private void appendBookkeeping(Object value) throws SQLException {
        if (value instanceof Long l) {
            appender.append(l.longValue());
        } else if (value instanceof Boolean b) {
            appender.append(b.booleanValue());
        } else {
            throw new LakeException("Unsupported bookkeeping value " + value);
        }
    }

    private void appendPrimitive(LakeType.Primitive type, Object value) throws SQLException {
        switch (type) {
            case BOOLEAN -> appender.append((boolean) (Boolean) value);
            case TINYINT -> appender.append((byte) (Byte) value);
            case SMALLINT -> appender.append((short) (Short) value);
            case INTEGER -> appender.append((int) (Integer) value);
            case BIGINT -> appender.append((long) (Long) value);
            case FLOAT -> appender.append((float) (Float) value);
            case DOUBLE -> appender.append((double) (Double) value);
            case VARCHAR -> appender.append((String) value);
            case BLOB -> appender.append((byte[]) value);
            case DATE -> appender.append((LocalDate) value);
            case TIME -> appender.append((LocalTime) value);
            case TIMESTAMP_S ->
                    appender.appendEpochSeconds(
                            ((LocalDateTime) value).toEpochSecond(ZoneOffset.UTC));
            case TIMESTAMP_MS ->
                    appender.appendEpochMillis(
                            ((LocalDateTime) value).toInstant(ZoneOffset.UTC).toEpochMilli());
            case TIMESTAMP -> appender.append((LocalDateTime) value);
            case TIMESTAMP_NS ->
                    appender.appendEpochNanos(
                            TemporalRange.units(
                                    type,
                                    ((LocalDateTime) value).toEpochSecond(ZoneOffset.UTC),
                                    ((LocalDateTime) value).getNano()));
            case TIMESTAMPTZ ->
                    appender.append(OffsetDateTime.ofInstant((Instant) value, ZoneOffset.UTC));
        }
    }
}
