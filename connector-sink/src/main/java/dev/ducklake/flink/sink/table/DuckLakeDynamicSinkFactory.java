package dev.ducklake.flink.sink.table;

import static dev.ducklake.flink.common.DuckLakeConnectorOptions.CATALOG;
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.CATALOG_PASSWORD;
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.DATA_INLINING_ROW_LIMIT;
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.DATA_PATH;
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.DUCKDB_MEMORY_LIMIT;
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.DUCKDB_SECRET_PREFIX;
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.DUCKDB_TEMP_DIRECTORY;
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.DUCKDB_THREADS;
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.SINK_COMMIT_RETRIES;
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.SINK_COMMIT_RETRY_BACKOFF;
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.SINK_COMPACTION_INTERVAL;
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.SINK_PARALLELISM;
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.SINK_STAGING_PATH;
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.TABLE_NAME;

import dev.ducklake.engine.EngineRegistry;
import dev.ducklake.engine.LakeEngine;
import dev.ducklake.engine.error.LakeException;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.flink.common.DuckLakeConnectorOptions;
import dev.ducklake.flink.common.EngineSpec;
import dev.ducklake.flink.sink.DuckLakeSink;
import dev.ducklake.flink.sink.DuckLakeSinkBuilder;
import dev.ducklake.flink.sink.internal.TableBinding;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.flink.annotation.Internal;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ReadableConfig;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.catalog.UniqueConstraint;
import org.apache.flink.table.connector.sink.DynamicTableSink;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.factories.DynamicTableSinkFactory;
import org.apache.flink.table.factories.FactoryUtil;
import org.apache.flink.table.types.logical.RowType;

/**
 * Creates the DuckLake sink for {@code 'connector' = 'ducklake'}. Validates the options (a mistyped
 * key fails), and checks an existing DuckLake table against the Flink schema at planning time.
 */
@Internal
public final class DuckLakeDynamicSinkFactory implements DynamicTableSinkFactory {

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
        Set<ConfigOption<?>> options = new HashSet<>(DuckLakeConnectorOptions.lakeOptions());
        options.addAll(Set.of(DATA_INLINING_ROW_LIMIT, SINK_PARALLELISM, SINK_STAGING_PATH, SINK_COMMIT_RETRIES,
                SINK_COMMIT_RETRY_BACKOFF, SINK_COMPACTION_INTERVAL));
        return options;
    }

    @Override
    public DynamicTableSink createDynamicTableSink(Context context) {
        FactoryUtil.TableFactoryHelper helper = FactoryUtil.createTableFactoryHelper(this, context);
        // The same table may be read with the source's 'scan.*' options.
        helper.validateExcept("scan.", DUCKDB_SECRET_PREFIX);
        ReadableConfig options = helper.getOptions();
        String table = options.getOptional(TABLE_NAME).orElse(context.getObjectIdentifier().getObjectName());
        RowType rowType = (RowType) context.getPhysicalRowDataType().getLogicalType();
        List<String> primaryKey = context.getCatalogTable().getResolvedSchema().getPrimaryKey()
                .map(UniqueConstraint::getColumns).orElse(List.of());
        List<String> partitionKeys = context.getCatalogTable().getPartitionKeys();

        DuckLakeSinkBuilder<RowData> builder = DuckLakeSink.forRowData()
                .catalog(options.get(CATALOG))
                .table(table)
                .rowType(rowType)
                .primaryKey(primaryKey.toArray(String[]::new))
                .partitionBy(partitionKeys.toArray(String[]::new))
                .commitRetries(options.get(SINK_COMMIT_RETRIES), options.get(SINK_COMMIT_RETRY_BACKOFF))
                // Flink's planner already routes each key's changes to one sink subtask.
                .shuffleByKey(false);
        options.getOptional(CATALOG_PASSWORD).ifPresent(builder::catalogPassword);
        options.getOptional(DATA_PATH).ifPresent(builder::dataPath);
        options.getOptional(SINK_STAGING_PATH).ifPresent(builder::stagingPath);
        builder.threads(options.get(DUCKDB_THREADS));
        options.getOptional(DUCKDB_MEMORY_LIMIT).ifPresent(builder::memoryLimit);
        options.getOptional(DUCKDB_TEMP_DIRECTORY).ifPresent(builder::temporaryDirectory);
        options.getOptional(DATA_INLINING_ROW_LIMIT).ifPresent(builder::dataInliningRowLimit);
        options.getOptional(SINK_COMPACTION_INTERVAL).ifPresent(builder::compactionInterval);
        Map<String, Map<String, String>> secrets;
        try {
            secrets = DuckLakeConnectorOptions.secrets(context.getCatalogTable().getOptions());
            secrets.forEach(builder::secret);
            builder.build();
        } catch (IllegalArgumentException | IllegalStateException | LakeException e) {
            throw new ValidationException("Invalid options for DuckLake table " + table + ": " + e.getMessage(), e);
        }
        checkExistingTable(options, secrets, TableName.parse(table), rowType, primaryKey);
        return new DuckLakeDynamicSink(builder, table, !primaryKey.isEmpty(), options.getOptional(SINK_PARALLELISM)
                .orElse(null));
    }

    /** An existing table must fit the Flink schema; a missing one is created by the job. */
    private static void checkExistingTable(ReadableConfig options, Map<String, Map<String, String>> secrets,
            TableName table, RowType rowType, List<String> primaryKey) {
        EngineSpec spec = new EngineSpec(options.get(CATALOG))
                .catalogPassword(options.getOptional(CATALOG_PASSWORD).orElse(null))
                .dataPath(options.getOptional(DATA_PATH).orElse(null));
        secrets.forEach(spec::secret);
        try (EngineRegistry.Lease lease = EngineRegistry.shared().acquire(spec.toEngineConfig())) {
            LakeEngine engine = lease.engine();
            if (engine.tableExists(table)) {
                TableBinding.bind(table, rowType, primaryKey, engine.describeTable(table));
            }
        } catch (LakeException e) {
            throw new ValidationException("Could not check DuckLake table " + table + " in catalog "
                    + spec.catalogLocation().kind() + ": " + e.getMessage(), e);
        }
    }
}
