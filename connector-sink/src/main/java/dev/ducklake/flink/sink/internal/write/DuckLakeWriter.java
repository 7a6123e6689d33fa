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

package dev.ducklake.flink.sink.internal.write;

import dev.ducklake.engine.schema.TableName;
import dev.ducklake.flink.sink.internal.CurrentRowColumns;
import dev.ducklake.flink.sink.internal.SinkMode;
import dev.ducklake.flink.sink.internal.SinkSettings;
import dev.ducklake.flink.sink.internal.TableBinding;
import dev.ducklake.flink.sink.internal.arrow.ArrowStaging;
import dev.ducklake.flink.sink.internal.commit.DuckLakeCommittable;
import dev.ducklake.flink.sink.internal.upsert.CurrentRowIndex;
import java.io.IOException;
import java.util.Collection;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.eventtime.Watermark;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.apache.flink.metrics.Counter;
import org.apache.flink.table.data.RowData;
import org.apache.flink.util.function.SerializableFunction;

/**
 * Stages the records of one subtask as Parquet files in the staging directory (through {@link
 * ArrowStaging}, off the Java heap) and, at each checkpoint barrier, emits one {@link
 * DuckLakeCommittable} per file written since the last barrier. Nothing reaches the lake here; the
 * committer applies the files once the checkpoint completes.
 */
@Internal
public final class DuckLakeWriter<IN> extends StagingWriter<IN, DuckLakeCommittable> {

    private final SinkSettings settings;

    /** The sink's {@code RowDataConverter}. */
    private final SerializableFunction<IN, RowData> converter;

    private final String sinkId;
    private final Counter recordsWritten;
    private final ArrowStaging staging;

    /** Whether the rows come with their keys' current rows, which the staging keeps. */
    private final boolean currentRows;

    /** Whether the current rows are whole rows of the table (see {@link CurrentRowIndex#fits}). */
    private final boolean wholeCurrentRows;

    private final int asOfPosition;

    /** The lowest version the current rows staged since the last barrier were valid at. */
    private long currentRowsAsOf = Long.MAX_VALUE;

    private boolean endOfInput;

    /**
     * The last watermark received, a lake snapshot when the job's sources are DuckLake change
     * sources.
     */
    private long watermark = DuckLakeCommittable.NO_INPUT_SNAPSHOT;

    public DuckLakeWriter(
            SinkSettings settings,
            SerializableFunction<IN, RowData> converter,
            WriterInitContext context,
            String sinkId) {
        // Appended files may be registered as the table's data files; other staging is read once.
        super(
                settings.engine().toEngineConfig(),
                settings.stagingPath(),
                settings::openStagingStore,
                settings.tableName(),
                sinkId,
                context,
                settings.mode() == SinkMode.APPEND,
                settings.tableName().toString());
        this.settings = settings;
        this.converter = converter;
        this.sinkId = sinkId;
        this.recordsWritten = context.metricGroup().getNumRecordsSendCounter();
        TableName table = settings.tableName();
        try {
            TableBinding binding =
                    TableBinding.createOrBind(
                            engine(),
                            table,
                            settings.rowType(),
                            settings.primaryKey(),
                            settings.partitionKeys());
            this.currentRows = settings.currentRowIndex();
            this.asOfPosition = CurrentRowColumns.asOfPosition(settings.rowType().getFieldCount());
            this.wholeCurrentRows = CurrentRowIndex.fits(binding.lakeSchema(), settings.rowType());
            this.staging =
                    new ArrowStaging(
                            resources(),
                            table,
                            binding.lakeSchema(),
                            settings.rowType(),
                            binding.lakePositions(),
                            settings.mode(),
                            currentRows,
                            ArrowStaging.BATCH_ROWS,
                            this::newFile);
        } catch (RuntimeException e) {
            closeAfterFailure(e);
            throw e;
        }
    }

    @Override
    public void write(IN element, Context context) throws IOException {
        RowData row = converter.apply(element);
        staging.stage(row.getRowKind(), row);
        if (currentRows) {
            currentRowsAsOf = Math.min(currentRowsAsOf, row.getLong(asOfPosition));
        }
        recordsWritten.inc();
    }

    /** The end of input's watermark says nothing about the lake: the last one before it stays. */
    @Override
    public void writeWatermark(Watermark watermark) {
        if (watermark.getTimestamp() != Long.MAX_VALUE) {
            this.watermark = Math.max(this.watermark, watermark.getTimestamp());
        }
    }

    @Override
    public void flush(boolean endOfInput) {
        this.endOfInput |= endOfInput;
    }

    @Override
    public Collection<DuckLakeCommittable> prepareCommit() throws IOException {
        // An overwrite commits at the end of input even when empty: it empties the table.
        boolean overwriteAtEnd = settings.mode() == SinkMode.OVERWRITE && endOfInput;
        long asOf =
                !currentRows
                        ? DuckLakeCommittable.NO_CURRENT_ROWS
                        : !wholeCurrentRows || currentRowsAsOf == Long.MAX_VALUE
                                ? CurrentRowColumns.UNKNOWN
                                : currentRowsAsOf;
        currentRowsAsOf = Long.MAX_VALUE;
        return staging.drain(overwriteAtEnd).stream()
                .map(
                        f ->
                                new DuckLakeCommittable(
                                        sinkId,
                                        DuckLakeCommittable.UNSTAMPED,
                                        f.file(),
                                        f.rows(),
                                        asOf,
                                        watermark))
                .toList();
    }

    @Override
    protected void closeStaging() throws Exception {
        staging.close();
    }
}
