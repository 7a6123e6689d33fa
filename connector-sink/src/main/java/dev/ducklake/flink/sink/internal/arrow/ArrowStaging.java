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

package dev.ducklake.flink.sink.internal.arrow;

import dev.ducklake.engine.error.LakeException;
import dev.ducklake.engine.error.LakeValidationException;
import dev.ducklake.engine.schema.Column;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.schema.TableSchema;
import dev.ducklake.engine.write.ArrowParquetWriter;
import dev.ducklake.flink.sink.internal.CurrentRowColumns;
import dev.ducklake.flink.sink.internal.SinkMode;
import dev.ducklake.flink.sink.internal.arrow.ArrowValueWriters.FieldWriter;
import dev.ducklake.flink.sink.internal.arrow.ArrowValueWriters.NullSetter;
import dev.ducklake.flink.sink.internal.arrow.ArrowValueWriters.Target;
import dev.ducklake.flink.sink.internal.upsert.CurrentRowIndex;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.function.Supplier;
import org.apache.arrow.c.ArrowArrayStream;
import org.apache.arrow.c.Data;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorLoader;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.types.RowKind;

/**
 * A writer's staging: rows go into off-heap Arrow batches in the DuckLake table's column order
 * (after the merge bookkeeping for upserts, and the current rows that come with the changes when an
 * index gives them, see {@link CurrentRowIndex}); each full batch is written to a Parquet file by
 * DuckDB on a background thread, which reads the batch in place, while the next batch fills. At
 * most two batches exist at once, so memory stays bounded whatever the checkpoint's size, and a
 * written batch is cleared and filled again rather than freed: allocating fresh off-heap buffers
 * for every batch cost more than filling them. {@link #drain()} seals the open batch and returns
 * the files written since the last drain.
 */
@Internal
public final class ArrowStaging implements AutoCloseable {

    /** A staged Parquet file and its row count. */
    public record StagedFile(String file, long rows) {}

    /** The rows of a batch of a writer of one table. */
    public static final int BATCH_ROWS = 131_072;

    private final TableName table;
    private final SinkMode mode;
    private final Schema schema;
    private final RowType rowType;
    private final int[] lakePositions;
    private final List<Target> targets = new ArrayList<>();
    private final int fields;
    private final int offset;
    private final boolean currentRows;
    private final Supplier<String> files;
    private final int batchRows;
    private final BufferAllocator allocator;
    private final ArrowParquetWriter parquet;
    private final ArrowParquetWriter barrierParquet;
    private final ExecutorService exporter;
    private final List<StagedFile> written = new ArrayList<>();

    private VectorSchemaRoot batch;
    private VectorSchemaRoot spare;
    private FieldWriter[] writers;
    private FieldWriter[] keyWriters;
    private FieldWriter[] currentWriters;
    private BigIntVector sequences;
    private BitVector deletes;
    private BitVector had;
    private int rows;
    private long sequence;
    private Future<StagedFile> inFlight;

    /**
     * @param currentRows whether upserts stage the current row each change comes with: the rows are
     *     then {@link CurrentRowColumns#withCurrentRow wider} than {@code rowType}
     */
    public ArrowStaging(
            StagingResources resources,
            TableName table,
            TableSchema lake,
            RowType rowType,
            int[] lakePositions,
            SinkMode mode,
            boolean currentRows,
            int batchRows,
            Supplier<String> files) {
        this.allocator = resources.allocator;
        this.parquet = resources.parquet;
        this.barrierParquet = resources.barrierParquet;
        this.exporter = resources.exporter;
        this.batchRows = batchRows;
        this.table = table;
        this.mode = mode;
        this.rowType = rowType;
        this.lakePositions = lakePositions;
        this.files = files;
        this.currentRows = currentRows && mode == SinkMode.UPSERT;
        this.schema = ArrowSchemas.staging(lake, mode == SinkMode.UPSERT, this.currentRows);
        this.offset = mode != SinkMode.UPSERT ? 0 : this.currentRows ? 3 + lake.size() : 2;
        for (Column column : lake.columns()) {
            targets.add(
                    new Target(
                            table,
                            column.name(),
                            column.type(),
                            lake.primaryKey().contains(column.name()),
                            column.nullable()));
        }
        this.fields = rowType.getFieldCount();
        newBatch();
    }

