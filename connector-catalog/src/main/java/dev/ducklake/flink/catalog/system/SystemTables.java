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

package dev.ducklake.flink.catalog.system;

import dev.ducklake.engine.schema.TableName;
import dev.ducklake.flink.common.EngineSpec;
import java.util.Map;
import java.util.Optional;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.api.Schema;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.catalog.CatalogTable;
import org.apache.flink.table.catalog.ObjectIdentifier;
import org.apache.flink.table.connector.source.DynamicTableSource;
import org.apache.flink.table.factories.DynamicTableFactory;

/**
 * What the catalog needs of its system tables ({@code orders$snapshots}, {@code orders$files}): the
 * {@link CatalogTable} of a system table, whose one option tells the catalog's table factory to
 * read it with a {@link SystemTableSource}, and the refusals of writes and of unknown suffixes.
 */
@Internal
public final class SystemTables {

    /** The option of a system table's {@link CatalogTable}: which system table it is. */
    public static final String OPTION = "system-table";

    private SystemTables() {}

    /**
     * The system table an object name names, if it ends in a known suffix: {@code orders$files}.
     */
    public static Optional<SystemTable> of(String objectName) {
        int separator = objectName.lastIndexOf(SystemTable.SEPARATOR);
        return separator < 0
                ? Optional.empty()
                : SystemTable.ofSuffix(objectName.substring(separator + 1));
    }

    /**
     * The system table an object name names; empty when the name has no {@value
     * SystemTable#SEPARATOR}. Fails, naming the table and the known suffixes, for an unknown
     * suffix.
     */
    public static Optional<SystemTable> parse(String catalog, String database, String objectName) {
        if (!objectName.contains(SystemTable.SEPARATOR)) {
            return Optional.empty();
        }
        return Optional.of(
                of(objectName)
                        .orElseThrow(
                                () ->
                                        new ValidationException(
                                                "Table "
                                                        + catalog
                                                        + "."
                                                        + database
                                                        + "."
                                                        + objectName
                                                        + " does not exist: '"
                                                        + objectName.substring(
                                                                objectName.lastIndexOf(
                                                                        SystemTable.SEPARATOR))
                                                        + "' is no system table of a DuckLake table; the system tables are "
                                                        + SystemTable.suffixes())));
    }

    /** The name of the table a system table belongs to: {@code orders} for {@code orders$files}. */
    public static String baseName(String objectName) {
        return objectName.substring(0, objectName.lastIndexOf(SystemTable.SEPARATOR));
    }

    /** The Flink table of a system table. */
    public static CatalogTable catalogTable(SystemTable table) {
        return CatalogTable.newBuilder()
                .schema(Schema.newBuilder().fromRowDataType(table.rowType()).build())
                .comment(
                        "DuckLake system table "
                                + SystemTable.SEPARATOR
                                + table.suffix()
                                + " (read-only)")
                .options(Map.of(OPTION, table.suffix()))
                .build();
    }

    /**
     * Whether a table factory is asked for a system table: a table of {@link #catalogTable}, named
     * {@code <table>$<suffix>}. A hint that sets {@value #OPTION} on another table does not make it
     * one.
     */
    public static boolean isSystemTable(DynamicTableFactory.Context context) {
        String suffix = context.getCatalogTable().getOptions().get(OPTION);
        return suffix != null
                && SystemTable.ofSuffix(suffix).isPresent()
                && context.getObjectIdentifier()
                        .getObjectName()
                        .endsWith(SystemTable.SEPARATOR + suffix);
    }

    /**
     * The source of a {@linkplain #isSystemTable system table}: it reads the rows in the task, with
     * the engine the spec opens. Fails for options of a hint: a system table takes none.
     */
    public static DynamicTableSource source(DynamicTableFactory.Context context, EngineSpec spec) {
        ObjectIdentifier id = context.getObjectIdentifier();
        Map<String, String> options = context.getCatalogTable().getOptions();
        SystemTable table = SystemTable.ofSuffix(options.get(OPTION)).orElseThrow();
        if (!options.equals(Map.of(OPTION, table.suffix()))) {
            throw new ValidationException(
                    "Table "
                            + id.asSummaryString()
                            + " is a DuckLake system table, which"
                            + " takes no options; given: "
                            + options);
        }
        return new SystemTableSource(
                new MetadataSource(
                        spec,
                        table,
                        TableName.of(id.getDatabaseName(), baseName(id.getObjectName()))));
    }

    /** The refusal of a write into a system table. */
    public static ValidationException readOnly(DynamicTableFactory.Context context) {
        return new ValidationException(
                "Table "
                        + context.getObjectIdentifier().asSummaryString()
                        + " is a read-only"
                        + " DuckLake system table; write into the table itself");
    }
}
