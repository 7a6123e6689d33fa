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
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * Streams the rows of a table at a version, chunk by chunk from DuckDB, so memory stays bounded
 * whatever the table's size; each row holds the values of {@link #columns()} in order. Holds a read
 * slot and a connection until closed or read to the end; close it (or use try-with-resources) when
 * leaving early. An interrupt of the reading thread, or the engine's close, cancels the running
 * query and ends the read with {@link dev.ducklake.engine.error.LakeCancelledException}. Opened by
 * {@link dev.ducklake.engine.LakeEngine#read}.
 */
public interface RowReader extends Iterator<Object[]>, AutoCloseable {

    /** The columns of the rows this reader returns, in order. */
    List<Column> columns();

    /** Reads all remaining rows into a list; for small results and tests. */
    default List<Object[]> toList() {
        List<Object[]> rows = new ArrayList<>();
        forEachRemaining(rows::add);
        return rows;
    }

    /** Ends the read and releases its slot and connection. Idempotent. */
    @Override
    void close();
}
