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

import dev.ducklake.engine.error.LakeValidationException;
import dev.ducklake.engine.schema.Column;
import dev.ducklake.engine.schema.Identifiers;
import dev.ducklake.engine.schema.LakeType;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.schema.TableSchema;
import dev.ducklake.engine.schema.TemporalRange;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Checks rows on their way into a session: arity, Java classes per column type (see {@link
 * LakeType}), NOT NULL and key columns, key strings that are empty or hold U+0000, decimals that do
 * not fit, dates and timestamps outside DuckDB's range ({@link TemporalRange}). Errors name the
 * table, the column and the value. Returns the row in canonical form (decimals at the column's
 * scale, {@link OffsetDateTime} as {@link Instant}).
 */
final class RowValidator {

    private final TableName table;
    private final TableSchema schema;
    private final boolean[] isKey;

    RowValidator(TableName table, TableSchema schema) {
        this.table = table;
        this.schema = schema;
        this.isKey = new boolean[schema.size()];
        for (int position : schema.keyPositions()) {
            isKey[position] = true;
        }
    }

    public TableSchema schema() {
        return schema;
    }

    /** A positional row from values by column name; unknown names are refused. */
    public Object[] fromMap(Map<String, ?> values) {
        Object[] row = new Object[schema.size()];
        for (Map.Entry<String, ?> entry : values.entrySet()) {
            int position = schema.positionOf(entry.getKey());
            if (position < 0) {
                throw new LakeValidationException(
                        "Table "
                                + table
                                + " has no column '"
                                + entry.getKey()
                                + "' (value "
                                + Identifiers.describe(entry.getValue())
                                + "); its columns are "
                                + schema.names());
            }
            row[position] = entry.getValue();
        }
        return row;
    }

    /** Validates a whole row. */
    public Object[] validateRow(Object[] row) {
        requireArity(row);
        Object[] canonical = row.clone();
        for (int i = 0; i < canonical.length; i++) {
            canonical[i] = validateColumn(i, canonical[i]);
        }
        return canonical;
    }

    /** Validates only the key columns of a row (the rest is ignored, as for a delete). */
    public Object[] validateKeyOf(Object[] row) {
        requireArity(row);
        Object[] canonical = new Object[row.length];
        for (int position : schema.keyPositions()) {
            canonical[position] = validateColumn(position, row[position]);
        }
        return canonical;
    }

    private void requireArity(Object[] row) {
        if (row == null || row.length != schema.size()) {
            throw new LakeValidationException(
                    "A row of "
                            + table
                            + " needs "
                            + schema.size()
                            + " values "
                            + schema.names()
                            + ", got "
                            + (row == null ? "null" : row.length));
        }
    }

    private Object validateColumn(int position, Object value) {
        Column column = schema.column(position);
        if (value == null) {
            if (isKey[position]) {
                throw invalid(column, null, "is part of the primary key and must not be null");
            }
            if (!column.nullable()) {
                throw invalid(column, null, "is NOT NULL");
            }
            return null;
        }
        if (isKey[position] && value instanceof String s && s.isEmpty()) {
            throw invalid(
                    column, value, "is part of the primary key and must not be an empty string");
        }
        if (isKey[position] && value instanceof String s && s.indexOf('\0') >= 0) {
            throw invalid(column, value, TableSchema.NUL_IN_KEY);
        }
        return canonical(column, column.type(), value, column.name());
    }

    private Object canonical(Column column, LakeType type, Object value, String path) {
        if (value == null) {
            return null;
        }
        if (type instanceof LakeType.Primitive primitive) {
            return primitive(column, primitive, value, path);
        }
        if (type instanceof LakeType.Decimal decimal) {
            return decimal(column, decimal, value, path);
        }
        if (type instanceof LakeType.ListOf list) {
            if (!(value instanceof List<?> elements)) {
                throw wrongClass(column, type, value, path, "java.util.List");
            }
            List<Object> out = new ArrayList<>(elements.size());
            for (int i = 0; i < elements.size(); i++) {
                out.add(canonical(column, list.element(), elements.get(i), path + "[" + i + "]"));
            }
            return out;
        }
        if (type instanceof LakeType.MapOf map) {
            if (!(value instanceof Map<?, ?> entries)) {
                throw wrongClass(column, type, value, path, "java.util.Map");
            }
            Map<Object, Object> out = new LinkedHashMap<>();
            for (Map.Entry<?, ?> entry : entries.entrySet()) {
                if (entry.getKey() == null) {
                    throw invalid(column, value, "is a MAP and its keys must not be null");
                }
                out.put(
                        canonical(column, map.key(), entry.getKey(), path + ".key"),
                        canonical(
                                column,
                                map.value(),
                                entry.getValue(),
                                path + "[" + entry.getKey() + "]"));
            }
            return out;
        }
        LakeType.Struct struct = (LakeType.Struct) type;
        if (!(value instanceof List<?> fields) || fields.size() != struct.fields().size()) {
            throw wrongClass(
                    column,
                    type,
                    value,
                    path,
                    "java.util.List of " + struct.fields().size() + " field values");
        }
        List<Object> out = new ArrayList<>(fields.size());
        for (int i = 0; i < fields.size(); i++) {
            LakeType.Field field = struct.fields().get(i);
            out.add(canonical(column, field.type(), fields.get(i), path + "." + field.name()));
        }
        return out;
    }

