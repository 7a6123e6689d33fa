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
    StagingTable(DuckDBConnection connection, TableSchema schema, List<Column> leadingColumns) throws SQLException {
        this.connection = connection;
        this.schema = schema;
        this.name = "ducklake_stage_" + COUNTER.incrementAndGet();
        columns.addAll(leadingColumns);
        columns.addAll(schema.columns());
        Jdbc.execute(connection, "CREATE TEMP TABLE " + name + " (" + columns.stream()
                .map(c -> Identifiers.quote(c.name()) + " " + c.type().sql()).collect(Collectors.joining(", ")) + ")");
        this.columnTypes = Jdbc.query(connection, "SELECT column_type FROM (DESCRIBE " + sql() + ")",
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
        List<String[]> described = Jdbc.query(connection, "SELECT column_name, column_type FROM (DESCRIBE SELECT * FROM "
                + read + ")", rs -> new String[] {rs.getString(1), rs.getString(2)});
        boolean exact = described.size() == columns.size();
        Map<String, String[]> fileColumns = new LinkedHashMap<>();
        for (int i = 0; i < described.size(); i++) {
            String[] column = described.get(i);
            fileColumns.put(column[0].toLowerCase(Locale.ROOT), column);
            exact &= i < columns.size() && column[0].equalsIgnoreCase(columns.get(i).name())
                    && column[1].equals(columnTypes.get(i));
        }
        List<String> selected = new ArrayList<>();
        for (Column column : columns) {
            String[] found = fileColumns.remove(column.name().toLowerCase(Locale.ROOT));
            selected.add((found == null ? "NULL" : Identifiers.quote(found[0])) + "::" + column.type().sql() + " AS "
                    + Identifiers.quote(column.name()));
        }
        if (!fileColumns.isEmpty()) {
            throw new LakeValidationException("The staged file " + file + " for " + table + " has the column(s) "
                    + fileColumns.values().stream().map(c -> c[0]).toList() + ", which " + table
                    + " does not have: " + schema);
        }
        return new Projection("SELECT " + String.join(", ", selected) + " FROM " + read, exact);
    }

    /** A query of a file's rows in the staging's columns; {@code exact}: the file has those columns as they are. */
    record Projection(String sql, boolean exact) {}

    /** The staging table's name in SQL. */
    String sql() {
        return "temp.main." + name;
    }

    /** The table's columns, quoted and joined, optionally with a table alias. */
    String columnList(String alias) {
        String prefix = alias == null ? "" : alias + ".";
        return schema.columns().stream().map(c -> prefix + Identifiers.quote(c.name())).collect(Collectors.joining(", "));
    }

    long rows() {
        return rows;
    }

    /** Appends one row: the bookkeeping values, then the table's values (already validated). */
    void append(Object[] bookkeeping, Object[] row) throws SQLException {
        append(bookkeeping, null, row);
    }

    /**
     * Appends one row: the bookkeeping values, then {@code typed} values in the table's column types
     * (bookkeeping columns that mirror the table's, such as a merge's current row), then the table's
     * values.
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
     * A nested value in the form the appender takes inside lists and maps: structs as maps by
     * field name, instants as offset date-times.
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
                out.put(inCollection(map.key(), entry.getKey()), inCollection(map.value(), entry.getValue()));
            }
            return out;
        }
        if (type instanceof LakeType.Struct struct) {
            List<?> fields = (List<?>) value;
            Map<String, Object> out = new LinkedHashMap<>();
            for (int i = 0; i < fields.size(); i++) {
                out.put(struct.fields().get(i).name(), inCollection(struct.fields().get(i).type(), fields.get(i)));
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
            case TIMESTAMP_S -> appender.appendEpochSeconds(((LocalDateTime) value).toEpochSecond(ZoneOffset.UTC));
            case TIMESTAMP_MS -> appender.appendEpochMillis(
                    ((LocalDateTime) value).toInstant(ZoneOffset.UTC).toEpochMilli());
            case TIMESTAMP -> appender.append((LocalDateTime) value);
            case TIMESTAMP_NS -> appender.appendEpochNanos(TemporalRange.units(type,
                    ((LocalDateTime) value).toEpochSecond(ZoneOffset.UTC), ((LocalDateTime) value).getNano()));
            case TIMESTAMPTZ -> appender.append(OffsetDateTime.ofInstant((Instant) value, ZoneOffset.UTC));
        }
    }
}
