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

import dev.ducklake.engine.read.RowFilter;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.flink.common.DuckLakeConnectorOptions.FullCacheStorage;
import dev.ducklake.flink.common.EngineSpec;
import dev.ducklake.flink.source.LakeFilter;
import java.io.Serializable;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.types.logical.RowType;

/**
 * What a lookup function reads, fixed when the job is planned.
 *
 * @param rowType the produced rows: the read columns, in order, with their Flink types
 * @param keyColumns the columns a lookup matches on, in the order of the lookup's key row
 * @param filter the condition the looked-up rows satisfy (the join's conditions on the table that
 *     Flink pushed down), or null for all rows
 * @param maxRetries how often a failed query is tried again before the lookup fails
 * @param maxBatchKeys the most keys one query looks up
 * @param reloadInterval how old the version a full cache holds may be when it answers a lookup
 * @param batchSize the rows or changes read from DuckDB at a time
 * @param fullCacheStorage where a full cache holds the rows
 * @param fullCacheDirectory where a full cache on disk keeps its store, or null for the JVM's
 *     temporary directory
 * @param shuffled whether Flink partitions the join's input by {@link LookupKeyPartitioner}, so
 *     that each subtask's full cache holds only the rows of its keys
 */
@Internal
public record LookupSettings(
        EngineSpec engine,
        String table,
        RowType rowType,
        List<String> keyColumns,
        @Nullable LakeFilter filter,
        int maxRetries,
        int maxBatchKeys,
        Duration reloadInterval,
        int batchSize,
        FullCacheStorage fullCacheStorage,
        @Nullable String fullCacheDirectory,
        boolean shuffled)
        implements Serializable {

    public LookupSettings {
        keyColumns = List.copyOf(keyColumns);
    }

    public TableName tableName() {
        return TableName.parse(table);
    }

    /**
     * The condition as the engine takes it: made in the task, since a RowFilter need not be
     * serializable.
     */
    Optional<RowFilter> rowFilter() {
        return Optional.ofNullable(filter).map(LakeFilter::toRowFilter);
    }

    /** An empty store for a full cache's rows, where the settings put it. */
    CachedRows newCachedRows() {
        return switch (fullCacheStorage) {
            case HEAP -> new RowIndex(rowType, keyPositions());
            case DISK ->
                    new DiskRows(
                            rowType,
                            keyPositions(),
                            Path.of(
                                    fullCacheDirectory != null
                                            ? fullCacheDirectory
                                            : System.getProperty("java.io.tmpdir")));
        };
    }

    /** The positions of the key columns in the produced rows. */
    int[] keyPositions() {
        return keyColumns.stream().mapToInt(rowType.getFieldNames()::indexOf).toArray();
    }
}
