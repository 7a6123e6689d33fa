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

package dev.ducklake.engine.read;

import dev.ducklake.engine.schema.Column;
import java.util.List;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Streams the result of a read as Arrow batches that DuckDB fills off the Java heap, one batch at a
 * time, so a reader converts whole columns instead of boxing value by value and memory stays
 * bounded by the batch size. Each batch is valid until the next {@link #loadNextBatch()} or the
 * close, which free it; copy what must outlive it. Holds a read slot and a connection until closed
 * or read to the end; an interrupt of the reading thread, or the engine's close, cancels the query
 * and ends the read with {@link dev.ducklake.engine.error.LakeCancelledException}.
 *
 * <p>A table read ({@link dev.ducklake.engine.LakeEngine#readBatches}) has one vector per column of
 * {@link #columns()}, in order. The Arrow types are DuckDB's: integers and floats by width, {@code
 * VARCHAR} as UTF-8 {@code VarChar}, {@code BLOB} as {@code VarBinary}, {@code DECIMAL} as 128-bit
 * {@code Decimal}, {@code DATE} in days, {@code TIME} in microseconds, timestamps in the unit of
 * their precision (with time zone UTC for {@code TIMESTAMPTZ}), lists, maps and structs nested.
 */
public interface BatchReader extends AutoCloseable {

    /** The columns of the read rows, in order. */
    List<Column> columns();

    /** Loads the next batch into {@link #batch()}; false at the end, when the reader is closed. */
    boolean loadNextBatch();

    /** The current batch; valid after {@link #loadNextBatch()} returned true. */
    VectorSchemaRoot batch();

    /** Ends the read and releases its batches, slot and connection. Idempotent. */
    @Override
    void close();
}
