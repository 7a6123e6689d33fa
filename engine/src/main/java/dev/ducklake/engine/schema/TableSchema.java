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

package dev.ducklake.engine.schema;

import dev.ducklake.engine.error.LakeValidationException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The definition of a lake table: ordered columns, an optional primary key (kept and enforced by
 * the engine, since DuckLake has no key constraint) and an optional partitioning. Key columns are
 * always NOT NULL.
 *
 * <pre>{@code
 * TableSchema schema = TableSchema.builder()
 *     .column("order_id", LakeType.Primitive.VARCHAR)
 *     .column("amount", new LakeType.Decimal(12, 2))
 *     .primaryKey("order_id")
 *     .build();
 * }</pre>
 */
public final class TableSchema {
    /**
     * Why a session refuses a primary-key string holding U+0000 (the end of a validation error that
     * names the column and value): DuckLake puts the values a statement filters on into the text of
     * its own catalog queries, where a NUL ends the text, so every later upsert or delete of such a
     * key would fail (plain DuckDB's too). BLOB keys and other control characters do not have this
     * problem.
     */
    public static final String NUL_IN_KEY =
            "is part of the primary key and must not contain the character U+0000"
                    + " (NUL): DuckLake cannot look such a key up again, so later upserts and deletes of it would fail";

    private final List<Column> columns;
    private final List<String> primaryKey;
    private final List<PartitionField> partitioning;
    private final Map<String, Integer> positions;
    private final int[] keyPositions;

    private TableSchema(
            List<Column> columns, List<String> primaryKey, List<PartitionField> partitioning) {
        if (columns.isEmpty()) {
            throw new LakeValidationException("A table needs at least one column");
        }
        this.positions = new HashMap<>();
        for (int i = 0; i < columns.size(); i++) {
            if (positions.put(normalize(columns.get(i).name()), i) != null) {
                throw new LakeValidationException(
                        "Column '" + columns.get(i).name() + "' is defined twice");
            }
        }
        this.keyPositions = new int[primaryKey.size()];
        List<Column> withKey = new ArrayList<>(columns);
        for (int k = 0; k < primaryKey.size(); k++) {
            int position = requirePosition(primaryKey.get(k), "primary key");
            Column column = withKey.get(position);
            if (column.type().isNested()) {
                throw new LakeValidationException(
                        "Primary key column '"
                                + column.name()
                                + "' has the nested type "
                                + column.type().sql()
                                + "; key columns must have a scalar type");
            }
            withKey.set(position, Column.notNull(column.name(), column.type()));
            keyPositions[k] = position;
        }
        if (primaryKey.stream().map(TableSchema::normalize).distinct().count()
                != primaryKey.size()) {
            throw new LakeValidationException(
                    "The primary key " + primaryKey + " names a column twice");
        }
        for (PartitionField field : partitioning) {
            requirePosition(field.column(), "partition");
        }
        this.columns = List.copyOf(withKey);
        this.primaryKey = List.copyOf(primaryKey);
        this.partitioning = List.copyOf(partitioning);
    }

    public static Builder builder() {
        return new Builder();
    }

    public List<Column> columns() {
        return columns;
    }

    public List<String> primaryKey() {
        return primaryKey;
    }

    public boolean hasPrimaryKey() {
        return !primaryKey.isEmpty();
    }

    /** What tells rows apart: the primary key, or every column of a table without one. */
    public List<String> identifyingColumns() {
        return hasPrimaryKey() ? primaryKey : names();
    }

    /** Positions of the key columns, in key order. */
    public int[] keyPositions() {
        return keyPositions.clone();
    }

    public List<PartitionField> partitioning() {
        return partitioning;
    }

    public int size() {
        return columns.size();
    }

    public Column column(int position) {
        return columns.get(position);
    }

    /** The position of a column, or -1. Column names compare case-insensitively, as in DuckDB. */
    public int positionOf(String name) {
        return positions.getOrDefault(normalize(name), -1);
    }

    /** The position of a column, or a validation error that lists the table's columns. */
    public int requirePosition(String name, String role) {
        int position = positionOf(name);
        if (position < 0) {
            throw new LakeValidationException(
                    "Unknown " + role + " column '" + name + "'; the columns are " + names());
        }
        return position;
    }

    public List<String> names() {
        return columns.stream().map(Column::name).collect(Collectors.toList());
    }

    /** A copy of this schema with one more nullable column at the end. */
    public TableSchema withColumn(Column column) {
        List<Column> more = new ArrayList<>(columns);
        more.add(column);
        return new TableSchema(more, primaryKey, partitioning);
    }

    /** A copy of this schema without a column (not one of the key or the partitioning). */
    public TableSchema withoutColumn(String name) {
        int position = requirePosition(name, "dropped");
        List<Column> fewer = new ArrayList<>(columns);
        fewer.remove(position);
        return new TableSchema(fewer, primaryKey, partitioning);
    }

    /** A copy of this schema with a column renamed, in the key and partitioning too. */
    public TableSchema withColumnRenamed(String from, String to) {
        int position = requirePosition(from, "renamed");
        String old = columns.get(position).name();
        List<Column> renamed = new ArrayList<>(columns);
        renamed.set(
                position,
                new Column(to, columns.get(position).type(), columns.get(position).nullable()));
        List<String> key = primaryKey.stream().map(k -> k.equalsIgnoreCase(old) ? to : k).toList();
        List<PartitionField> partitions =
                partitioning.stream()
                        .map(p -> p.column().equalsIgnoreCase(old) ? p.withColumn(to) : p)
                        .toList();
        return new TableSchema(renamed, key, partitions);
    }

    /** A copy of this schema with a column of another type. */
    public TableSchema withColumnType(String name, LakeType type) {
        int position = requirePosition(name, "retyped");
        List<Column> retyped = new ArrayList<>(columns);
        retyped.set(
                position,
                new Column(columns.get(position).name(), type, columns.get(position).nullable()));
        return new TableSchema(retyped, primaryKey, partitioning);
    }

    private static String normalize(String name) {
        return name.toLowerCase(Locale.ROOT);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TableSchema other
                && columns.equals(other.columns)
                && primaryKey.equals(other.primaryKey)
                && partitioning.equals(other.partitioning);
    }

    @Override
    public int hashCode() {
        return columns.hashCode() * 31 + primaryKey.hashCode();
    }

    @Override
    public String toString() {
        String cols = columns.stream().map(Column::ddl).collect(Collectors.joining(", "));
        return "("
                + cols
                + ")"
                + (primaryKey.isEmpty() ? "" : " PRIMARY KEY " + primaryKey)
                + (partitioning.isEmpty() ? "" : " PARTITIONED BY " + partitioning);
    }

    /** Builds a {@link TableSchema}; checks happen in {@link #build()}. */
    public static final class Builder {
        private final List<Column> columns = new ArrayList<>();
        private final List<String> primaryKey = new ArrayList<>();
        private final List<PartitionField> partitioning = new ArrayList<>();

        private Builder() {}

        public Builder column(String name, LakeType type) {
            return column(Column.of(name, type));
        }

        public Builder column(Column column) {
            columns.add(column);
            return this;
        }

        public Builder primaryKey(String... keyColumns) {
            primaryKey.addAll(List.of(keyColumns));
            return this;
        }

        public Builder primaryKey(List<String> keyColumns) {
            primaryKey.addAll(keyColumns);
            return this;
        }

        public Builder partitionBy(PartitionField field) {
            partitioning.add(field);
            return this;
        }

        public TableSchema build() {
            return new TableSchema(columns, primaryKey, partitioning);
        }
    }
}
