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

package dev.ducklake.flink.cdc.schema;

import dev.ducklake.engine.schema.Column;
import dev.ducklake.engine.schema.LakeType;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.schema.TableSchema;
import dev.ducklake.engine.write.LakeTransaction;
import dev.ducklake.flink.cdc.ChangeSchema;
import dev.ducklake.flink.cdc.SchemaChangePolicy;
import dev.ducklake.flink.common.FlinkLakeTypes;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.util.FlinkRuntimeException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Brings a lake table, inside a {@link LakeTransaction}, to the schema that the rows of a {@link
 * ChangeSchema} have: creates it (key columns NOT NULL, every other column nullable, since a
 * source's columns may become optional later), renames the columns the schema says were renamed,
 * adds the new ones, widens types, and drops the columns the schema no longer has. A change
 * DuckLake cannot apply fails, naming table and change, unless the {@link SchemaChangePolicy} may
 * skip it (see there).
 */
@Internal
public final class SchemaEvolution {

    private static final Logger LOG = LoggerFactory.getLogger(SchemaEvolution.class);

    private SchemaEvolution() {}

    /** The lake table a change schema creates. */
    public static TableSchema lakeSchema(TableName table, ChangeSchema schema) {
        TableSchema.Builder builder = TableSchema.builder();
        RowType rowType = schema.rowType();
        for (RowType.RowField field : rowType.getFields()) {
            LakeType type;
            try {
                type = FlinkLakeTypes.toLake(field.getName(), field.getType());
            } catch (ValidationException e) {
                throw new ValidationException("Table " + table + ": " + e.getMessage(), e);
            }
            builder.column(
                    schema.primaryKey().contains(field.getName())
                            ? Column.notNull(field.getName(), type)
                            : Column.of(field.getName(), type));
        }
        return builder.primaryKey(schema.primaryKey()).build();
    }

    /**
     * Applies the steps that give the table the schema's columns; the transaction tracks the
     * result.
     */
    public static void apply(
            LakeTransaction tx, TableName table, ChangeSchema schema, SchemaChangePolicy policy) {
        TableSchema wanted = lakeSchema(table, schema);
        Optional<TableSchema> existing = tx.schema(table);
        if (existing.isEmpty()) {
            tx.createTable(table, wanted);
            return;
        }
        TableSchema lake = existing.get();
        for (Map.Entry<String, String> rename : schema.renamedFrom().entrySet()) {
            if (lake.positionOf(rename.getValue()) >= 0 && lake.positionOf(rename.getKey()) < 0) {
                tx.renameColumn(table, rename.getValue(), rename.getKey());
            }
        }
        lake = tx.schema(table).orElseThrow();
        checkKey(table, lake, wanted, policy);
        for (Column column : wanted.columns()) {
            int position = lake.positionOf(column.name());
            if (position < 0) {
                tx.addColumn(table, Column.of(column.name(), column.type()));
            } else {
                retype(tx, table, lake.column(position), column.type(), policy);
            }
        }
        for (Column column : lake.columns()) {
            if (wanted.positionOf(column.name()) < 0) {
                if (isKey(lake, column.name())) {
                    throw unsupported(
                            table,
                            "its primary-key column '"
                                    + column.name()
                                    + "' is gone from the"
                                    + " stream's schema "
                                    + schema,
                            "the rows would have no key");
                }
                tx.dropColumn(table, column.name());
            }
        }
    }

    /**
     * A key the table does not have: DuckLake cannot change a table's key. Skipping keeps the
     * table's key when the stream's key still holds all of its columns, so every change names them.
     */
    private static void checkKey(
            TableName table, TableSchema lake, TableSchema wanted, SchemaChangePolicy policy) {
        if (lower(lake.primaryKey()).equals(lower(wanted.primaryKey()))) {
            return;
        }
        String change =
                "the primary key changes from "
                        + describe(lake.primaryKey())
                        + " to "
                        + describe(wanted.primaryKey());
        boolean keepable =
                lake.hasPrimaryKey()
                        && lower(wanted.primaryKey()).containsAll(lower(lake.primaryKey()));
        if (!keepable) {
            throw unsupported(
                    table,
                    change,
                    "DuckLake cannot change a table's primary key, and the rows would not"
                            + " carry the table's key");
        }
        skipOrFail(table, change, "DuckLake cannot change a table's primary key", policy);
    }

    private static void retype(
            LakeTransaction tx,
            TableName table,
            Column existing,
            LakeType type,
            SchemaChangePolicy policy) {
        LakeType has = existing.type();
        if (has.equals(type)) {
            return;
        }
        String change =
                "column '" + existing.name() + "' changes from " + has.sql() + " to " + type.sql();
        if (has.widensTo(type)) {
            tx.alterColumnType(table, existing.name(), type);
        } else if (type.widensTo(has)) {
            skipOrFail(
                    table,
                    change,
                    "DuckLake only widens types (" + LakeType.WIDENINGS + ")",
                    policy);
        } else {
            throw unsupported(
                    table,
                    change,
                    "DuckLake only widens types ("
                            + LakeType.WIDENINGS
                            + "), and values"
                            + " of the new type would not fit the column");
        }
    }

    private static void skipOrFail(
            TableName table, String change, String why, SchemaChangePolicy policy) {
        if (policy == SchemaChangePolicy.FAIL) {
            throw unsupported(
                    table,
                    change,
                    why
                            + ". With the schema-change policy SKIP the sink keeps the table"
                            + " as it is and writes the rows into it");
        }
        LOG.warn("Table {}: skipping a schema change from the stream ({}): {}", table, change, why);
    }

    private static FlinkRuntimeException unsupported(TableName table, String change, String why) {
        return new FlinkRuntimeException(
                "Table "
                        + table
                        + ": cannot apply a schema change from the stream, "
                        + change
                        + ": "
                        + why);
    }

    private static boolean isKey(TableSchema schema, String column) {
        return schema.primaryKey().stream().anyMatch(column::equalsIgnoreCase);
    }

    private static List<String> lower(List<String> names) {
        return names.stream().map(n -> n.toLowerCase(Locale.ROOT)).toList();
    }

    private static String describe(List<String> key) {
        return key.isEmpty() ? "none" : key.toString();
    }
}
