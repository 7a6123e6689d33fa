package dev.ducklake.flink.source.lookup;

import dev.ducklake.engine.read.RowFilter;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.flink.common.EngineSpec;
import dev.ducklake.flink.source.LakeFilter;
import java.io.Serializable;
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
        int batchSize)
        implements Serializable {

    public LookupSettings {
        keyColumns = List.copyOf(keyColumns);
    }

    public TableName tableName() {
        return TableName.parse(table);
    }

    /** The condition as the engine takes it: made in the task, since a RowFilter need not be serializable. */
    Optional<RowFilter> rowFilter() {
        return Optional.ofNullable(filter).map(LakeFilter::toRowFilter);
    }

    /** The positions of the key columns in the produced rows. */
    int[] keyPositions() {
        return keyColumns.stream().mapToInt(rowType.getFieldNames()::indexOf).toArray();
    }
}
