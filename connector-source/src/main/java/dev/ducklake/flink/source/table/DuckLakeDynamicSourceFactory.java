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

package dev.ducklake.flink.source.table;

import static dev.ducklake.flink.common.DuckLakeConnectorOptions.SCAN_BATCH_SIZE;
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.SCAN_DISCOVERY_INTERVAL;
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.SCAN_END_VERSION;
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.SCAN_PARALLELISM;
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.SCAN_SNAPSHOT_WATERMARKS;
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.SCAN_STARTUP_MODE;
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.SCAN_STARTUP_TIMESTAMP_MILLIS;
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.SCAN_STARTUP_VERSION;
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.SCAN_TIMESTAMP_MILLIS;
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.SCAN_VERSION;

import dev.ducklake.engine.error.LakeException;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.schema.TableSchema;
import dev.ducklake.flink.common.Deployment;
import dev.ducklake.flink.common.DuckLakeConnectorOptions.ScanStartupMode;
import dev.ducklake.flink.common.DuckLakeTableFactoryBase;
import dev.ducklake.flink.source.DuckLakeSource;
import dev.ducklake.flink.source.DuckLakeSourceBuilder;
import dev.ducklake.flink.source.ReadableColumns;
import dev.ducklake.flink.source.StartupMode;
import java.time.ZoneId;
import java.util.function.Supplier;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.configuration.ExecutionOptions;
import org.apache.flink.configuration.ReadableConfig;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.api.config.TableConfigOptions;
import org.apache.flink.table.connector.source.DynamicTableSource;
import org.apache.flink.table.factories.DynamicTableSourceFactory;
import org.apache.flink.table.types.logical.RowType;

/**
 * Creates the DuckLake source for {@code 'connector' = 'ducklake'}: a change stream in streaming
 * mode, the table at a version in batch mode. Validates the options (a mistyped key fails, the
 * sink's as well as the source's) and checks at planning time that the table exists and can be read
 * as the Flink schema.
 */
@Internal
public final class DuckLakeDynamicSourceFactory extends DuckLakeTableFactoryBase
        implements DynamicTableSourceFactory {

    @Override
    public DynamicTableSource createDynamicTableSource(Context context) {
        // A table of a catalog read FOR SYSTEM_TIME AS OF carries a snapshot (and the catalog sets
        // 'scan.version'): it is read at that version and stops, in either runtime mode.
        boolean batch =
                context.getConfiguration().get(ExecutionOptions.RUNTIME_MODE)
                                == RuntimeExecutionMode.BATCH
                        || context.getCatalogTable().getSnapshot().isPresent();
        DeclaredTable declared = declaredTable(context);
        ReadableConfig options = declared.options();
        String table = declared.name();
        RowType rowType = declared.rowType();
        Supplier<DuckLakeSourceBuilder> builders = () -> builder(options, table, batch);
        TableSchema schema;
        try {
            schema = builders.get().describe();
        } catch (LakeException | IllegalArgumentException | IllegalStateException e) {
            throw new ValidationException(
                    "Invalid DuckLake source " + table + ": " + e.getMessage(), e);
        }
        ReadableColumns.check(TableName.parse(table), schema, rowType);
        return new DuckLakeDynamicSource(
                builders,
                options,
                table,
                rowType,
                new FilterTranslator(schema, sessionZone(context.getConfiguration())),
                schema.hasPrimaryKey(),
                batch,
                options.getOptional(SCAN_PARALLELISM).orElse(null),
                Deployment.of(context.getConfiguration()));
    }

    /**
     * Flink's session time zone, {@code table.local-time-zone}, in which it casts timestamps to
     * TIMESTAMP_LTZ.
     */
    private static ZoneId sessionZone(ReadableConfig configuration) {
        String zone = configuration.get(TableConfigOptions.LOCAL_TIME_ZONE);
        return TableConfigOptions.LOCAL_TIME_ZONE.defaultValue().equals(zone)
                ? ZoneId.systemDefault()
                : ZoneId.of(zone);
    }

    private static DuckLakeSourceBuilder builder(
            ReadableConfig options, String table, boolean batch) {
        DuckLakeSourceBuilder builder =
                DuckLakeSource.builder()
                        .lakeOptions(options.toMap())
                        .table(table)
                        .discoveryInterval(options.get(SCAN_DISCOVERY_INTERVAL))
                        .batchSize(options.get(SCAN_BATCH_SIZE));
        if (batch) {
            if (options.getOptional(SCAN_VERSION).isPresent()) {
                builder.snapshotAtVersion(options.get(SCAN_VERSION));
            } else if (options.getOptional(SCAN_TIMESTAMP_MILLIS).isPresent()) {
                builder.snapshotAtTimestamp(options.get(SCAN_TIMESTAMP_MILLIS));
            } else {
                builder.snapshot();
            }
            return builder;
        }
        if (options.getOptional(SCAN_VERSION).isPresent()
                || options.getOptional(SCAN_TIMESTAMP_MILLIS).isPresent()) {
            throw new ValidationException(
                    "'"
                            + SCAN_VERSION.key()
                            + "' and '"
                            + SCAN_TIMESTAMP_MILLIS.key()
                            + "' read"
                            + " the table at a version in batch mode; a streaming read starts with '"
                            + SCAN_STARTUP_MODE.key()
                            + "'");
        }
        ScanStartupMode mode = options.get(SCAN_STARTUP_MODE);
        switch (mode) {
            case FULL -> builder.startupMode(StartupMode.FULL);
            case LATEST -> builder.startupMode(StartupMode.LATEST);
            case VERSION ->
                    builder.startAfterVersion(
                            options.getOptional(SCAN_STARTUP_VERSION)
                                    .orElseThrow(
                                            () ->
                                                    new ValidationException(
                                                            "'"
                                                                    + SCAN_STARTUP_MODE.key()
                                                                    + "' = 'version' needs '"
                                                                    + SCAN_STARTUP_VERSION.key()
                                                                    + "'")));
            case TIMESTAMP ->
                    builder.startAfterTimestamp(
                            options.getOptional(SCAN_STARTUP_TIMESTAMP_MILLIS)
                                    .orElseThrow(
                                            () ->
                                                    new ValidationException(
                                                            "'"
                                                                    + SCAN_STARTUP_MODE.key()
                                                                    + "' = 'timestamp' needs '"
                                                                    + SCAN_STARTUP_TIMESTAMP_MILLIS
                                                                            .key()
                                                                    + "'")));
        }
        options.getOptional(SCAN_END_VERSION).ifPresent(builder::endVersion);
        return builder.snapshotWatermarks(options.get(SCAN_SNAPSHOT_WATERMARKS));
    }
}
