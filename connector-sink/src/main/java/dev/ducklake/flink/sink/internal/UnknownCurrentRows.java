package dev.ducklake.flink.sink.internal;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.utils.JoinedRowData;
import org.apache.flink.table.types.logical.RowType;

/**
 * Widens each change to the {@link CurrentRowIndex#withCurrentRow rows of an upsert index} with a
 * current row that is {@link CurrentRowIndex#UNKNOWN unknown}, where no index runs (a batch job):
 * the commit then looks the rows up in the table.
 */
@Internal
public final class UnknownCurrentRows implements MapFunction<RowData, RowData> {

    private static final long serialVersionUID = 1L;

    private final int fields;

    public UnknownCurrentRows(RowType rowType) {
        this.fields = rowType.getFieldCount();
    }

    @Override
    public RowData map(RowData row) {
        return new JoinedRowData(row.getRowKind(), row, CurrentRowIndex.hint(fields, CurrentRowIndex.UNKNOWN));
    }
}
