package dev.ducklake.flink.source.reader;

import dev.ducklake.flink.source.ChangeMetadata;
import java.util.List;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.TimestampData;

/** The version a split's changes were made by, and when it was committed. */
@Internal
public record VersionStamp(long version, long commitMillis) {

    /** The values of the metadata columns, in the given order. */
    RowData metadataRow(List<ChangeMetadata> columns) {
        GenericRowData row = new GenericRowData(columns.size());
        for (int i = 0; i < columns.size(); i++) {
            row.setField(i, switch (columns.get(i)) {
                case VERSION -> version;
                case COMMIT_TIMESTAMP -> TimestampData.fromEpochMillis(commitMillis);
            });
        }
        return row;
    }
}
