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

package dev.ducklake.flink.catalog;

import dev.ducklake.engine.schema.PartitionField;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.schema.TableSchema;
import dev.ducklake.flink.common.DuckLakeConnectorOptions;
import dev.ducklake.flink.common.FlinkLakeTypes;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.apache.flink.annotation.Internal;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.api.Schema;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.catalog.CatalogBaseTable;
import org.apache.flink.table.catalog.CatalogTable;
import org.apache.flink.table.catalog.Column;
import org.apache.flink.table.catalog.ResolvedCatalogTable;
import org.apache.flink.table.catalog.ResolvedSchema;
import org.apache.flink.table.catalog.UniqueConstraint;
import org.apache.flink.table.factories.FactoryUtil;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.utils.TypeConversions;

/**
 * Translates between DuckLake table definitions and Flink's {@link CatalogTable}: a lake table's
 * columns, primary key, identity partitioning, comment and stored options as a Flink table, and a
 * Flink table of {@code CREATE TABLE} as the DuckLake table and options it creates, every check
 * done before the lake changes.
 */
@Internal
final class CatalogTables {

    private static final Set<String> TABLE_KEYS =
            DuckLakeConnectorOptions.tableOptions().stream()
                    .map(ConfigOption::key)
                    .collect(Collectors.toUnmodifiableSet());

    private CatalogTables() {}

    /**
     * The Flink table of a lake table. Partition keys are the identity partition fields, and only
     * when every field is one: a time transform (year, month, ...) has no Flink partition key.
     */
    static CatalogTable toFlink(
            TableName name,
            TableSchema lake,
            Optional<String> comment,
            Map<String, String> options) {
        return toFlink(name, lake, comment, options, null);
    }

    /**
     * The same, as a snapshot of the table at a time ({@code FOR SYSTEM_TIME AS OF}, epoch millis),
     * if not null.
     */
    static CatalogTable toFlink(
            TableName name,
            TableSchema lake,
            Optional<String> comment,
            Map<String, String> options,
            Long snapshot) {
        Schema.Builder schema =
                Schema.newBuilder()
                        .fromRowDataType(
                                TypeConversions.fromLogicalToDataType(
                                        FlinkLakeTypes.toFlinkRowType(lake, List.of())));
        if (lake.hasPrimaryKey()) {
            schema.primaryKeyNamed("PK_" + name.table(), lake.primaryKey());
        }
        List<PartitionField> fields = lake.partitioning();
        boolean identity =
                fields.stream().allMatch(f -> f.transform() == PartitionField.Transform.IDENTITY);
        return CatalogTable.newBuilder()
                .schema(schema.build())
                .comment(comment.orElse(null))
                .partitionKeys(
                        identity ? fields.stream().map(PartitionField::column).toList() : List.of())
                .options(options)
                .snapshot(snapshot)
                .build();
    }

    /**
     * The lake table a {@code CREATE TABLE} of the catalog creates; fails, naming what to change,
     * before any change.
     */
    static TableSchema toLake(TableName name, CatalogBaseTable table) {
        if (!(table instanceof ResolvedCatalogTable resolved)) {
            throw new ValidationException(
                    "Cannot create "
                            + name
                            + " in a DuckLake catalog: it is a "
                            + table.getTableKind()
                            + ", and DuckLake catalogs hold tables only");
        }
        if (resolved.getDistribution().isPresent()) {
            throw new ValidationException(
                    "Table " + name + ": DuckLake tables have no DISTRIBUTED BY");
        }
        ResolvedSchema schema = resolved.getResolvedSchema();
        for (Column column : schema.getColumns()) {
            if (!column.isPhysical()) {
                throw new ValidationException(
                        "Table "
                                + name
                                + ": column '"
                                + column.getName()
                                + "' is computed or"
                                + " a metadata column, which a DuckLake table cannot keep; with LIKE, use EXCLUDING GENERATED"
                                + " and EXCLUDING METADATA");
            }
            if (column.getComment().isPresent()) {
                throw new ValidationException(
                        "Table "
                                + name
                                + ": column '"
                                + column.getName()
                                + "' has a comment,"
                                + " which the DuckLake catalog cannot keep yet; comment the table instead");
            }
        }
        if (!schema.getWatermarkSpecs().isEmpty()) {
            throw new ValidationException(
                    "Table "
                            + name
                            + " has a watermark, which a DuckLake table cannot keep;"
                            + " with LIKE, use EXCLUDING WATERMARKS, or declare the watermark on a view or a temporary table");
        }
        List<String> key =
                schema.getPrimaryKey().map(UniqueConstraint::getColumns).orElse(List.of());
        return FlinkLakeTypes.toLakeSchema(
                (RowType) schema.toPhysicalRowDataType().getLogicalType(),
                key,
                resolved.getPartitionKeys());
    }

    /**
     * The options a table stores: only the connector's table options, each with a value it parses;
     * {@code 'connector' = 'ducklake'} (from {@code LIKE} a connector table) is dropped.
     */
    static Map<String, String> storedOptions(TableName name, Map<String, String> options) {
        Map<String, String> stored = new TreeMap<>();
        options.forEach(
                (key, value) -> {
                    if (key.equals(FactoryUtil.CONNECTOR.key())
                            && value.equals(DuckLakeConnectorOptions.IDENTIFIER)) {
                        return;
                    }
                    checkKey(name, key);
                    stored.put(key, value);
                });
        Configuration parsed = Configuration.fromMap(stored);
        for (ConfigOption<?> option : DuckLakeConnectorOptions.tableOptions()) {
            try {
                parsed.getOptional(option);
            } catch (IllegalArgumentException e) {
                throw new ValidationException(
                        "Table "
                                + name
                                + ": option '"
                                + option.key()
                                + "' = '"
                                + stored.get(option.key())
                                + "' is invalid: "
                                + e.getMessage(),
                        e);
            }
        }
        return stored;
    }

    /** Fails, naming the key, for a key a catalog table cannot set (stored or in a hint). */
    static void checkKey(TableName name, String key) {
        try {
            DuckLakeConnectorOptions.refuseTableKey(key);
        } catch (IllegalArgumentException e) {
            throw new ValidationException("Table " + name + ": " + e.getMessage(), e);
        }
        if (!TABLE_KEYS.contains(key)) {
            throw new ValidationException(
                    "Table "
                            + name
                            + ": unknown option '"
                            + key
                            + "'; a table of a DuckLake"
                            + " catalog takes "
                            + new TreeSet<>(TABLE_KEYS)
                            + " (with LIKE a foreign table, use"
                            + " EXCLUDING OPTIONS)");
        }
    }
}