    private Object primitive(Column column, LakeType.Primitive type, Object value, String path) {
        Class<?> expected =
                switch (type) {
                    case BOOLEAN -> Boolean.class;
                    case TINYINT -> Byte.class;
                    case SMALLINT -> Short.class;
                    case INTEGER -> Integer.class;
                    case BIGINT -> Long.class;
                    case FLOAT -> Float.class;
                    case DOUBLE -> Double.class;
                    case VARCHAR -> String.class;
                    case BLOB -> byte[].class;
                    case DATE -> LocalDate.class;
                    case TIME -> LocalTime.class;
                    case TIMESTAMP_S, TIMESTAMP_MS, TIMESTAMP, TIMESTAMP_NS -> LocalDateTime.class;
                    case TIMESTAMPTZ -> Instant.class;
                };
        Object canonical =
                type == LakeType.Primitive.TIMESTAMPTZ && value instanceof OffsetDateTime offset
                        ? offset.toInstant()
                        : value;
        if (!expected.isInstance(canonical)) {
            throw wrongClass(column, type, value, path, expected.getName());
        }
        if (!inRange(type, canonical)) {
            throw invalid(column, value, path, TemporalRange.outside(type));
        }
        return canonical;
    }

    /**
     * Whether DuckDB stores a date or timestamp ({@link TemporalRange}); other values always fit.
     */
    private static boolean inRange(LakeType.Primitive type, Object value) {
        return switch (type) {
            case DATE -> TemporalRange.containsDays(((LocalDate) value).toEpochDay());
            case TIMESTAMP_S, TIMESTAMP_MS, TIMESTAMP, TIMESTAMP_NS ->
                    TemporalRange.contains(
                            type,
                            ((LocalDateTime) value).toEpochSecond(ZoneOffset.UTC),
                            ((LocalDateTime) value).getNano());
            case TIMESTAMPTZ ->
                    TemporalRange.contains(
                            type, ((Instant) value).getEpochSecond(), ((Instant) value).getNano());
            default -> true;
        };
    }

    private Object decimal(Column column, LakeType.Decimal type, Object value, String path) {
        if (!(value instanceof BigDecimal decimal)) {
            throw wrongClass(column, type, value, path, "java.math.BigDecimal");
        }
        if (decimal.scale() > type.scale() && decimal.stripTrailingZeros().scale() > type.scale()) {
            throw invalid(
                    column,
                    value,
                    path,
                    "has more than " + type.scale() + " fractional digits for " + type.sql());
        }
        BigDecimal scaled = decimal.setScale(type.scale());
        if (scaled.precision() > type.precision()) {
            throw invalid(column, value, path, "does not fit " + type.sql());
        }
        return scaled;
    }

    private LakeValidationException wrongClass(
            Column column, LakeType type, Object value, String path, String expected) {
        return invalid(
                column,
                value,
                path,
                "has type "
                        + type.sql()
                        + " and takes "
                        + expected
                        + ", not "
                        + value.getClass().getName());
    }

    private LakeValidationException invalid(Column column, Object value, String problem) {
        return invalid(column, value, column.name(), problem);
    }

    private LakeValidationException invalid(
            Column column, Object value, String path, String problem) {
        String where = path.equals(column.name()) ? "" : " (at " + path + ")";
        return new LakeValidationException(
                "Invalid value "
                        + Identifiers.describe(value)
                        + " for column '"
                        + column.name()
                        + "' of "
                        + table
                        + where
                        + ": the column "
                        + problem);
    }
}
