package dev.ducklake.flink.sink.cdc.debezium;

import com.fasterxml.jackson.databind.JsonNode;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.types.logical.LogicalType;

/**
 * The Flink type a Kafka Connect schema maps to (its nullability is the schema's {@code optional})
 * and the converter of its values.
 */
@Internal
record ConnectType(LogicalType type, ValueConverter converter) {

    /** The Flink value of a JSON value that may be null or absent; null fails for a NOT NULL type. */
    Object read(JsonNode value) {
        if (value == null || value.isNull()) {
            if (type.isNullable()) {
                return null;
            }
            throw new ConnectDataException("the value is null, but the column is " + type.asSummaryString());
        }
        return converter.convert(value);
    }
}
