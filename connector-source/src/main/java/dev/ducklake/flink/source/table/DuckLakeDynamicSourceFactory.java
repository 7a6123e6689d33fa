package dev.ducklake.flink.source.table;

import static dev.ducklake.flink.common.DuckLakeConnectorOptions.CATALOG;
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.CATALOG_PASSWORD;
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.DATA_PATH;
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.DUCKDB_MEMORY_LIMIT;
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.DUCKDB_SECRET_PREFIX;
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.DUCKDB_TEMP_DIRECTORY;
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.DUCKDB_THREADS;
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.SCAN_DISCOVERY_INTERVAL;
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.SCAN_END_VERSION;
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.SCAN_PARALLELISM;
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.SCAN_STARTUP_MODE;
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.SCAN_STARTUP_TIMESTAMP_MILLIS;
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.SCAN_STARTUP_VERSION;
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.SCAN_TIMESTAMP_MILLIS;
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.SCAN_VERSION;
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.TABLE_NAME;

import dev.ducklake.engine.error.LakeException;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.schema.TableSchema;
import dev.ducklake.flink.common.DuckLakeConnectorOptions.ScanStartupMode;
import dev.ducklake.flink.common.DuckLakeConnectorOptions;
import dev.ducklake.flink.source.DuckLakeSource;
import dev.ducklake.flink.source.DuckLakeSourceBuilder;
import dev.ducklake.flink.source.ReadableColumns;
import dev.ducklake.flink.source.StartupMode;
import java.time.ZoneId;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ExecutionOptions;
import org.apache.flink.configuration.ReadableConfig;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.api.config.TableConfigOptions;
import org.apache.flink.table.connector.source.DynamicTableSource;
import org.apache.flink.table.factories.DynamicTableSourceFactory;
import org.apache.flink.table.factories.FactoryUtil;
import org.apache.flink.table.types.logical.RowType;

/**
 * Creates the DuckLake source for {@code 'connector' = 'ducklake'}: a change stream in streaming
 * mode, the table at a version in batch mode. Validates the options (a mistyped key fails, the
 * sink's {@code sink.*} keys are left to the sink) and checks at planning time that the table
 * exists and can be read as the Flink schema.
 */
@Internal
public final class DuckLakeDynamicSourceFactory implements DynamicTableSourceFactory {

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
        options.addAll(Set.of(SCAN_PARALLELISM, SCAN_STARTUP_MODE, SCAN_STARTUP_VERSION, SCAN_STARTUP_TIMESTAMP_MILLIS,
                SCAN_DISCOVERY_INTERVAL, SCAN_END_VERSION, SCAN_VERSION, SCAN_TIMESTAMP_MILLIS));
        return options;
    }

    @Override
    public DynamicTableSource createDynamicTableSource(Context context) {
        FactoryUtil.TableFactoryHelper helper = FactoryUtil.createTableFactoryHelper(this, context);
        // The same table may be written with the sink's options.
        helper.validateExcept("sink.", "data-inlining-row-limit", DUCKDB_SECRET_PREFIX);
        ReadableConfig options = helper.getOptions();
        String table = options.getOptional(TABLE_NAME).orElse(context.getObjectIdentifier().getObjectName());
        RowType rowType = (RowType) context.getPhysicalRowDataType().getLogicalType();
        boolean batch = context.getConfiguration().get(ExecutionOptions.RUNTIME_MODE) == RuntimeExecutionMode.BATCH;
        Map<String, Map<String, String>> secrets;
        TableSchema schema;
        Supplier<DuckLakeSourceBuilder> builders;
        try {
            secrets = DuckLakeConnectorOptions.secrets(context.getCatalogTable().getOptions());
            builders = () -> builder(options, secrets, table, batch);
            schema = builders.get().describe();
        } catch (LakeException | IllegalArgumentException | IllegalStateException e) {
            throw new ValidationException("Invalid DuckLake source " + table + ": " + e.getMessage(), e);
        }
        ReadableColumns.check(TableName.parse(table), schema, rowType);
        return new DuckLakeDynamicSource(builders, table, rowType,
                new FilterTranslator(schema, sessionZone(context.getConfiguration())), schema.hasPrimaryKey(), batch,
                options.getOptional(SCAN_PARALLELISM).orElse(null));
    }

    /** Flink's session time zone, {@code table.local-time-zone}, in which it casts timestamps to TIMESTAMP_LTZ. */
    private static ZoneId sessionZone(ReadableConfig configuration) {
        String zone = configuration.get(TableConfigOptions.LOCAL_TIME_ZONE);
        return TableConfigOptions.LOCAL_TIME_ZONE.defaultValue().equals(zone) ? ZoneId.systemDefault()
                : ZoneId.of(zone);
    }

    private static DuckLakeSourceBuilder builder(ReadableConfig options, Map<String, Map<String, String>> secrets,
            String table, boolean batch) {
        DuckLakeSourceBuilder builder = DuckLakeSource.builder()
                .catalog(options.get(CATALOG))
                .table(table)
                .threads(options.get(DUCKDB_THREADS))
                .discoveryInterval(options.get(SCAN_DISCOVERY_INTERVAL));
        secrets.forEach(builder::secret);
        options.getOptional(CATALOG_PASSWORD).ifPresent(builder::catalogPassword);
        options.getOptional(DATA_PATH).ifPresent(builder::dataPath);
        options.getOptional(DUCKDB_MEMORY_LIMIT).ifPresent(builder::memoryLimit);
        options.getOptional(DUCKDB_TEMP_DIRECTORY).ifPresent(builder::temporaryDirectory);
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
        if (options.getOptional(SCAN_VERSION).isPresent() || options.getOptional(SCAN_TIMESTAMP_MILLIS).isPresent()) {
            throw new ValidationException("'" + SCAN_VERSION.key() + "' and '" + SCAN_TIMESTAMP_MILLIS.key() + "' read"
                    + " the table at a version in batch mode; a streaming read starts with '" + SCAN_STARTUP_MODE.key()
                    + "'");
        }
        ScanStartupMode mode = options.get(SCAN_STARTUP_MODE);
        switch (mode) {
            case FULL -> builder.startupMode(StartupMode.FULL);
            case LATEST -> builder.startupMode(StartupMode.LATEST);
            case VERSION -> builder.startAfterVersion(options.getOptional(SCAN_STARTUP_VERSION).orElseThrow(() ->
                    new ValidationException("'" + SCAN_STARTUP_MODE.key() + "' = 'version' needs '"
                            + SCAN_STARTUP_VERSION.key() + "'")));
            case TIMESTAMP -> builder.startAfterTimestamp(options.getOptional(SCAN_STARTUP_TIMESTAMP_MILLIS)
                    .orElseThrow(() -> new ValidationException("'" + SCAN_STARTUP_MODE.key() + "' = 'timestamp' needs '"
                            + SCAN_STARTUP_TIMESTAMP_MILLIS.key() + "'")));
        }
        options.getOptional(SCAN_END_VERSION).ifPresent(builder::endVersion);
        return builder;
    }
}
