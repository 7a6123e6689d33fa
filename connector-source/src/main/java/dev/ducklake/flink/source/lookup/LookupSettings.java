package dev.ducklake.flink.source.lookup;

import dev.ducklake.engine.schema.TableName;
import dev.ducklake.flink.common.EngineSpec;
import java.io.Serializable;
import java.time.Duration;
import java.util.List;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.types.logical.RowType;

/**
 * What a lookup function reads, fixed when the job is planned.
 *
 * @param rowType the produced rows: the read columns, in order, with their Flink types
 * @param keyColumns the columns a lookup matches on, in the order of the lookup's key row
 * @param maxRetries how often a failed query is tried again before the lookup fails
 * @param maxBatchKeys the most keys one query looks up
 * @param reloadInterval how old the version a full cache holds may be when it answers a lookup
 */
@Internal
public record LookupSettings(
        EngineSpec engine,
        String table,
        RowType rowType,
        List<String> keyColumns,
        int maxRetries,
        int maxBatchKeys,
        Duration reloadInterval)
        implements Serializable {

    public LookupSettings {
        keyColumns = List.copyOf(keyColumns);
    }

    public TableName tableName() {
        return TableName.parse(table);
    }

    /** The positions of the key columns in the produced rows. */
    int[] keyPositions() {
        return keyColumns.stream().mapToInt(rowType.getFieldNames()::indexOf).toArray();
    }
}
