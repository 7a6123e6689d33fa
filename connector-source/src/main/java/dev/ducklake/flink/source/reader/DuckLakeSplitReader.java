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

package dev.ducklake.flink.source.reader;

import dev.ducklake.engine.EngineRegistry;
import dev.ducklake.engine.LakeEngine;
import dev.ducklake.engine.change.ChangeRequest;
import dev.ducklake.engine.read.BatchReader;
import dev.ducklake.engine.read.RowFilter;
import dev.ducklake.engine.read.ScanRequest;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.version.TableVersion;
import dev.ducklake.engine.version.VersionPins;
import dev.ducklake.flink.common.ArrowRowConverter;
import dev.ducklake.flink.common.EngineSpec;
import dev.ducklake.flink.source.split.DuckLakeSplit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.PriorityQueue;
import javax.annotation.Nullable;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.flink.annotation.Internal;
import org.apache.flink.connector.base.source.reader.RecordsBySplits;
import org.apache.flink.connector.base.source.reader.RecordsWithSplitIds;
import org.apache.flink.connector.base.source.reader.splitreader.SplitReader;
import org.apache.flink.connector.base.source.reader.splitreader.SplitsAddition;
import org.apache.flink.connector.base.source.reader.splitreader.SplitsChange;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.types.RowKind;

/**
 * Reads a reader's splits one after the other, oldest version first, on the fetcher thread: the
 * enumerator assigns a bucket's ranges in version order, but a restored reader gets the splits of
 * its state back in no particular order. A split's rows or changes are read in their stable order
 * from its offset, one columnar batch from DuckDB per fetch, turned into rows here on the fetcher
 * thread while the task thread emits the previous batch. The versions of the splits it holds stay
 * pinned against expiry by this process's engine.
 */
@Internal
public final class DuckLakeSplitReader implements SplitReader<LakeRecord, DuckLakeSplit> {

    /**
     * A bucket's splits in the order of its versions; a snapshot at a version before the changes
     * after it.
     */
    private static final Comparator<DuckLakeSplit> VERSION_ORDER =
            Comparator.comparingLong(DuckLakeSplit::from)
                    .thenComparing(split -> !split.isSnapshot())
                    .thenComparingInt(DuckLakeSplit::bucket);

    private final TableName table;
    private final List<String> columns;
    private final ArrowRowConverter converter;
    private final Optional<RowFilter> filter;
    private final boolean stamped;
    private final int batchSize;
    private final EngineRegistry.Lease lease;
    private final PriorityQueue<DuckLakeSplit> splits = new PriorityQueue<>(VERSION_ORDER);
    private final Map<String, VersionPins.Pin> pins = new HashMap<>();
    @Nullable private DuckLakeSplit current;
    @Nullable private BatchReader batches;
    @Nullable private VersionStamp stamp;
    private long offset;

    /**
     * @param rowType the columns to read, in order, with their Flink types
     * @param filter the condition the read rows and changes satisfy, or null for all of them
     * @param stamped whether each record carries its split's version and commit time
     * @param batchSize the rows or changes read from DuckDB at a time
     */
    public DuckLakeSplitReader(
            EngineSpec engineSpec,
            TableName table,
            RowType rowType,
            @Nullable RowFilter filter,
            boolean stamped,
            int batchSize) {
        this.table = table;
        this.columns = List.copyOf(rowType.getFieldNames());
        this.converter = new ArrowRowConverter(rowType);
        this.filter = Optional.ofNullable(filter);
        this.stamped = stamped;
        this.batchSize = batchSize;
        this.lease = EngineRegistry.shared().acquire(engineSpec.toEngineConfig());
    }

    @Override
    public RecordsWithSplitIds<LakeRecord> fetch() {
        RecordsBySplits.Builder<LakeRecord> records = new RecordsBySplits.Builder<>();
        if (current == null) {
            current = splits.poll();
            if (current == null) {
                return records.build();
            }
            open(current);
        }
        if (batches.loadNextBatch()) {
            add(records, batches.batch());
        } else {
            records.addFinishedSplit(current.splitId());
            finish();
        }
        return records.build();
    }

    /**
     * Adds a batch's rows: a snapshot's as inserts; changes as their images, after the {@code
     * has_before} and {@code has_after} columns (see {@code ChangeBatchReader}).
     */
    private void add(RecordsBySplits.Builder<LakeRecord> records, VectorSchemaRoot batch) {
        List<FieldVector> vectors = batch.getFieldVectors();
        int rows = batch.getRowCount();
        List<LakeRecord> read = new ArrayList<>(rows);
        if (current.isSnapshot()) {
            ArrowRowConverter.Rows after = converter.bind(vectors, 0);
            for (int i = 0; i < rows; i++) {
                read.add(new LakeRecord(null, after.row(RowKind.INSERT, i), ++offset, stamp));
            }
        } else {
            ArrowRowConverter.Changes changes = converter.bindChanges(vectors);
            for (int i = 0; i < rows; i++) {
                read.add(new LakeRecord(changes.before(i), changes.after(i), ++offset, stamp));
            }
        }
        records.addAll(current, read);
    }

    private void open(DuckLakeSplit split) {
        LakeEngine engine = lease.engine();
        offset = split.offset();
        if (stamped) {
            TableVersion version = engine.version(table, split.to());
            stamp = new VersionStamp(version.id(), version.committedAt().toEpochMilli());
        }
        if (split.isSnapshot()) {
            ScanRequest.Builder request =
                    ScanRequest.builder().version(split.to()).columns(columns).offset(offset);
            if (split.part() != null) {
                request.part(split.part()); // read in its stable order
            } else {
                request.bucket(split.bucketOfKeys()).orderByKey(true);
            }
            filter.ifPresent(request::filter);
            batches = engine.readBatches(table, request.build(), batchSize);
        } else {
            ChangeRequest.Builder request =
                    ChangeRequest.builder(split.from(), split.to())
                            .columns(columns)
                            .bucket(split.bucketOfKeys())
                            .ordered(true)
                            .offset(offset);
            filter.ifPresent(request::filter);
            batches = engine.changeBatches(table, request.build(), batchSize);
        }
    }

    private void finish() {
        closeCursor();
        VersionPins.Pin pin = pins.remove(current.splitId());
        if (pin != null) {
            pin.close();
        }
        current = null;
    }

    @Override
    public void handleSplitsChanges(SplitsChange<DuckLakeSplit> change) {
        if (!(change instanceof SplitsAddition)) {
            throw new UnsupportedOperationException(
                    "Unsupported split change " + change.getClass().getSimpleName());
        }
        for (DuckLakeSplit split : change.splits()) {
            pins.put(split.splitId(), lease.engine().pinVersion(table, split.oldestVersion()));
            splits.add(split);
        }
    }

    @Override
    public void wakeUp() {
        // A fetch reads at most one batch, so it returns soon by itself.
    }

    @Override
    public void close() throws Exception {
        closeCursor();
        pins.values().forEach(VersionPins.Pin::close);
        pins.clear();
        lease.close();
    }

    private void closeCursor() {
        if (batches != null) {
            batches.close();
            batches = null;
        }
    }
}
