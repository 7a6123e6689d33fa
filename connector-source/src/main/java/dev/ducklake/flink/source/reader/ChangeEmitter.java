package dev.ducklake.flink.source.reader;

import dev.ducklake.engine.change.Change;
import dev.ducklake.flink.common.LakeRowConverter;
import dev.ducklake.flink.source.split.DuckLakeSplitState;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.connector.source.SourceOutput;
import org.apache.flink.connector.base.source.reader.RecordEmitter;
import org.apache.flink.table.data.RowData;
import org.apache.flink.types.RowKind;

/**
 * Emits a change as changelog rows: an insert as {@code +I(after)}, a delete as
 * {@code -D(before)}, and an update of a keyed table as {@code -U(before)} then {@code +U(after)}
 * (of a table without a key as {@code -D(before)} then {@code +I(after)}). Then moves the split's
 * offset past it, so a checkpoint never falls between the two rows of an update.
 */
@Internal
public final class ChangeEmitter implements RecordEmitter<LakeRecord, RowData, DuckLakeSplitState> {

    private final LakeRowConverter converter;
    private final boolean keyed;

    public ChangeEmitter(LakeRowConverter converter, boolean keyed) {
        this.converter = converter;
        this.keyed = keyed;
    }

    @Override
    public void emitRecord(LakeRecord record, SourceOutput<RowData> output, DuckLakeSplitState split) {
        Change change = record.change();
        switch (change.kind()) {
            case INSERT -> output.collect(converter.toRow(RowKind.INSERT, change.after()));
            case DELETE -> output.collect(converter.toRow(RowKind.DELETE, change.before()));
            case UPDATE -> {
                output.collect(converter.toRow(keyed ? RowKind.UPDATE_BEFORE : RowKind.DELETE, change.before()));
                output.collect(converter.toRow(keyed ? RowKind.UPDATE_AFTER : RowKind.INSERT, change.after()));
            }
        }
        split.emitted(record.offsetAfter());
    }
}
