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

import dev.ducklake.flink.common.DuckLakeConnectorOptions;
import dev.ducklake.flink.common.DuckLakeConnectorOptions.UpsertIndex;
import dev.ducklake.flink.common.LakeLineage;
import dev.ducklake.flink.sink.internal.CurrentRowColumns;
import dev.ducklake.flink.sink.internal.SinkMode;
import dev.ducklake.flink.sink.internal.SinkSettings;
import dev.ducklake.flink.sink.internal.commit.CheckpointStamper;
import dev.ducklake.flink.sink.internal.commit.CommitObserver;
import dev.ducklake.flink.sink.internal.commit.DuckLakeCommittable;
import dev.ducklake.flink.sink.internal.commit.DuckLakeCommittableSerializer;
import dev.ducklake.flink.sink.internal.commit.DuckLakeCommitter;
import dev.ducklake.flink.sink.internal.upsert.CurrentRowIndex;
import dev.ducklake.flink.sink.internal.upsert.UnknownCurrentRows;
import dev.ducklake.flink.sink.internal.write.DuckLakeWriter;
import dev.ducklake.flink.sink.internal.write.DuckLakeWriterState;
import dev.ducklake.flink.sink.internal.write.DuckLakeWriterStateSerializer;
import dev.ducklake.flink.sink.internal.write.KeyHashSelector;
import java.util.Collection;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.api.connector.sink2.Committer;
import org.apache.flink.api.connector.sink2.CommitterInitContext;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.StatefulSinkWriter;
import org.apache.flink.api.connector.sink2.SupportsCommitter;
import org.apache.flink.api.connector.sink2.SupportsWriterState;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.ExecutionOptions;
import org.apache.flink.configuration.ReadableConfig;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.apache.flink.streaming.api.connector.sink2.CommittableMessage;
import org.apache.flink.streaming.api.connector.sink2.CommittableMessageTypeInfo;
import org.apache.flink.streaming.api.connector.sink2.SupportsPreCommitTopology;
import org.apache.flink.streaming.api.connector.sink2.SupportsPreWriteTopology;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.lineage.LineageVertex;
import org.apache.flink.streaming.api.lineage.LineageVertexProvider;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A Flink sink that writes into a DuckLake table exactly once. Build it with {@link #builder()}.
 *
 * <pre>
 *   records ──(by primary key, upsert tables)──▶ [CurrentRowIndex × n, with 'sink.upsert.index':
 *        each change goes on with its key's current row, kept in keyed state] ──▶ DuckLakeWriter × n
 *        stage rows off-heap, as Parquet files in the staging path; at each checkpoint barrier
 *        emit a committable per file
 *                                   │ (global)
 *                                   ▼
 *                        DuckLakeCommitter (one active subtask)
 *        on checkpoint completion: load all the checkpoint's files and commit them in ONE
 *        DuckLake snapshot, keyed by sink id + checkpoint id, checked inside the transaction
 * </pre>
 *
 * <p>Tables with a primary key take a changelog: {@code +I} and {@code +U} upsert, {@code -D} and
 * {@code -U} delete the key, and a later change of the key overrides a {@code -U}. Tables without
 * one are appended to. The table is created from the row type when it does not exist.
 */
@PublicEvolving
public final class DuckLakeSink<IN>
        implements Sink<IN>,
                SupportsWriterState<IN, DuckLakeWriterState>,
                SupportsCommitter<DuckLakeCommittable>,
                SupportsPreCommitTopology<DuckLakeCommittable, DuckLakeCommittable>,
                SupportsPreWriteTopology<IN>,
                LineageVertexProvider {

    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(DuckLakeSink.class);

    private final SinkSettings settings;
    private final RowDataConverter<IN> converter;
    private final boolean shuffleByKey;
    private final CommitObserver observer;

    DuckLakeSink(
            SinkSettings settings,
            RowDataConverter<IN> converter,
            boolean shuffleByKey,
            CommitObserver observer) {
        this.settings = settings;
        this.converter = converter;
        this.shuffleByKey = shuffleByKey;
        this.observer = observer;
    }

    /** What the writers and the committer are given; for tests. */
    SinkSettings settings() {
        return settings;
    }

    /**
     * A builder of a sink of records converted to {@code RowData} by a {@link RowDataConverter}.
     */
    public static <IN> DuckLakeSinkBuilder<IN> builder() {
        return new DuckLakeSinkBuilder<>();
    }

    /**
     * A builder of a sink of {@link dev.ducklake.flink.cdc.ChangeRecord}s: changes of many tables
     * whose schemas change while the job runs, committed together (see {@link DuckLakeChangeSink}).
     */
    public static DuckLakeChangeSinkBuilder forChangeRecords() {
        return new DuckLakeChangeSinkBuilder();
    }

    /** A builder of a sink of Flink's {@code RowData}, with the row kind of each row. */
    public static DuckLakeSinkBuilder<RowData> forRowData() {
        return new DuckLakeSinkBuilder<RowData>().ofRowData(RowDataConverter.identity());
    }

    @Override
    public DuckLakeWriter<IN> createWriter(WriterInitContext context) {
        return new DuckLakeWriter<>(settings, converter::convert, context, settings.sinkId());
    }

    /**
     * A restored writer takes the sink's id from its state. One that received none, because the
     * state was taken by an older version of this sink at a lower parallelism or the sink is new to
     * the restored job, starts under the id of a new sink.
     */
    @Override
    public StatefulSinkWriter<IN, DuckLakeWriterState> restoreWriter(
            WriterInitContext context, Collection<DuckLakeWriterState> recoveredState) {
        String sinkId =
                recoveredState.stream()
                        .map(DuckLakeWriterState::sinkId)
                        .findFirst()
                        .orElseGet(
                                () -> {
                                    LOG.warn(
                                            "Writer {} of the DuckLake sink on {} restored no sink id; it commits under the new id {}",
                                            context.getTaskInfo().getIndexOfThisSubtask(),
                                            settings.tableName(),
                                            settings.sinkId());
                                    return settings.sinkId();
                                });
        return new DuckLakeWriter<>(settings, converter::convert, context, sinkId);
    }

    @Override
    public SimpleVersionedSerializer<DuckLakeWriterState> getWriterStateSerializer() {
        return new DuckLakeWriterStateSerializer();
    }

    @Override
    public Committer<DuckLakeCommittable> createCommitter(CommitterInitContext context) {
        return new DuckLakeCommitter(settings, context, observer);
    }

    @Override
    public SimpleVersionedSerializer<DuckLakeCommittable> getCommittableSerializer() {
        return new DuckLakeCommittableSerializer();
    }

    @Override
    public SimpleVersionedSerializer<DuckLakeCommittable> getWriteResultSerializer() {
        return new DuckLakeCommittableSerializer();
    }

    /** All committables go to one committer, which commits each checkpoint as one snapshot. */
    @Override
    public DataStream<CommittableMessage<DuckLakeCommittable>> addPreCommitTopology(
            DataStream<CommittableMessage<DuckLakeCommittable>> committables) {
        return committables
                .map(new CheckpointStamper<DuckLakeCommittable>())
                .returns(CommittableMessageTypeInfo.of(DuckLakeCommittableSerializer::new))
                .name("DuckLake checkpoint stamper")
                .global();
    }

    /**
     * The table it writes, as a dataset of Flink's lineage model ({@code LakeLineage} names it).
     */
    @Override
    public LineageVertex getLineageVertex() {
        return LakeLineage.sinkVertex(
                settings.engine().catalogLocation(), settings.tableName(), settings.rowType());
    }

    /**
     * Upsert sinks route each key to one writer, which keeps the key's changes in order. A custom
     * partitioning, not a {@code keyBy}: in batch mode a keyed input is sorted, which would lose
     * the order of a key's changes. With an upsert index, a streaming job keys the changes by their
     * primary key into the {@link CurrentRowIndex}, which passes each on with its key's current
     * row; a batch job's changes come with no current rows, so their one commit joins.
     */
    @Override
    @SuppressWarnings("unchecked")
    public DataStream<IN> addPreWriteTopology(DataStream<IN> input) {
        if (settings.mode() != SinkMode.UPSERT || (!shuffleByKey && !settings.currentRowIndex())) {
            return input;
        }
        if (!settings.currentRowIndex()) {
            return byKeyHash(input);
        }
        InternalTypeInfo<RowData> wide =
                InternalTypeInfo.of(CurrentRowColumns.withCurrentRow(settings.rowType()));
        ReadableConfig config = input.getExecutionEnvironment().getConfiguration();
        if (config.get(ExecutionOptions.RUNTIME_MODE) != RuntimeExecutionMode.STREAMING) {
            LOG.info(
                    "The upsert index of {} is off: the job does not run in streaming mode",
                    settings.tableName());
            // The builder allows an index only on a sink of RowData.
            DataStream<RowData> routed = (DataStream<RowData>) byKeyHash(input);
            return (DataStream<IN>)
                    routed.map(new UnknownCurrentRows(settings.rowType()))
                            .returns(wide)
                            .name("DuckLake unknown current rows");
        }
        if (config.get(CheckpointingOptions.ENABLE_UNALIGNED)) {
            throw new IllegalStateException(
                    "'"
                            + DuckLakeConnectorOptions.SINK_UPSERT_INDEX.key()
                            + "' = '"
                            + UpsertIndex.FLINK_STATE
                            + "' on "
                            + settings.tableName()
                            + " needs aligned checkpoints: an"
                            + " unaligned checkpoint may put a change in a later checkpoint than the index counted it in."
                            + " Turn off '"
                            + CheckpointingOptions.ENABLE_UNALIGNED.key()
                            + "' or the index");
        }
        CurrentRowIndex index = new CurrentRowIndex(settings);
        DataStream<RowData> rows = (DataStream<RowData>) input;
        return (DataStream<IN>)
                rows.keyBy(index.keySelector(), InternalTypeInfo.of(index.keySelector().keyType()))
                        .transform("DuckLake current rows", wide, index);
    }

    private DataStream<IN> byKeyHash(DataStream<IN> input) {
        return input.partitionCustom(
                (hash, writers) -> Math.floorMod(hash, writers),
                new KeyHashSelector<>(
                        converter::convert, settings.rowType(), settings.primaryKey()));
    }
}
