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

import dev.ducklake.flink.cdc.ChangeRecord;
import dev.ducklake.flink.sink.internal.change.ChangeRecordCommitter;
import dev.ducklake.flink.sink.internal.change.ChangeRecordWriter;
import dev.ducklake.flink.sink.internal.change.ChangeSinkSettings;
import dev.ducklake.flink.sink.internal.change.TableHashSelector;
import dev.ducklake.flink.sink.internal.commit.CheckpointStamper;
import dev.ducklake.flink.sink.internal.commit.CommitObserver;
import dev.ducklake.flink.sink.internal.commit.TableCommittable;
import dev.ducklake.flink.sink.internal.commit.TableCommittableSerializer;
import dev.ducklake.flink.sink.internal.write.DuckLakeWriterState;
import dev.ducklake.flink.sink.internal.write.DuckLakeWriterStateSerializer;
import java.util.Collection;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.api.connector.sink2.Committer;
import org.apache.flink.api.connector.sink2.CommitterInitContext;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.StatefulSinkWriter;
import org.apache.flink.api.connector.sink2.SupportsCommitter;
import org.apache.flink.api.connector.sink2.SupportsWriterState;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.apache.flink.streaming.api.connector.sink2.CommittableMessage;
import org.apache.flink.streaming.api.connector.sink2.CommittableMessageTypeInfo;
import org.apache.flink.streaming.api.connector.sink2.SupportsPreCommitTopology;
import org.apache.flink.streaming.api.connector.sink2.SupportsPreWriteTopology;
import org.apache.flink.streaming.api.datastream.DataStream;

/**
 * A Flink sink for change streams of many tables whose schemas change while the job runs, such as a
 * database replicated by Debezium: each {@link ChangeRecord} names its table, row kind, row and
 * schema. Build it with {@link DuckLakeSink#forChangeRecords()}.
 *
 * <pre>
 *   change records ──(by lake table)──▶ ChangeRecordWriter × n
 *        route each record to its lake table; stage each table's rows off-heap as Parquet files,
 *        one file run per schema; at each checkpoint barrier emit a committable per file
 *                                   │ (global)
 *                                   ▼
 *                     ChangeRecordCommitter (one active subtask)
 *        on checkpoint completion: ONE DuckLake transaction for all tables of the checkpoint:
 *        per table, in staging order, create it or change its schema, then merge or append its
 *        rows; keyed by sink id + checkpoint id, checked inside the transaction
 * </pre>
 *
 * <p>Every snapshot the sink writes holds all tables at the same checkpoint. Tables are created on
 * first sight; keyed tables take {@code +I}/{@code +U} as upserts and {@code -D} as deletes, tables
 * without a key are appended to. A table's records all go to one writer, so its schema changes are
 * applied in the order its records came.
 */
@PublicEvolving
public final class DuckLakeChangeSink
        implements Sink<ChangeRecord>,
                SupportsWriterState<ChangeRecord, DuckLakeWriterState>,
                SupportsCommitter<TableCommittable>,
                SupportsPreCommitTopology<TableCommittable, TableCommittable>,
                SupportsPreWriteTopology<ChangeRecord> {

    private static final long serialVersionUID = 1L;

    private final ChangeSinkSettings settings;
    private final CommitObserver observer;

    DuckLakeChangeSink(ChangeSinkSettings settings, CommitObserver observer) {
        this.settings = settings;
        this.observer = observer;
    }

    @Override
    public ChangeRecordWriter createWriter(WriterInitContext context) {
        return new ChangeRecordWriter(settings, context, settings.sinkId());
    }

    /**
     * A restored writer takes the sink's id from its state, as {@link DuckLakeSink}'s writers do.
     */
    @Override
    public StatefulSinkWriter<ChangeRecord, DuckLakeWriterState> restoreWriter(
            WriterInitContext context, Collection<DuckLakeWriterState> recoveredState) {
        String sinkId =
                recoveredState.stream()
                        .map(DuckLakeWriterState::sinkId)
                        .findFirst()
                        .orElse(settings.sinkId());
        return new ChangeRecordWriter(settings, context, sinkId);
    }

    @Override
    public SimpleVersionedSerializer<DuckLakeWriterState> getWriterStateSerializer() {
        return new DuckLakeWriterStateSerializer();
    }

    @Override
    public Committer<TableCommittable> createCommitter(CommitterInitContext context) {
        return new ChangeRecordCommitter(settings, context, observer);
    }

    @Override
    public SimpleVersionedSerializer<TableCommittable> getCommittableSerializer() {
        return new TableCommittableSerializer();
    }

    @Override
    public SimpleVersionedSerializer<TableCommittable> getWriteResultSerializer() {
        return new TableCommittableSerializer();
    }

    /** All committables go to one committer, which commits each checkpoint as one snapshot. */
    @Override
    public DataStream<CommittableMessage<TableCommittable>> addPreCommitTopology(
            DataStream<CommittableMessage<TableCommittable>> committables) {
        return committables
                .map(new CheckpointStamper<TableCommittable>())
                .returns(CommittableMessageTypeInfo.of(TableCommittableSerializer::new))
                .name("DuckLake checkpoint stamper")
                .global();
    }

    /**
     * Each lake table's records go to one writer, which keeps their order, schema changes included.
     */
    @Override
    public DataStream<ChangeRecord> addPreWriteTopology(DataStream<ChangeRecord> input) {
        return input.partitionCustom(
                (hash, writers) -> Math.floorMod(hash, writers),
                new TableHashSelector(settings.router()));
    }
}
