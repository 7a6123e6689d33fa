package dev.ducklake.flink.sink.cdc.debezium;

import dev.ducklake.flink.sink.cdc.ChangeSchema;
import java.util.List;
import org.apache.flink.annotation.Internal;

/**
 * The rows of one envelope schema: the converter of its {@code before}/{@code after} struct, and the
 * {@link ChangeSchema} last made of it, which records with the same primary key share.
 */
@Internal
final class RowSchema {

    private final StructConverter rows;
    private ChangeSchema last;

    RowSchema(StructConverter rows) {
        this.rows = rows;
    }

    StructConverter rows() {
        return rows;
    }

    /**
     * The change schema with the given primary key.
     *
     * @throws IllegalArgumentException if a key column is not a column of the rows
     */
    ChangeSchema withKey(List<String> primaryKey) {
        if (last == null || !last.primaryKey().equals(primaryKey)) {
            last = ChangeSchema.of(rows.rowType(), primaryKey);
        }
        return last;
    }
}
