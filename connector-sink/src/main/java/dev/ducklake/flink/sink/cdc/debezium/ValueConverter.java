package dev.ducklake.flink.sink.cdc.debezium;

import com.fasterxml.jackson.databind.JsonNode;
import org.apache.flink.annotation.Internal;

/** Turns the JSON of one non-null Kafka Connect value into Flink's internal data structure. */
@Internal
@FunctionalInterface
interface ValueConverter {

    /**
     * The Flink internal value ({@code StringData}, {@code DecimalData}, {@code Integer} days, ...).
     *
     * @throws ConnectDataException if the JSON value does not fit the type
     */
    Object convert(JsonNode value);
}
