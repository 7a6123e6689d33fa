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

package dev.ducklake.flink.source.lookup;

import java.util.List;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.data.RowData;

/**
 * The rows a full cache holds, by lookup key: in the heap ({@link RowIndex}) or in a store on local
 * disk ({@link DiskRows}). A key with a NULL column matches no row, as in SQL. Not thread-safe.
 */
@Internal
interface CachedRows extends AutoCloseable {

    /** Adds a row; one with a NULL key column is not held. */
    void add(RowData row);

    /** Removes one row equal to the given one in every column, if one is held. */
    void remove(RowData row);

    /** The rows of a lookup's key row. */
    List<RowData> lookup(RowData keyRow);

    /** The rows held. */
    long rows();

    /** The bytes the rows take on local disk; 0 for rows held in the heap. */
    long bytesOnDisk();

    /** Makes the rows added so far visible to lookups and ready for them, once a load ends. */
    void loaded();

    /** Makes the rows added and removed so far visible to lookups, once a version is applied. */
    void flush();

    /** Releases what holds the rows, files on disk included. */
    @Override
    void close();
}
