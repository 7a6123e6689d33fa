package dev.ducklake.flink.sink;

import java.io.Serializable;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.data.RowData;

/**
 * Turns a user's record into Flink's internal {@link RowData} with the fields of the sink's row
 * type, in order. The row's {@link org.apache.flink.types.RowKind} says whether it is an insert,
 * an update or a delete.
 *
 * <pre>{@code
 * RowDataConverter<Order> converter = order -> GenericRowData.of(
 *         StringData.fromString(order.id()), DecimalData.fromBigDecimal(order.amount(), 12, 2));
 * }</pre>
 */
@PublicEvolving
@FunctionalInterface
public interface RowDataConverter<T> extends Serializable {

    RowData convert(T record);

    /** The converter of a sink whose records already are {@link RowData}. */
    static RowDataConverter<RowData> identity() {
        return record -> record;
    }
}
