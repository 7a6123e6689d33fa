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

import dev.ducklake.engine.schema.TableName;
import dev.ducklake.flink.catalog.system.SystemTables;
import dev.ducklake.flink.common.DuckLakeConnectorOptions;
import dev.ducklake.flink.common.DuckLakeTableFactoryBase;
import dev.ducklake.flink.common.EngineSpec;
import dev.ducklake.flink.sink.table.DuckLakeDynamicSinkFactory;
import dev.ducklake.flink.source.table.DuckLakeDynamicSourceFactory;
import java.util.HashMap;
import java.util.Map;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.catalog.ObjectIdentifier;
import org.apache.flink.table.catalog.ResolvedCatalogTable;
import org.apache.flink.table.connector.sink.DynamicTableSink;
import org.apache.flink.table.connector.source.DynamicTableSource;
import org.apache.flink.table.factories.DynamicTableSinkFactory;
import org.apache.flink.table.factories.DynamicTableSourceFactory;
import org.apache.flink.table.factories.FactoryUtil;

/**
 * Reads and writes the catalog's tables with the connector's own source and sink: their options are
 * the catalog's lake options and table defaults, under the table's stored options and the query's
 * hints, with {@code table-name} set to the table's path; a system table ({@code orders$files}) is
 * read by its own bounded source and refuses writes. Returned by {@link
 * DuckLakeCatalog#getFactory()} only, never registered for discovery: it has the identifier {@code
 * ducklake} too, and two source factories of one identifier would break {@code 'connector' =
 * 'ducklake'} tables.
 */
@Internal
final class CatalogTableFactory extends DuckLakeTableFactoryBase
        implements DynamicTableSourceFactory, DynamicTableSinkFactory {

    private final EngineSpec spec;
    private final Map<String, String> tableDefaults;

    CatalogTableFactory(EngineSpec spec, Map<String, String> tableDefaults) {
        this.spec = spec;
        this.tableDefaults = Map.copyOf(tableDefaults);
    }

    @Override
    public DynamicTableSource createDynamicTableSource(Context context) {
        if (SystemTables.isSystemTable(context)) {
            return SystemTables.source(context, spec);
        }
        return new DuckLakeDynamicSourceFactory()
                .createDynamicTableSource(withLakeOptions(context));
    }

    @Override
    public DynamicTableSink createDynamicTableSink(Context context) {
        if (SystemTables.isSystemTable(context)) {
            throw SystemTables.readOnly(context);
        }
        return new DuckLakeDynamicSinkFactory().createDynamicTableSink(withLakeOptions(context));
    }

    /**
     * The context with the table's options completed by the catalog's, after checking the table's
     * own keys.
     */
    private Context withLakeOptions(Context context) {
        ObjectIdentifier id = context.getObjectIdentifier();
        TableName name = TableName.of(id.getDatabaseName(), id.getObjectName());
        Map<String, String> own = context.getCatalogTable().getOptions();
        own.keySet().forEach(key -> CatalogTables.checkKey(name, key));
        Map<String, String> options = new HashMap<>(spec.options());
        options.putAll(tableDefaults);
        options.putAll(own);
        options.put(DuckLakeConnectorOptions.TABLE_NAME.key(), name.toString());
        ResolvedCatalogTable table = context.getCatalogTable().copy(options);
        return new FactoryUtil.DefaultDynamicTableContext(
                id,
                table,
                context.getEnrichmentOptions(),
                context.getConfiguration(),
                context.getClassLoader(),
                context.isTemporary());
    }
}
