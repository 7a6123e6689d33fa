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

package dev.ducklake.flink.common;

import dev.ducklake.engine.LakeEngine;
import dev.ducklake.engine.change.ChangeBatchReader;
import dev.ducklake.engine.change.ChangeRequest;
import dev.ducklake.engine.read.BatchReader;
import dev.ducklake.engine.read.ScanRequest;
import dev.ducklake.engine.schema.TableName;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.types.RowKind;
import org.apache.flink.util.function.BiConsumerWithException;
import org.apache.flink.util.function.ThrowingConsumer;

/**
 * Reads a table's rows or changes as Flink rows of a row type, through the engine's columnar
 * batches (see {@link ArrowRowConverter}): for the callers that take every row, such as cache and
 * index loads. Each row handed over is new, of kind {@link RowKind#INSERT}.
 */
@Internal
public final class LakeRowReads {

    private final LakeEngine engine;
    private final TableName table;
    private final ArrowRowConverter converter;
    private final int batchSize;

    /**
     * @param rowType the columns read, in order, with their Flink types; requests must read these
     */
    public LakeRowReads(LakeEngine engine, TableName table, RowType rowType, int batchSize) {
        this.engine = engine;
        this.table = table;
        this.converter = new ArrowRowConverter(rowType);
        this.batchSize = batchSize;
    }

    /** Hands over each row the request selects. */
    public <E extends Exception> void forEachRow(
            ScanRequest request, ThrowingConsumer<GenericRowData, E> action) throws E {
        forEachBatch(
                request,
                batch -> {
                    for (GenericRowData row : batch) {
                        action.accept(row);
                    }
                });
    }

    /**
     * Hands over each row the request selects, as {@link #forEachRow} does, while a thread of its
     * own reads and converts the next batches: for loads whose action costs about as much as the
     * read.
     */
    public <E extends Exception> void forEachRowReadAhead(
            ScanRequest request, ThrowingConsumer<GenericRowData, E> action) throws E {
        ReadAhead.forEachRow(
                "DuckLake read of " + table, batches -> forEachBatch(request, batches), action);
    }

    /** Hands over the rows the request selects, a batch at a time. */
    private <E extends Exception> void forEachBatch(
            ScanRequest request, ThrowingConsumer<GenericRowData[], E> action) throws E {
        try (BatchReader reader = engine.readBatches(table, request, batchSize)) {
            while (reader.loadNextBatch()) {
                VectorSchemaRoot batch = reader.batch();
                ArrowRowConverter.Rows rows = converter.bind(batch.getFieldVectors(), 0);
                GenericRowData[] converted = new GenericRowData[batch.getRowCount()];
                for (int i = 0; i < converted.length; i++) {
                    converted[i] = rows.row(RowKind.INSERT, i);
                }
                action.accept(converted);
            }
        }
    }

    /**
     * Hands over each change the request selects, as its before and after image (null when absent).
     */
    public <E extends Exception> void forEachChange(
            ChangeRequest request,
            BiConsumerWithException<GenericRowData, GenericRowData, E> action)
            throws E {
        try (ChangeBatchReader reader = engine.changeBatches(table, request, batchSize)) {
            while (reader.loadNextBatch()) {
                VectorSchemaRoot batch = reader.batch();
                ArrowRowConverter.Changes changes = converter.bindChanges(batch.getFieldVectors());
                for (int i = 0; i < batch.getRowCount(); i++) {
                    action.accept(changes.before(i), changes.after(i));
                }
            }
        }
    }
}
