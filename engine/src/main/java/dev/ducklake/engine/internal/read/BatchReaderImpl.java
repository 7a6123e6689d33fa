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

package dev.ducklake.engine.internal.read;

import dev.ducklake.engine.internal.QueryCursor;
import dev.ducklake.engine.read.BatchReader;
import dev.ducklake.engine.schema.Column;
import java.util.List;
import org.apache.arrow.vector.VectorSchemaRoot;

/** A {@link BatchReader} over a {@link QueryCursor} opened for batches. */
public class BatchReaderImpl implements BatchReader {

    protected final QueryCursor cursor;
    private final List<Column> columns;

    public BatchReaderImpl(QueryCursor cursor, List<Column> columns) {
        this.cursor = cursor;
        this.columns = columns;
    }

    @Override
    public List<Column> columns() {
        return columns;
    }

    @Override
    public boolean loadNextBatch() {
        return cursor.nextBatch();
    }

    @Override
    public VectorSchemaRoot batch() {
        return cursor.batch();
    }

    @Override
    public void close() {
        cursor.close();
    }
}
