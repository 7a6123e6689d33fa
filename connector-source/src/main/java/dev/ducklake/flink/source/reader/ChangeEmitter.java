package dev.ducklake.flink.source.reader;

import dev.ducklake.engine.change.Change;
import dev.ducklake.flink.common.LakeRowConverter;
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
 * Emits a change as changelog rows: an insert as {@code +I(after)}, a delete as
 * {@code -D(before)}, and an update of a keyed table as {@code -U(before)} then {@code +U(after)}
 * (of a table without a key as {@code -D(before)} then {@code +I(after)}), each followed by the
 * metadata columns the source reads. Then moves the split's offset past it, so a checkpoint never
 * falls between the two rows of an update.
 */
@Internal
public final class ChangeEmitter implements RecordEmitter<LakeRecord, RowData, DuckLakeSplitState> {

    private final LakeRowConverter converter;
    private final boolean keyed;
    @Nullable private final Function<VersionStamp, RowData> metadataRows;
    @Nullable private VersionStamp lastStamp;
    @Nullable private RowData lastMetadataRow;

    /** @param metadataRows the metadata columns' values of a version, or null when the source reads none */
    public ChangeEmitter(LakeRowConverter converter, boolean keyed,
            @Nullable Function<VersionStamp, RowData> metadataRows) {
        this.converter = converter;
        this.keyed = keyed;
        this.metadataRows = metadataRows;
    }

    @Override
    public void emitRecord(LakeRecord record, SourceOutput<RowData> output, DuckLakeSplitState split) {
        Change change = record.change();
        RowData metadataRow = metadataRow(record.stamp());
        switch (change.kind()) {
            case INSERT -> output.collect(row(RowKind.INSERT, change.after(), metadataRow));
            case DELETE -> output.collect(row(RowKind.DELETE, change.before(), metadataRow));
            case UPDATE -> {
                output.collect(row(keyed ? RowKind.UPDATE_BEFORE : RowKind.DELETE, change.before(), metadataRow));
                output.collect(row(keyed ? RowKind.UPDATE_AFTER : RowKind.INSERT, change.after(), metadataRow));
            }
        }
        split.emitted(record.offsetAfter());
    }

    private RowData row(RowKind kind, Object[] values, @Nullable RowData metadataRow) {
        RowData data = converter.toRow(kind, values);
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
