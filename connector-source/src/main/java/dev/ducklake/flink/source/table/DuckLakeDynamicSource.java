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

import static dev.ducklake.flink.common.DuckLakeConnectorOptions.LOOKUP_BATCH_MAX_KEYS;
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.LOOKUP_CACHE;
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.LOOKUP_FULL_CACHE_DISK_DIRECTORY;
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.LOOKUP_FULL_CACHE_RELOAD_INTERVAL;
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.LOOKUP_FULL_CACHE_STORAGE;
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.LOOKUP_MAX_RETRIES;
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.LOOKUP_PARTIAL_CACHE_EXPIRE_AFTER_ACCESS;
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.LOOKUP_PARTIAL_CACHE_EXPIRE_AFTER_WRITE;
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.LOOKUP_PARTIAL_CACHE_MAX_ROWS;
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.SCAN_BATCH_SIZE;

import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.flink.common.Deployment;
import dev.ducklake.flink.common.EngineSpec;
import dev.ducklake.flink.source.ChangeMetadata;
import dev.ducklake.flink.source.DuckLakeSource;
import dev.ducklake.flink.source.DuckLakeSourceBuilder;
import dev.ducklake.flink.source.LakeFilter;
import dev.ducklake.flink.source.lookup.DuckLakeAsyncLookupFunction;
import dev.ducklake.flink.source.lookup.FullCacheLookupFunction;
import dev.ducklake.flink.source.lookup.LookupKeyPartitioner;
import dev.ducklake.flink.source.lookup.LookupSettings;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.connector.source.Boundedness;
import org.apache.flink.configuration.ReadableConfig;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.DataStreamSource;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.connector.ChangelogMode;
import org.apache.flink.table.connector.ProviderContext;
import org.apache.flink.table.connector.source.DataStreamScanProvider;
import org.apache.flink.table.connector.source.DynamicTableSource;
import org.apache.flink.table.connector.source.LookupTableSource;
import org.apache.flink.table.connector.source.ScanTableSource;
import org.apache.flink.table.connector.source.SourceProvider;
import org.apache.flink.table.connector.source.abilities.SupportsFilterPushDown;
import org.apache.flink.table.connector.source.abilities.SupportsLookupCustomShuffle;
import org.apache.flink.table.connector.source.abilities.SupportsProjectionPushDown;
import org.apache.flink.table.connector.source.abilities.SupportsReadingMetadata;
import org.apache.flink.table.connector.source.abilities.SupportsWatermarkPushDown;
import org.apache.flink.table.connector.source.lookup.AsyncLookupFunctionProvider;
import org.apache.flink.table.connector.source.lookup.LookupFunctionProvider;
import org.apache.flink.table.connector.source.lookup.PartialCachingAsyncLookupProvider;
import org.apache.flink.table.connector.source.lookup.cache.DefaultLookupCache;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.expressions.ResolvedExpression;
import org.apache.flink.table.types.DataType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.LogicalTypeRoot;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.utils.TypeConversions;
import org.apache.flink.types.RowKind;

/**
 * The DuckLake table as a Flink SQL source: a changelog in streaming mode ({@code all} for a keyed
 * table, inserts and deletes otherwise), the table at a version in batch mode. Projections and the
 * filters {@link FilterTranslator} translates are evaluated by DuckDB, exactly as Flink would
 * evaluate them, so Flink evaluates only the filters that were not translated. The metadata columns
 * are {@link ChangeMetadata}'s; a pushed-down watermark strategy is applied in the source, whose
 * readers go idle once they have read every version found. As the dimension of a lookup join it is
 * read at its latest version: in batches of keys (behind Flink's partial cache, or none), or from a
 * full cache in memory kept fresh by the changes between versions.
 */
