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

package dev.ducklake.flink.common;

import static dev.ducklake.flink.common.DuckLakeConnectorOptions.DUCKDB_SECRET_PREFIX;
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.TABLE_NAME;

import java.util.Set;
import org.apache.flink.annotation.Internal;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ReadableConfig;
import org.apache.flink.table.factories.DynamicTableFactory;
import org.apache.flink.table.factories.FactoryUtil;
import org.apache.flink.table.types.logical.RowType;

/**
 * What the sink and the source factories of {@code 'connector' = 'ducklake'} share: the identifier
 * and the options. A table is declared once and may be both read and written, so both factories
 * accept every option of either side, and both refuse any other key, naming it.
 */
@Internal
public abstract class DuckLakeTableFactoryBase implements DynamicTableFactory {

    @Override
    public String factoryIdentifier() {
        return DuckLakeConnectorOptions.IDENTIFIER;
    }

    @Override
    public Set<ConfigOption<?>> requiredOptions() {
        return DuckLakeConnectorOptions.requiredOptions();
    }

    @Override
    public Set<ConfigOption<?>> optionalOptions() {
        return DuckLakeConnectorOptions.optionalOptions();
    }

    /**
     * The table the factory is asked for, once every key of its options is known (or a {@code
     * duckdb.secret.} one); fails naming an unknown key.
     */
    protected final DeclaredTable declaredTable(Context context) {
        FactoryUtil.TableFactoryHelper helper = FactoryUtil.createTableFactoryHelper(this, context);
        helper.validateExcept(DUCKDB_SECRET_PREFIX);
        ReadableConfig options = helper.getOptions();
        return new DeclaredTable(
                options,
                options.getOptional(TABLE_NAME)
                        .orElse(context.getObjectIdentifier().getObjectName()),
                (RowType) context.getPhysicalRowDataType().getLogicalType());
    }

    /**
     * A {@code 'connector' = 'ducklake'} table as the planner declares it.
     *
     * @param options its options, validated
     * @param name the DuckLake table: {@code 'table-name'}, else the Flink table's name
     * @param rowType its physical columns
     */
    protected record DeclaredTable(ReadableConfig options, String name, RowType rowType) {}
}
