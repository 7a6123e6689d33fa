package dev.ducklake.flink.source;

import dev.ducklake.engine.schema.Column;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.schema.TableSchema;
import dev.ducklake.flink.common.FlinkLakeTypes;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.types.logical.RowType;

/** Checks that a Flink row type can be read from a DuckLake table, column by column. */
@Internal
public final class ReadableColumns {

    private ReadableColumns() {}

    /** Returns the row type, or fails naming the first column that the table lacks or cannot give. */
    public static RowType check(TableName table, TableSchema schema, RowType rowType) {
        for (RowType.RowField field : rowType.getFields()) {
            int position = schema.positionOf(field.getName());
            String problem = null;
            if (position < 0) {
                problem = "the table has no column '" + field.getName() + "'";
            } else {
                Column column = schema.column(position);
                if (!FlinkLakeTypes.readableAs(column.type(), field.getType())) {
                    problem = "column '" + column.name() + "' is " + column.type().sql() + ", which cannot be read as "
                            + field.getType().asSummaryString();
                }
            }
            if (problem != null) {
                throw new ValidationException("The DuckLake table " + table + " cannot be read as " + rowType.asSummaryString()
                        + ": " + problem + ". The table is " + schema);
            }
        }
        return rowType;
    }
}
