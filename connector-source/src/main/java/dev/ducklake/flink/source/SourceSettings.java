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

package dev.ducklake.flink.source;

import dev.ducklake.engine.schema.TableName;
import dev.ducklake.flink.common.EngineSpec;
import dev.ducklake.flink.source.enumerator.StartPosition;
import java.io.Serializable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.types.logical.RowType;

/**
 * Everything a source knows about what it reads, fixed when the job is built. {@link
 * DuckLakeSource} hands the enumerator and the readers the parts they need, so they do not depend
 * on this package.
 *
 * @param rowType the produced rows: the read columns, in order, with their Flink types
 * @param keyed whether the table has a primary key, so updates are emitted as -U/+U pairs
 * @param start where a source without a checkpoint starts, and whether it reads one version and
 *     stops
 * @param snapshotWatermarks whether the watermarks are the lake snapshots whose changes the readers
 *     have emitted (see {@code DuckLakeSourceBuilder#snapshotWatermarks})
 * @param metadata the metadata columns that follow the read columns in each produced row
 * @param batchSize the rows or changes read from DuckDB at a time
 */
@Internal
public record SourceSettings(
        EngineSpec engine,
        String table,
        RowType rowType,
        boolean keyed,
        @Nullable LakeFilter filter,
        StartPosition start,
        @Nullable Long endVersion,
        Duration discoveryInterval,
        boolean snapshotWatermarks,
        List<ChangeMetadata> metadata,
        int batchSize)
        implements Serializable {

    public SourceSettings {
        metadata = List.copyOf(metadata);
        if (batchSize < 1) {
            throw new IllegalArgumentException(
                    "The batch size of the read of " + table + " must be >= 1, got " + batchSize);
        }
    }

    /** The produced rows: the read columns, then the metadata columns. */
    public RowType producedType() {
        if (metadata.isEmpty()) {
            return rowType;
        }
        List<RowType.RowField> fields = new ArrayList<>(rowType.getFields());
        // Named by key, unless a read column has that name.
        metadata.forEach(
                column ->
                        fields.add(
                                new RowType.RowField(
                                        rowType.getFieldNames().contains(column.key())
                                                ? "$metadata$" + column.key()
                                                : column.key(),
                                        column.type())));
        return new RowType(rowType.isNullable(), fields);
    }

    /**
     * Whether the change stream is read one version at a time, so that each change keeps its
     * version.
     */
    public boolean versionByVersion() {
        return !metadata.isEmpty();
    }

    public TableName tableName() {
        return TableName.parse(table);
    }

    public Optional<LakeFilter> rowFilter() {
        return Optional.ofNullable(filter);
    }

    /** Whether the source stops by itself. */
    public boolean bounded() {
        return start.snapshotOnly() || endVersion != null;
    }
}