    /**
     * Stages one row. Upserts stage {@code +I} and {@code +U} as upserts, {@code -D} and {@code -U}
     * as deletes of their key: an update-before that no update-after of its key follows (a filter
     * or {@code HAVING} dropped the new row) removes the row, and one that is followed is
     * overridden by the later change. Appends refuse anything but inserts.
     */
    public void stage(RowKind kind, RowData row) throws IOException {
        if (mode == SinkMode.UPSERT) {
            boolean delete = deletesKey(kind);
            DirectVectorWrites.putLong(sequences, rows, sequence++);
            DirectVectorWrites.putBoolean(deletes, rows, delete);
            if (currentRows) {
                DirectVectorWrites.putBoolean(
                        had, rows, row.getBoolean(CurrentRowColumns.hadPosition(fields)));
                write(row, currentWriters);
            }
            write(row, delete ? keyWriters : writers);
        } else {
            if (kind != RowKind.INSERT) {
                throw new LakeValidationException(
                        "Table "
                                + table
                                + " has no primary key, so the sink only appends;"
                                + " it got a "
                                + kind
                                + " ("
                                + kind.shortString()
                                + ") row. Give the table a primary key"
                                + " (PRIMARY KEY in SQL, the key of a change record's schema) to apply updates and deletes");
            }
            write(row, writers);
        }
        if (++rows == batchRows) {
            seal();
        }
    }

    /** Whether an upsert stages a row of this kind as the delete of its key. */
    public static boolean deletesKey(RowKind kind) {
        return kind == RowKind.DELETE || kind == RowKind.UPDATE_BEFORE;
    }

    /**
     * Seals the open batch, waits for its file, and returns every file written since the last
     * drain. With {@code evenIfEmpty}, an empty staging still yields one (empty) file.
     */
    public List<StagedFile> drain(boolean evenIfEmpty) throws IOException {
        StagedFile last = null;
        if (rows > 0 || (evenIfEmpty && written.isEmpty() && inFlight == null)) {
            // The open batch is written here, on a connection of its own, while the background
            // thread finishes the batch before it: the barrier waits for the longer, not the sum.
            String file = files.get();
            batch.setRowCount(rows);
            VectorSchemaRoot sealed = batch;
            batch = null;
            last = export(barrierParquet, sealed, file);
        }
        awaitInFlight();
        if (batch == null) {
            newBatch();
        }
        if (last != null) {
            written.add(last);
        }
        List<StagedFile> out = List.copyOf(written);
        written.clear();
        return out;
    }

    private void write(RowData row, FieldWriter[] fieldWriters) {
        for (int i = 0; i < fields; i++) {
            fieldWriters[i].write(rows, row);
        }
    }

    private void seal() throws IOException {
        batch.setRowCount(rows);
        awaitInFlight();
        String file = files.get();
        VectorSchemaRoot sealed = batch;
        inFlight = exporter.submit(() -> export(parquet, sealed, file));
        newBatch();
    }

    private StagedFile export(ArrowParquetWriter writer, VectorSchemaRoot sealed, String file)
            throws IOException {
        try {
            try (ArrowArrayStream stream = ArrowArrayStream.allocateNew(allocator);
                    ArrowReader reader = new OneBatchReader(allocator, sealed)) {
                Data.exportArrayStream(allocator, reader, stream);
                return new StagedFile(file, writer.write(stream, file));
            }
        } finally {
            recycle(sealed);
        }
    }

