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

package dev.ducklake.flink.sink.table;

import static dev.ducklake.flink.common.DuckLakeConnectorOptions.SINK_COMMIT_RETRIES;
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.SINK_COMMIT_RETRY_BACKOFF;
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.SINK_COMPACTION_INTERVAL;
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.SINK_LINEAGE_INPUTS;
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.SINK_PARALLELISM;
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.SINK_STAGING_PATH;
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.SINK_UPSERT_INDEX;

import dev.ducklake.engine.EngineRegistry;
import dev.ducklake.engine.LakeEngine;
import dev.ducklake.engine.error.LakeException;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.flink.common.Deployment;
import dev.ducklake.flink.common.DuckLakeTableFactoryBase;
import dev.ducklake.flink.common.EngineSpec;
import dev.ducklake.flink.sink.DuckLakeSink;
import dev.ducklake.flink.sink.DuckLakeSinkBuilder;
import dev.ducklake.flink.sink.internal.TableBinding;
import java.util.List;
import org.apache.flink.annotation.Internal;
import org.apache.flink.configuration.ReadableConfig;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.catalog.UniqueConstraint;
import org.apache.flink.table.connector.sink.DynamicTableSink;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.factories.DynamicTableSinkFactory;
import org.apache.flink.table.types.logical.RowType;

/**
 * Creates the DuckLake sink for {@code 'connector' = 'ducklake'}. Validates the options (a mistyped
 * key fails), and checks an existing DuckLake table against the Flink schema at planning time.
 */
@Internal
public final class DuckLakeDynamicSinkFactory extends DuckLakeTableFactoryBase
        implements DynamicTableSinkFactory {

    @Override
    public DynamicTableSink createDynamicTableSink(Context context) {
        DeclaredTable declared = declaredTable(context);
        ReadableConfig options = declared.options();
        String table = declared.name();
        RowType rowType = declared.rowType();
        List<String> primaryKey =
                context.getCatalogTable()
                        .getResolvedSchema()
                        .getPrimaryKey()
                        .map(UniqueConstraint::getColumns)
                        .orElse(List.of());
        List<String> partitionKeys = context.getCatalogTable().getPartitionKeys();

        DuckLakeSinkBuilder<RowData> builder =
                DuckLakeSink.forRowData()
                        .lakeOptions(options.toMap())
                        .table(table)
                        .rowType(rowType)
                        .primaryKey(primaryKey.toArray(String[]::new))
                        .partitionBy(partitionKeys.toArray(String[]::new))
                        // Flink's planner already routes each key's changes to one sink subtask.
                        .shuffleByKey(false);
        options.getOptional(SINK_STAGING_PATH).ifPresent(builder::stagingPath);
        options.getOptional(SINK_COMPACTION_INTERVAL).ifPresent(builder::compactionInterval);
        builder.commitRetries(
                options.get(SINK_COMMIT_RETRIES), options.get(SINK_COMMIT_RETRY_BACKOFF));
        options.getOptional(SINK_LINEAGE_INPUTS)
                .ifPresent(inputs -> builder.lineageInputs(inputs.toArray(String[]::new)));
        builder.upsertIndex(options.get(SINK_UPSERT_INDEX));
        try {
            builder.build();
        } catch (IllegalArgumentException | IllegalStateException | LakeException e) {
            throw new ValidationException(
                    "Invalid options for DuckLake table " + table + ": " + e.getMessage(), e);
        }
        EngineSpec spec = EngineSpec.of(options);
        Integer parallelism = options.getOptional(SINK_PARALLELISM).orElse(null);
        Deployment.of(context.getConfiguration())
                .checkSingleTaskManager(
                        spec.catalogLocation(),
                        table,
                        "its sink",
                        parallelism,
                        "'" + SINK_PARALLELISM.key() + "' = '1'");
        checkExistingTable(spec, TableName.parse(table), rowType, primaryKey);
        return new DuckLakeDynamicSink(builder, table, !primaryKey.isEmpty(), parallelism);
    }

    /** An existing table must fit the Flink schema; a missing one is created by the job. */
    private static void checkExistingTable(
            EngineSpec spec, TableName table, RowType rowType, List<String> primaryKey) {
        try (EngineRegistry.Lease lease = EngineRegistry.shared().acquire(spec.toEngineConfig())) {
            LakeEngine engine = lease.engine();
            if (engine.tableExists(table)) {
                TableBinding.bind(table, rowType, primaryKey, engine.describeTable(table));
            }
        } catch (LakeException e) {
            throw new ValidationException(
                    "Could not check DuckLake table "
                            + table
                            + " in catalog "
                            + spec.catalogLocation().kind()
                            + ": "
                            + e.getMessage(),
                    e);
        }
    }
}