@Internal
final class DuckLakeDynamicSource
        implements ScanTableSource,
                SupportsProjectionPushDown,
                SupportsFilterPushDown,
                SupportsReadingMetadata,
                SupportsWatermarkPushDown,
                LookupTableSource,
                SupportsLookupCustomShuffle {

    private static final String SOURCE_UID = "source";

    private static final Set<LogicalTypeRoot> KEY_TYPES =
            EnumSet.of(
                    LogicalTypeRoot.TINYINT,
                    LogicalTypeRoot.SMALLINT,
                    LogicalTypeRoot.INTEGER,
                    LogicalTypeRoot.BIGINT,
                    LogicalTypeRoot.DECIMAL,
                    LogicalTypeRoot.CHAR,
                    LogicalTypeRoot.VARCHAR,
                    LogicalTypeRoot.DATE,
                    LogicalTypeRoot.TIMESTAMP_WITHOUT_TIME_ZONE,
                    LogicalTypeRoot.TIMESTAMP_WITH_LOCAL_TIME_ZONE,
                    LogicalTypeRoot.BOOLEAN,
                    LogicalTypeRoot.FLOAT,
                    LogicalTypeRoot.DOUBLE);

    private final Supplier<DuckLakeSourceBuilder> builders;
    private final ReadableConfig options;
    private final String table;
    private final FilterTranslator filterTranslator;
    private final boolean keyed;
    private final boolean snapshotOnly;
    @Nullable private final Integer parallelism;
    private final Deployment deployment;
    private RowType rowType;
    private final List<LakeFilter> filters = new ArrayList<>();
    private List<ChangeMetadata> metadata = List.of();
    @Nullable private WatermarkStrategy<RowData> watermarkStrategy;

    DuckLakeDynamicSource(
            Supplier<DuckLakeSourceBuilder> builders,
            ReadableConfig options,
            String table,
            RowType rowType,
            FilterTranslator filterTranslator,
            boolean keyed,
            boolean snapshotOnly,
            @Nullable Integer parallelism,
            Deployment deployment) {
        this.builders = builders;
        this.options = options;
        this.table = table;
        this.rowType = rowType;
        this.filterTranslator = filterTranslator;
        this.keyed = keyed;
        this.snapshotOnly = snapshotOnly;
        this.parallelism = parallelism;
        this.deployment = deployment;
    }

    @Override
    public ChangelogMode getChangelogMode() {
        if (snapshotOnly) {
            return ChangelogMode.insertOnly();
        }
        return keyed
                ? ChangelogMode.all()
                : ChangelogMode.newBuilder()
                        .addContainedKind(RowKind.INSERT)
                        .addContainedKind(RowKind.DELETE)
                        .build();
    }

    @Override
    public ScanRuntimeProvider getScanRuntimeProvider(ScanContext context) {
        deployment.checkScan(catalog(), table);
        DuckLakeSourceBuilder builder =
                builders.get().rowType(rowType).metadata(metadata.toArray(ChangeMetadata[]::new));
        if (!filters.isEmpty()) {
            builder.filter(filter());
        }
        DuckLakeSource source = builder.build();
        if (watermarkStrategy == null) {
            return SourceProvider.of(source, parallelism);
        }
        WatermarkStrategy<RowData> watermarks = watermarkStrategy;
        return new DataStreamScanProvider() {
            @Override
            public DataStream<RowData> produceDataStream(
                    ProviderContext context, StreamExecutionEnvironment env) {
                DataStreamSource<RowData> stream =
                        env.fromSource(source, watermarks, asSummaryString());
                context.generateUid(SOURCE_UID).ifPresent(stream::uid);
                if (parallelism != null) {
                    stream.setParallelism(parallelism);
                }
                return stream;
            }

            @Override
            public boolean isBounded() {
                return source.getBoundedness() == Boundedness.BOUNDED;
            }
        };
    }

    @Override
    public LookupRuntimeProvider getLookupRuntimeProvider(LookupContext context) {
        if (!metadata.isEmpty()) {
            throw new ValidationException(
                    "A lookup join reads the DuckLake table "
                            + table
                            + " at its latest version,"
                            + " without metadata columns; read "
                            + metadata.stream().map(ChangeMetadata::key).toList()
                            + " from a change stream of the table instead");
        }
        if (options.get(LOOKUP_BATCH_MAX_KEYS) < 1 || options.get(LOOKUP_MAX_RETRIES) < 0) {
            throw new ValidationException(
                    "DuckLake table "
                            + table
                            + ": '"
                            + LOOKUP_BATCH_MAX_KEYS.key()
                            + "' must be at least 1 and '"
                            + LOOKUP_MAX_RETRIES.key()
                            + "' at least 0, got "
                            + options.get(LOOKUP_BATCH_MAX_KEYS)
                            + " and "
                            + options.get(LOOKUP_MAX_RETRIES));
        }
        deployment.checkSingleTaskManager(
                catalog(), table, "its lookup join", null, "SET 'parallelism.default' = '1'");
        List<String> keyColumns = new ArrayList<>();
        for (int[] key : context.getKeys()) {
            String column = rowType.getFieldNames().get(key[0]);
            if (key.length > 1) {
                throw new ValidationException(
                        "A lookup join cannot match on a nested field of column "
                                + column
                                + " of DuckLake table "
                                + table);
            }
            LogicalType type = rowType.getTypeAt(key[0]);
            if (!KEY_TYPES.contains(type.getTypeRoot())) {
                throw new ValidationException(
                        "A lookup join cannot match on column "
                                + column
                                + " of DuckLake table "
                                + table
                                + ": its type "
                                + type
                                + " is not one of "
                                + KEY_TYPES);
            }
            keyColumns.add(column);
        }
        LookupSettings settings =
                new LookupSettings(
                        EngineSpec.of(options.toMap()),
                        table,
                        rowType,
                        keyColumns,
                        filters.isEmpty() ? null : filter(),
                        options.get(LOOKUP_MAX_RETRIES),
                        options.get(LOOKUP_BATCH_MAX_KEYS),
                        options.get(LOOKUP_FULL_CACHE_RELOAD_INTERVAL),
                        options.get(SCAN_BATCH_SIZE),
                        options.get(LOOKUP_FULL_CACHE_STORAGE),
                        options.getOptional(LOOKUP_FULL_CACHE_DISK_DIRECTORY).orElse(null),
                        context.preferCustomShuffle());
        return switch (options.get(LOOKUP_CACHE)) {
            case FULL -> LookupFunctionProvider.of(new FullCacheLookupFunction(settings));
            case PARTIAL ->
                    PartialCachingAsyncLookupProvider.of(
                            new DuckLakeAsyncLookupFunction(settings), partialCache());
            case NONE -> AsyncLookupFunctionProvider.of(new DuckLakeAsyncLookupFunction(settings));
        };
    }

    /**
     * With the {@code LOOKUP} hint's {@code 'shuffle' = 'true'}, the join's input is partitioned by
     * its lookup key, and each subtask's full cache holds only the rows of its keys.
     */
    @Override
    public Optional<InputDataPartitioner> getPartitioner() {
        return Optional.of(new LookupKeyPartitioner());
    }

    /** The filters Flink pushed down, together. */
    private LakeFilter filter() {
        return filters.size() == 1 ? filters.get(0) : new LakeFilter.And(filters);
    }

    /** Flink's partial cache as the options configure it; it needs a bound (rows or an expiry). */
    private DefaultLookupCache partialCache() {
        try {
            return DefaultLookupCache.fromConfig(options);
        } catch (IllegalArgumentException e) {
            throw new ValidationException(
                    "The partial lookup cache of DuckLake table "
                            + table
                            + " needs '"
                            + LOOKUP_PARTIAL_CACHE_MAX_ROWS.key()
                            + "', '"
                            + LOOKUP_PARTIAL_CACHE_EXPIRE_AFTER_WRITE.key()
                            + "' or '"
                            + LOOKUP_PARTIAL_CACHE_EXPIRE_AFTER_ACCESS.key()
                            + "': "
                            + e.getMessage(),
                    e);
        }
    }

    @Override
    public Map<String, DataType> listReadableMetadata() {
        Map<String, DataType> columns = new LinkedHashMap<>();
        for (ChangeMetadata column : ChangeMetadata.values()) {
            columns.put(column.key(), TypeConversions.fromLogicalToDataType(column.type()));
        }
        return columns;
    }

    @Override
    public void applyReadableMetadata(List<String> metadataKeys, DataType producedDataType) {
        List<ChangeMetadata> columns = new ArrayList<>();
        for (String key : metadataKeys) {
            columns.add(
                    Arrays.stream(ChangeMetadata.values())
                            .filter(column -> column.key().equals(key))
                            .findFirst()
                            .orElseThrow(
                                    () ->
                                            new ValidationException(
                                                    "DuckLake table "
                                                            + table
                                                            + " has no metadata column '"
                                                            + key
                                                            + "'")));
        }
        this.metadata = List.copyOf(columns);
    }

    @Override
    public void applyWatermark(WatermarkStrategy<RowData> watermarkStrategy) {
        this.watermarkStrategy = watermarkStrategy;
    }

    @Override
    public boolean supportsNestedProjection() {
        return false;
    }

    @Override
    public void applyProjection(int[][] projectedFields, DataType producedDataType) {
        // The produced type ends with the metadata columns; they are applied later.
        RowType produced = (RowType) producedDataType.getLogicalType();
        this.rowType =
                new RowType(
                        produced.isNullable(),
                        produced.getFields().subList(0, projectedFields.length));
    }

    @Override
    public Result applyFilters(List<ResolvedExpression> expressions) {
        List<ResolvedExpression> accepted = new ArrayList<>();
        List<ResolvedExpression> remaining = new ArrayList<>();
        for (ResolvedExpression expression : expressions) {
            Optional<LakeFilter> filter = filterTranslator.translate(expression);
            if (filter.isPresent()) {
                filters.add(filter.get());
                accepted.add(expression);
            } else {
                remaining.add(expression);
            }
        }
        return Result.of(accepted, remaining);
    }

    private CatalogLocation catalog() {
        return EngineSpec.of(options).catalogLocation();
    }

    @Override
    public DynamicTableSource copy() {
        DuckLakeDynamicSource copy =
                new DuckLakeDynamicSource(
                        builders,
                        options,
                        table,
                        rowType,
                        filterTranslator,
                        keyed,
                        snapshotOnly,
                        parallelism,
                        deployment);
        copy.filters.addAll(filters);
        copy.metadata = metadata;
        copy.watermarkStrategy = watermarkStrategy;
        return copy;
    }

    @Override
    public String asSummaryString() {
        return "DuckLake(" + table + ")";
    }
}
