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

package dev.ducklake.flink.sink;

import static dev.ducklake.flink.common.DuckLakeConnectorOptions.DATA_INLINING_ROW_LIMIT;
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.SINK_COMPACTION_INTERVAL;
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.SINK_UPSERT_INDEX;
import static org.apache.flink.util.Preconditions.checkArgument;
import static org.apache.flink.util.Preconditions.checkNotNull;
import static org.apache.flink.util.Preconditions.checkState;

import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.write.CommitRetries;
import dev.ducklake.flink.common.DuckLakeBuilderBase;
import dev.ducklake.flink.common.DuckLakeConnectorOptions;
import dev.ducklake.flink.common.DuckLakeConnectorOptions.UpsertIndex;
import dev.ducklake.flink.common.EngineSpec;
import dev.ducklake.flink.common.FlinkLakeTypes;
import dev.ducklake.flink.sink.internal.SinkMode;
import dev.ducklake.flink.sink.internal.SinkSettings;
import dev.ducklake.flink.sink.internal.commit.CommitObserver;
import dev.ducklake.flink.sink.internal.staging.StagingDirectory;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.types.logical.RowType;

/**
 * Builds a {@link DuckLakeSink}. The catalog, the table and the row type are required; a primary
 * key makes the sink apply changes by key, otherwise it appends. The lake's and the engine's
 * settings, such as {@link #threads}, are {@link DuckLakeBuilderBase}'s; each setting's default and
 * meaning is its option's in {@link DuckLakeConnectorOptions}.
 *
 * <pre>{@code
 * DuckLakeSink<Order> sink = DuckLakeSink.<Order>builder()
 *         .catalog("/data/lake/metadata.ducklake")
 *         .table("sales.orders")
 *         .rowType(ORDER_ROW_TYPE)
 *         .primaryKey("order_id")
 *         .converter(order -> GenericRowData.ofKind(RowKind.INSERT, ...))
 *         .build();
 * orders.sinkTo(sink);
 * }</pre>
 */
@PublicEvolving
public final class DuckLakeSinkBuilder<IN> extends DuckLakeBuilderBase<DuckLakeSinkBuilder<IN>> {

    private RowType rowType;
    private List<String> primaryKey = List.of();
    private List<String> partitionKeys = List.of();
    private boolean overwrite;
    private String stagingPath;
    private CommitRetries commitRetries = DuckLakeConnectorOptions.defaultCommitRetries();
    private RowDataConverter<IN> converter;
    private boolean shuffleByKey = true;
    private Duration compactionInterval;
    private UpsertIndex upsertIndex = SINK_UPSERT_INDEX.defaultValue();
    private CommitObserver observer = CommitObserver.NONE;
    private boolean ofRowData;
    private List<String> lineageInputs = List.of();

    DuckLakeSinkBuilder() {}

    /** The fields of the rows the converter produces; the table is created from it when missing. */
    public DuckLakeSinkBuilder<IN> rowType(RowType rowType) {
        this.rowType = checkNotNull(rowType, "rowType");
        return this;
    }

    /** The primary key: the sink then upserts and deletes by it. */
    public DuckLakeSinkBuilder<IN> primaryKey(String... columns) {
        this.primaryKey = List.of(columns);
        return this;
    }

    /** Identity partitioning of a table the sink creates. */
    public DuckLakeSinkBuilder<IN> partitionBy(String... columns) {
        this.partitionKeys = List.of(columns);
        return this;
    }

    /**
     * Replace the table's contents with the input at the end of a bounded job (batch overwrite).
     */
    public DuckLakeSinkBuilder<IN> overwrite(boolean overwrite) {
        this.overwrite = overwrite;
        return this;
    }

    /**
     * Where staged files wait between a checkpoint and its commit: a directory every TaskManager
     * reaches, or a prefix on object storage ({@code s3://}, {@code gs://}, {@code r2://}) reached
     * with the {@linkplain #secret secrets}; outside the lake's data path (the writers refuse a
     * path inside it). Defaults to {@code <data path>.flink-staging} beside the data path, else
     * {@code <catalog file>.flink-staging}.
     */
    public DuckLakeSinkBuilder<IN> stagingPath(String stagingPath) {
        this.stagingPath = checkNotNull(stagingPath, "stagingPath");
        return this;
    }

    /**
     * A sink of {@code RowData} itself, which can keep an upsert index (see {@link #upsertIndex}).
     */
    DuckLakeSinkBuilder<IN> ofRowData(RowDataConverter<IN> identity) {
        this.ofRowData = true;
        return converter(identity);
    }

    /** Turns records into {@code RowData} of the row type. */
    public DuckLakeSinkBuilder<IN> converter(RowDataConverter<IN> converter) {
        this.converter = checkNotNull(converter, "converter");
        return this;
    }

