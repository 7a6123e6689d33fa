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

import dev.ducklake.engine.EngineRegistry;
import dev.ducklake.engine.LakeEngine;
import dev.ducklake.engine.error.LakeCancelledException;
import dev.ducklake.engine.error.LakeException;
import dev.ducklake.engine.read.RowFilter;
import dev.ducklake.engine.read.ScanRequest;
import dev.ducklake.engine.schema.LakeType;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.schema.TableSchema;
import dev.ducklake.flink.common.LakeRowReads;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.util.FlinkRuntimeException;

/**
 * Reads the rows of a batch of lookup keys from the table's latest version in one query, through
 * this JVM's shared engine, trying a failed query again up to the configured number of times; and,
 * for a full cache, the table's rows and changes. Rows come in columnar batches, converted to Flink
 * rows a batch at a time.
 */
@Internal
final class LakeLookups implements AutoCloseable {

    private final LookupSettings settings;
    private final TableName table;
    private final EngineRegistry.Lease lease;
    private final LakeRowReads reads;
    private final KeyProjection keys;
    private final KeyFilter keyFilter;
    private final Optional<RowFilter> rowFilter;

    LakeLookups(LookupSettings settings) {
        this.settings = settings;
        this.table = settings.tableName();
        this.rowFilter = settings.rowFilter();
        this.keys =
                new KeyProjection(
                        settings.rowType().getChildren().toArray(LogicalType[]::new),
                        settings.keyPositions());
        this.lease = EngineRegistry.shared().acquire(settings.engine().toEngineConfig());
        this.reads =
                new LakeRowReads(lease.engine(), table, settings.rowType(), settings.batchSize());
        try {
            TableSchema schema = lease.engine().describeTable(table);
            List<LakeType> lakeTypes = new ArrayList<>();
            List<LogicalType> flinkTypes = new ArrayList<>();
            for (String column : settings.keyColumns()) {
                lakeTypes.add(schema.column(schema.requirePosition(column, "lookup key")).type());
                flinkTypes.add(
                        settings.rowType().getTypeAt(settings.rowType().getFieldIndex(column)));
            }
            this.keyFilter = new KeyFilter(settings.keyColumns(), lakeTypes, flinkTypes);
        } catch (RuntimeException e) {
            lease.close();
            throw e;
        }
    }

    LakeEngine engine() {
        return lease.engine();
    }

    /** The condition every looked-up row satisfies, besides its key, if any. */
    Optional<RowFilter> rowFilter() {
        return rowFilter;
    }

    KeyProjection keys() {
        return keys;
    }

    /** Reads the table's rows and changes as rows of the produced type. */
    LakeRowReads reads() {
        return reads;
    }

    /**
     * The rows of each key (as {@link KeyProjection} makes them) that has any, at the latest
     * version.
     */
    Map<RowData, List<RowData>> lookup(Collection<RowData> batch) {
        Optional<RowFilter> keys = keyFilter.forKeys(batch);
        if (keys.isEmpty()) {
            return Map.of();
        }
        ScanRequest request =
                ScanRequest.builder()
                        .columns(settings.rowType().getFieldNames())
                        .filter(rowFilter.map(rows -> both(keys.get(), rows)).orElse(keys.get()))
                        .build();
        for (int attempt = 0; ; attempt++) {
            try {
                return read(request);
            } catch (LakeCancelledException e) {
                throw e;
            } catch (LakeException e) {
                if (attempt >= settings.maxRetries()) {
                    throw new FlinkRuntimeException(
                            "Could not look up "
                                    + batch.size()
                                    + " keys of "
                                    + table
                                    + " (tried "
                                    + (attempt + 1)
                                    + " times)",
                            e);
                }
                backOff(attempt, e);
            }
        }
    }

    private static RowFilter both(RowFilter keys, RowFilter rows) {
        return column -> "(" + keys.sql(column) + " AND " + rows.sql(column) + ")";
    }

    /** Waits 100 ms before the second attempt, doubling for each after it. */
    private void backOff(int attempt, LakeException failure) {
        try {
            Thread.sleep(100L << Math.min(attempt, 6));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new FlinkRuntimeException(
                    "Interrupted while looking up keys of " + table, failure);
        }
    }

    private Map<RowData, List<RowData>> read(ScanRequest request) {
        Map<RowData, List<RowData>> rows = new HashMap<>();
        reads.forEachRow(
                request,
                row -> rows.computeIfAbsent(keys.ofRow(row), key -> new ArrayList<>(1)).add(row));
        return rows;
    }

    @Override
    public void close() {
        lease.close();
    }
}
