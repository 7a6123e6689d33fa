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

package dev.ducklake.flink.sink.internal.change;

import dev.ducklake.engine.error.LakeValidationException;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.schema.TableSchema;
import dev.ducklake.flink.cdc.ChangeRecord;
import dev.ducklake.flink.cdc.ChangeRecordShape;
import dev.ducklake.flink.cdc.ChangeSchema;
import dev.ducklake.flink.cdc.schema.SchemaEvolution;
import dev.ducklake.flink.sink.internal.SinkMode;
import dev.ducklake.flink.sink.internal.arrow.ArrowStaging;
import dev.ducklake.flink.sink.internal.commit.DuckLakeCommittable;
import dev.ducklake.flink.sink.internal.commit.TableCommittable;
import dev.ducklake.flink.sink.internal.write.StagingWriter;
import dev.ducklake.flink.sink.metrics.DuckLakeSinkMetrics;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.apache.flink.metrics.Counter;
import org.apache.flink.runtime.execution.SuppressRestartsException;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.RowType;

/**
 * Stages the change records of one subtask, table by table, as Parquet files in the staging
 * directory. Each lake table has an open segment: an {@link ArrowStaging} in the columns of the
 * schema its records have. A record of another schema seals the table's segment and opens one in
 * the new schema, so every file holds rows of one schema, and the files of a table are numbered in
 * the order their rows came. At each checkpoint barrier every segment emits its files as {@link
 * TableCommittable}s; a segment that staged nothing since the last barrier is closed, and at most
 * {@code maxOpenTables} segments are open at once (the least recently written is sealed), so memory
 * follows the tables being written, not all tables ever seen. Nothing reaches the lake here.
 */
@Internal
public final class ChangeRecordWriter extends StagingWriter<ChangeRecord, TableCommittable> {

    /** The rows of a batch of one table: small, since a writer stages many tables at once. */
    static final int BATCH_ROWS = 4_096;

    private final ChangeSinkSettings settings;
    private final String sinkId;
    private final Counter recordsWritten;
    private final Counter recordsDropped;

    /** Open segments by table, least recently written first. */
    private final LinkedHashMap<TableName, Segment> open = new LinkedHashMap<>(16, 0.75f, true);

    private final List<TableCommittable> sealed = new ArrayList<>();
    private long nextOrdinal;

    /** A table's staging under one schema. */
    private static final class Segment {
        final TableName table;
        final ChangeSchema schema;
        final ArrowStaging staging;
        long stagedSinceBarrier;

        Segment(TableName table, ChangeSchema schema, ArrowStaging staging) {
            this.table = table;
            this.schema = schema;
            this.staging = staging;
        }
    }

    public ChangeRecordWriter(
            ChangeSinkSettings settings, WriterInitContext context, String sinkId) {
        // Appended files may be registered as tables' data files.
        super(
                settings.engine().toEngineConfig(),
                settings.stagingPath(),
                settings::openStagingStore,
                TableName.of("change-records"),
                sinkId,
                context,
                true,
                "change-records-" + context.getTaskInfo().getIndexOfThisSubtask());
        this.settings = settings;
        this.sinkId = sinkId;
        this.recordsWritten = context.metricGroup().getNumRecordsSendCounter();
        this.recordsDropped = context.metricGroup().counter(DuckLakeSinkMetrics.RECORDS_DROPPED);
    }

    /**
     * Stages one record. A record that cannot be written (a type DuckLake cannot hold, a row that
     * does not fit its schema, a change of a table without a key) fails the job without restarts:
     * the source would replay it after every restart.
     */
    @Override
    public void write(ChangeRecord record, Context context) throws IOException {
        try {
            stage(record);
        } catch (LakeValidationException | ValidationException | IllegalArgumentException e) {
            throw new SuppressRestartsException(e);
        }
    }

    private void stage(ChangeRecord record) throws IOException {
        Optional<TableName> routed = settings.router().route(record.table());
        if (routed.isEmpty()) {
            recordsDropped.inc();
            return;
        }
        TableName table = routed.get();
        Segment segment = open.get(table);
        if (segment == null || !segment.schema.equals(record.schema())) {
            if (segment != null) {
                seal(segment);
            }
            segment = openSegment(table, record.schema());
        }
        RowData row = record.row();
        ChangeRecordShape.requireArity(record);
        try {
            segment.staging.stage(row.getRowKind(), row);
        } catch (ClassCastException e) {
            throw new LakeValidationException(
                    ChangeRecordShape.mismatch(record) + " (lake table " + table + ")", e);
        }
        segment.stagedSinceBarrier++;
        recordsWritten.inc();
    }

    private Segment openSegment(TableName table, ChangeSchema schema) throws IOException {
        if (open.size() >= settings.maxOpenTables()) {
            Iterator<Segment> eldest = open.values().iterator();
            Segment least = eldest.next();
            eldest.remove();
            sealAndClose(least);
        }
        TableSchema lake = SchemaEvolution.lakeSchema(table, schema);
        RowType rowType = schema.rowType();
        SinkMode mode = schema.hasPrimaryKey() ? SinkMode.UPSERT : SinkMode.APPEND;
        ArrowStaging staging =
                new ArrowStaging(
                        resources(),
                        table,
                        lake,
                        rowType,
                        IntStream.range(0, rowType.getFieldCount()).toArray(),
                        mode,
                        false,
                        BATCH_ROWS,
                        this::newFile);
        Segment segment = new Segment(table, schema, staging);
        open.put(table, segment);
        return segment;
    }

    /** Seals a segment replaced by one of another schema. */
    private void seal(Segment segment) throws IOException {
        open.remove(segment.table);
        sealAndClose(segment);
    }

    private void sealAndClose(Segment segment) throws IOException {
        try {
            drain(segment);
        } finally {
            segment.staging.close();
        }
    }

    private void drain(Segment segment) throws IOException {
        for (ArrowStaging.StagedFile file : segment.staging.drain(false)) {
            sealed.add(
                    new TableCommittable(
                            sinkId,
                            DuckLakeCommittable.UNSTAMPED,
                            segment.table.toString(),
                            subtask,
                            nextOrdinal++,
                            segment.schema,
                            file.file(),
                            file.rows()));
        }
        segment.stagedSinceBarrier = 0;
    }

    @Override
    public void flush(boolean endOfInput) {}

    @Override
    public Collection<TableCommittable> prepareCommit() throws IOException {
        List<Segment> idle = new ArrayList<>();
        for (Segment segment : open.values()) {
            if (segment.stagedSinceBarrier == 0) {
                idle.add(segment);
            } else {
                drain(segment);
            }
        }
        for (Segment segment : idle) {
            open.remove(segment.table);
            segment.staging.close();
        }
        List<TableCommittable> out = List.copyOf(sealed);
        sealed.clear();
        return out;
    }

    @Override
    protected void closeStaging() throws Exception {
        for (Segment segment : open.values()) {
            segment.staging.close();
        }
        open.clear();
    }
}
