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

import static dev.ducklake.flink.common.DuckLakeConnectorOptions.CATALOG;
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.DEFAULT_DATABASE;
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.DUCKDB_SECRET_PREFIX;

import dev.ducklake.engine.error.LakeException;
import dev.ducklake.flink.common.DuckLakeConnectorOptions;
import dev.ducklake.flink.common.EngineSpec;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.flink.annotation.Internal;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.catalog.Catalog;
import org.apache.flink.table.factories.CatalogFactory;
import org.apache.flink.table.factories.FactoryUtil;

/**
 * Creates the DuckLake catalog of {@code CREATE CATALOG lake WITH ('type' = 'ducklake', 'catalog' =
 * '...')}. Its options are the connector's (declared in {@link DuckLakeConnectorOptions}): the
 * lake's engine options and secrets, {@code default-database}, and the table options as defaults
 * for every table of the catalog. A mistyped key, or a lake setting the engine would refuse, fails
 * {@code CREATE CATALOG}, naming the option.
 */
@Internal
public final class DuckLakeCatalogFactory implements CatalogFactory {

    private static final Set<String> TABLE_KEYS =
            DuckLakeConnectorOptions.tableOptions().stream()
                    .map(ConfigOption::key)
                    .collect(Collectors.toUnmodifiableSet());

    @Override
    public String factoryIdentifier() {
        return DuckLakeConnectorOptions.IDENTIFIER;
    }

    @Override
    public Set<ConfigOption<?>> requiredOptions() {
        return Set.of(CATALOG);
    }

    @Override
    public Set<ConfigOption<?>> optionalOptions() {
        Set<ConfigOption<?>> options = new HashSet<>(DuckLakeConnectorOptions.catalogOptions());
        options.remove(CATALOG);
        return options;
    }

    @Override
    public Catalog createCatalog(Context context) {
        FactoryUtil.CatalogFactoryHelper helper =
                FactoryUtil.createCatalogFactoryHelper(this, context);
        helper.validateExcept(DUCKDB_SECRET_PREFIX);
        Map<String, String> options = context.getOptions();
        EngineSpec spec = EngineSpec.of(options);
        try {
            spec.toEngineConfig();
        } catch (IllegalArgumentException | IllegalStateException | LakeException e) {
            throw new ValidationException(
                    "Invalid options for DuckLake catalog "
                            + context.getName()
                            + ": "
                            + e.getMessage(),
                    e);
        }
        Map<String, String> tableDefaults = new TreeMap<>(options);
        tableDefaults.keySet().retainAll(TABLE_KEYS);
        return new DuckLakeCatalog(
                context.getName(), helper.getOptions().get(DEFAULT_DATABASE), spec, tableDefaults);
    }
}