    /**
     * Whether an upsert sink routes each key to one writer (default true). Turn it off only when
     * the input is already partitioned by the primary key, as Flink SQL's planner does, or when the
     * sink runs one writer; either saves a network exchange per record.
     */
    public DuckLakeSinkBuilder<IN> shuffleByKey(boolean shuffleByKey) {
        this.shuffleByKey = shuffleByKey;
        return this;
    }

    /**
     * Commits of at most this many rows are inlined into the catalog instead of writing a Parquet
     * file.
     */
    public DuckLakeSinkBuilder<IN> dataInliningRowLimit(int rows) {
        return set(DATA_INLINING_ROW_LIMIT, rows);
    }

    /**
     * Retries of a commit that conflicts with a concurrent commit, and the wait before the first;
     * when they are exhausted the job fails and restarts. See {@link
     * DuckLakeConnectorOptions#SINK_COMMIT_RETRIES} for the defaults.
     */
    public DuckLakeSinkBuilder<IN> commitRetries(int retries, Duration firstBackoff) {
        this.commitRetries = DuckLakeConnectorOptions.commitRetries(retries, firstBackoff);
        return this;
    }

    /**
     * Compact the table (flush inlined rows, rewrite mostly deleted files, merge small files) at
     * most this often.
     */
    public DuckLakeSinkBuilder<IN> compactionInterval(Duration interval) {
        checkNotNull(interval, "interval");
        checkArgument(
                !interval.isNegative() && !interval.isZero(),
                "'%s' must be positive, got %s",
                SINK_COMPACTION_INTERVAL.key(),
                interval);
        this.compactionInterval = interval;
        return this;
    }

    /**
     * How upsert commits find the rows they replace; see {@link
     * DuckLakeConnectorOptions#SINK_UPSERT_INDEX}. {@link UpsertIndex#FLINK_STATE} needs a sink of
     * {@code RowData} ({@link DuckLakeSink#forRowData()}).
     */
    public DuckLakeSinkBuilder<IN> upsertIndex(UpsertIndex upsertIndex) {
        this.upsertIndex = checkNotNull(upsertIndex, "upsertIndex");
        return this;
    }

    /**
     * The lake tables ({@code schema.table}) the job reads through DuckLake change sources of the
     * same lake: each commit records, for each, the newest version whose changes the job had fully
     * emitted before the checkpoint it commits. See {@link
     * DuckLakeConnectorOptions#SINK_LINEAGE_INPUTS}.
     */
    public DuckLakeSinkBuilder<IN> lineageInputs(String... tables) {
        for (String input : tables) {
            TableName.parse(input);
        }
        this.lineageInputs = List.of(tables);
        return this;
    }

    /** Told of every commit; the sink's tests lose acknowledgements with it. */
    DuckLakeSinkBuilder<IN> commitObserver(CommitObserver observer) {
        this.observer = checkNotNull(observer, "observer");
        return this;
    }

    public DuckLakeSink<IN> build() {
        EngineSpec engine = engine();
        String table = table();
        checkState(rowType != null, "Set the row type with rowType(...)");
        checkState(converter != null, "Set a converter to RowData with converter(...)");
        // Fail here, not in the tasks, on a malformed name or a type DuckLake cannot hold.
        TableName.parse(table);
        for (String column : primaryKey) {
            checkArgument(
                    rowType.getFieldNames().contains(column),
                    "Primary key column '%s' is not in the row type %s",
                    column,
                    rowType);
        }
        for (String column : partitionKeys) {
            checkArgument(
                    rowType.getFieldNames().contains(column),
                    "Partition column '%s' is not in the row type %s",
                    column,
                    rowType);
        }
        FlinkLakeTypes.toLakeSchema(rowType, primaryKey, partitionKeys);
        engine.toEngineConfig();
        String staging = StagingDirectory.resolveRoot(engine, stagingPath, TableName.parse(table));
        SinkMode mode =
                overwrite
                        ? SinkMode.OVERWRITE
                        : primaryKey.isEmpty() ? SinkMode.APPEND : SinkMode.UPSERT;
        boolean index = mode == SinkMode.UPSERT && upsertIndex == UpsertIndex.FLINK_STATE;
        checkState(
                !index || ofRowData,
                "'%s' = '%s' needs a sink of RowData"
                        + " (DuckLakeSink.forRowData()): convert the records to RowData before the sink",
                SINK_UPSERT_INDEX.key(),
                UpsertIndex.FLINK_STATE);
        SinkSettings settings =
                new SinkSettings(
                        engine,
                        table,
                        rowType,
                        primaryKey,
                        partitionKeys,
                        mode,
                        staging,
                        commitRetries,
                        UUID.randomUUID().toString(),
                        compactionInterval,
                        index,
                        lineageInputs);
        return new DuckLakeSink<>(settings, converter, shuffleByKey, observer);
    }
}