    /**
     * Keeps a written batch as the spare, cleared, when nothing else holds its buffers any more;
     * otherwise (or when a spare exists) releases it.
     */
    private synchronized void recycle(VectorSchemaRoot written) {
        if (spare == null && onlyHeldHere(written)) {
            written.getFieldVectors().forEach(FieldVector::reset);
            written.setRowCount(0);
            spare = written;
        } else {
            written.close();
        }
    }

    private synchronized VectorSchemaRoot takeSpare() {
        VectorSchemaRoot taken = spare;
        spare = null;
        return taken;
    }

    private static boolean onlyHeldHere(VectorSchemaRoot root) {
        for (FieldVector vector : root.getFieldVectors()) {
            for (ArrowBuf buffer : vector.getBuffers(false)) {
                if (buffer.refCnt() != 1) {
                    return false;
                }
            }
        }
        return true;
    }

    private void awaitInFlight() throws IOException {
        if (inFlight == null) {
            return;
        }
        try {
            written.add(inFlight.get());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("Interrupted while staging rows for " + table, e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof LakeException lake) {
                throw lake;
            }
            throw new IOException(
                    "Could not stage rows for " + table + ": " + e.getCause().getMessage(),
                    e.getCause());
        } finally {
            inFlight = null;
        }
    }

    private void newBatch() {
        batch = takeSpare();
        if (batch == null) {
            batch = VectorSchemaRoot.create(schema, allocator);
            // Sized for a full batch up front: growing a vector copies it.
            for (FieldVector vector : batch.getFieldVectors()) {
                vector.setInitialCapacity(batchRows);
            }
            batch.allocateNew();
        }
        rows = 0;
        List<FieldVector> vectors = batch.getFieldVectors();
        if (offset > 0) {
            sequences = (BigIntVector) vectors.get(0);
            deletes = (BitVector) vectors.get(1);
        }
        writers = new FieldWriter[fields];
        keyWriters = new FieldWriter[fields];
        currentWriters = new FieldWriter[fields];
        for (int i = 0; i < fields; i++) {
            Target target = targets.get(lakePositions[i]);
            if (currentRows) {
                had = (BitVector) vectors.get(2);
                Target current = new Target(table, target.column(), target.type(), false, true);
                currentWriters[i] =
                        ArrowValueWriters.forField(
                                current,
                                rowType.getTypeAt(i),
                                vectors.get(3 + lakePositions[i]),
                                CurrentRowColumns.currentPosition(fields, i));
            }
            FieldVector vector = vectors.get(offset + lakePositions[i]);
            writers[i] = ArrowValueWriters.forField(target, rowType.getTypeAt(i), vector, i);
            // A delete needs its key only; DuckLake columns the Flink schema lacks stay null.
            NullSetter nulls = ArrowValueWriters.nullSetter(vector);
            keyWriters[i] = target.key() ? writers[i] : (index, row) -> nulls.setNull(index);
        }
    }

    /**
     * Waits for this staging's file being written, then releases its batches; the shared {@link
     * StagingResources} stay open.
     */
    @Override
    public void close() throws IOException {
        try {
            awaitInFlight();
        } finally {
            if (batch != null) {
                batch.close();
                batch = null;
            }
            VectorSchemaRoot unused = takeSpare();
            if (unused != null) {
                unused.close();
            }
        }
    }

    /** Hands one sealed batch to DuckDB; the batch stays the staging's. */
    private static final class OneBatchReader extends ArrowReader {
        private final VectorSchemaRoot source;
        private boolean loaded;

        OneBatchReader(BufferAllocator allocator, VectorSchemaRoot source) {
            super(allocator);
            this.source = source;
        }

        @Override
        public boolean loadNextBatch() throws IOException {
            if (loaded) {
                return false;
            }
            loaded = true;
            try (ArrowRecordBatch records = new VectorUnloader(source).getRecordBatch()) {
                new VectorLoader(getVectorSchemaRoot()).load(records);
            }
            return true;
        }

        @Override
        public long bytesRead() {
            return 0;
        }

        @Override
        protected void closeReadSource() {}

        @Override
        protected Schema readSchema() {
            return source.getSchema();
        }
    }
}
