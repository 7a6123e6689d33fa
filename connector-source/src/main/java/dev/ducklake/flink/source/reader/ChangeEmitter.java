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

import dev.ducklake.flink.source.split.DuckLakeSplitState;
import java.util.function.Function;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.connector.source.SourceOutput;
import org.apache.flink.connector.base.source.reader.RecordEmitter;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.utils.JoinedRowData;
import org.apache.flink.types.RowKind;

/**
 * Emits a change as changelog rows: an insert as {@code +I(after)}, a delete as {@code -D(before)},
 * and an update of a keyed table as {@code -U(before)} then {@code +U(after)} (of a table without a
 * key as {@code -D(before)} then {@code +I(after)}), each followed by the metadata columns the
 * source reads. Then moves the split's offset past it, so a checkpoint never falls between the two
 * rows of an update.
 */
@Internal
public final class ChangeEmitter implements RecordEmitter<LakeRecord, RowData, DuckLakeSplitState> {

    private final boolean keyed;
    @Nullable private final Function<VersionStamp, RowData> metadataRows;
    @Nullable private VersionStamp lastStamp;
    @Nullable private RowData lastMetadataRow;

    /**
     * @param metadataRows the metadata columns' values of a version, or null when the source reads
     *     none
     */
    public ChangeEmitter(boolean keyed, @Nullable Function<VersionStamp, RowData> metadataRows) {
        this.keyed = keyed;
        this.metadataRows = metadataRows;
    }

    @Override
    public void emitRecord(
            LakeRecord record, SourceOutput<RowData> output, DuckLakeSplitState split) {
        RowData metadataRow = metadataRow(record.stamp());
        if (record.before() == null) {
            output.collect(row(RowKind.INSERT, record.after(), metadataRow));
        } else if (record.after() == null) {
            output.collect(row(RowKind.DELETE, record.before(), metadataRow));
        } else {
            output.collect(
                    row(
                            keyed ? RowKind.UPDATE_BEFORE : RowKind.DELETE,
                            record.before(),
                            metadataRow));
            output.collect(
                    row(
                            keyed ? RowKind.UPDATE_AFTER : RowKind.INSERT,
                            record.after(),
                            metadataRow));
        }
        split.emitted(record.offsetAfter());
    }

    private static RowData row(RowKind kind, RowData data, @Nullable RowData metadataRow) {
        data.setRowKind(kind);
        return metadataRow == null ? data : new JoinedRowData(kind, data, metadataRow);
    }

    @Nullable
    private RowData metadataRow(@Nullable VersionStamp stamp) {
        if (stamp == null || metadataRows == null) {
            return null;
        }
        if (!stamp.equals(lastStamp)) {
            lastStamp = stamp;
            lastMetadataRow = metadataRows.apply(stamp);
        }
        return lastMetadataRow;
    }
}
