/*
 * Copyright 2026 The Flink connector for DuckLake authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */

package dev.ducklake.flink.cdc.debezium;

import static dev.ducklake.flink.cdc.debezium.ConnectValueConverters.quote;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.types.logical.ArrayType;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.BooleanType;
import org.apache.flink.table.types.logical.DateType;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.DoubleType;
import org.apache.flink.table.types.logical.FloatType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LocalZonedTimestampType;
import org.apache.flink.table.types.logical.MapType;
import org.apache.flink.table.types.logical.SmallIntType;
import org.apache.flink.table.types.logical.TimeType;
import org.apache.flink.table.types.logical.TimestampType;
import org.apache.flink.table.types.logical.TinyIntType;
import org.apache.flink.table.types.logical.VarBinaryType;
import org.apache.flink.table.types.logical.VarCharType;

/**
 * Maps a Kafka Connect schema, as {@code JsonConverter} embeds it ({@code type}, {@code optional},
 * {@code name}, {@code parameters}, {@code fields}, {@code items}, {@code keys}, {@code values}),
 * to a Flink type and the converter of its values. The logical {@code name} decides where it is
 * known (see {@link DebeziumJsonDeserializationSchema} for the table); any other name falls back to
 * the Connect type. Unmappable schemas fail with a {@link ConnectDataException}.
 */
@Internal
final class ConnectSchemaMapper {

    /** The largest precision of Flink's DECIMAL. */
    static final int MAX_PRECISION = DecimalType.MAX_PRECISION;

    /** The scale of {@code io.debezium.data.VariableScaleDecimal} columns, as DECIMAL(38, 18). */
    static final int VARIABLE_SCALE = 18;

    private ConnectSchemaMapper() {}

    /** The converter of a struct schema's rows. */
    static StructConverter struct(JsonNode schema) {
        JsonNode fields = schema.get("fields");
        if (fields == null || !fields.isArray()) {
            throw new ConnectDataException(
                    "the struct schema has no \"fields\" array: " + quote(schema));
        }
        List<String> names = new ArrayList<>();
        List<ConnectType> types = new ArrayList<>();
        for (JsonNode field : fields) {
            JsonNode name = field.get("field");
            if (name == null || !name.isTextual()) {
                throw new ConnectDataException(
                        "a field of the struct schema has no \"field\" name: " + quote(field));
            }
            try {
                types.add(map(field));
            } catch (ConnectDataException e) {
                throw e.within(name.textValue());
            }
            names.add(name.textValue());
        }
        return new StructConverter(names, types);
    }

    /** The Flink type and converter of a schema; NOT NULL unless the schema is {@code optional}. */
    static ConnectType map(JsonNode schema) {
        ConnectType logical = logical(schema.path("name").asText(""), schema);
        ConnectType mapped = logical != null ? logical : physical(schema);
        return new ConnectType(
                mapped.type().copy(schema.path("optional").asBoolean(false)), mapped.converter());
    }

    private static ConnectType logical(String name, JsonNode schema) {
        return switch (name) {
            case "org.apache.kafka.connect.data.Decimal" -> decimal(schema.path("parameters"));
            case "io.debezium.data.VariableScaleDecimal" ->
                    new ConnectType(
                            new DecimalType(MAX_PRECISION, VARIABLE_SCALE),
                            ConnectValueConverters.variableScaleDecimal(
                                    MAX_PRECISION, VARIABLE_SCALE));
            case "io.debezium.time.Date", "org.apache.kafka.connect.data.Date" ->
                    new ConnectType(new DateType(), ConnectTemporalConverters.date(name));
            case "io.debezium.time.Time", "org.apache.kafka.connect.data.Time" -> time(name, 1);
            case "io.debezium.time.MicroTime" -> time(name, 1_000);
            case "io.debezium.time.NanoTime" -> time(name, 1_000_000);
            case "io.debezium.time.Timestamp", "org.apache.kafka.connect.data.Timestamp" ->
                    timestamp(name, 3, 1);
            case "io.debezium.time.MicroTimestamp" -> timestamp(name, 6, 1_000);
            case "io.debezium.time.NanoTimestamp" -> timestamp(name, 9, 1_000_000);
            case "io.debezium.time.ZonedTimestamp" ->
                    new ConnectType(
                            new LocalZonedTimestampType(6),
                            ConnectTemporalConverters.zonedTimestamp(name));
            default -> null;
        };
    }

    private static ConnectType physical(JsonNode schema) {
        String type = schema.path("type").asText("");
        return switch (type) {
            case "int8" -> new ConnectType(new TinyIntType(), ConnectValueConverters.int8());
            case "int16" -> new ConnectType(new SmallIntType(), ConnectValueConverters.int16());
            case "int32" -> new ConnectType(new IntType(), ConnectValueConverters.int32());
            case "int64" -> new ConnectType(new BigIntType(), ConnectValueConverters.int64());
            case "float" -> new ConnectType(new FloatType(), ConnectValueConverters.float32());
            case "double" -> new ConnectType(new DoubleType(), ConnectValueConverters.float64());
            case "boolean" -> new ConnectType(new BooleanType(), ConnectValueConverters.bool());
            case "string" ->
                    new ConnectType(VarCharType.STRING_TYPE, ConnectValueConverters.string());
            case "bytes" ->
                    new ConnectType(
                            new VarBinaryType(VarBinaryType.MAX_LENGTH),
                            ConnectValueConverters.bytes());
            case "array" -> {
                ConnectType element = map(child(schema, "items"));
                yield new ConnectType(
                        new ArrayType(element.type()), ConnectValueConverters.array(element));
            }
            case "map" -> {
                ConnectType keys = map(child(schema, "keys"));
                ConnectType values = map(child(schema, "values"));
                yield new ConnectType(
                        new MapType(keys.type(), values.type()),
                        ConnectValueConverters.map(keys, values));
            }
            case "struct" -> {
                StructConverter struct = struct(schema);
                yield new ConnectType(struct.rowType(), struct);
            }
            default ->
                    throw new ConnectDataException(
                            "the Connect schema "
                                    + quote(schema)
                                    + " has the type \""
                                    + type
                                    + "\", which has no Flink type");
        };
    }

    /**
     * {@code DECIMAL(p, s)}: {@code p} is {@code connect.decimal.precision}, at most 38 (absent, as
     * for MySQL's BIGINT UNSIGNED, or larger: 38, and each value is checked against it).
     */
    private static ConnectType decimal(JsonNode parameters) {
        int scale = intParameter(parameters, "scale", null);
        int declared = intParameter(parameters, "connect.decimal.precision", MAX_PRECISION);
        int precision = Math.min(declared, MAX_PRECISION);
        if (scale < 0 || precision < 1 || scale > precision) {
            throw new ConnectDataException(
                    "the Decimal with scale "
                            + scale
                            + " and precision "
                            + declared
                            + " has no Flink type: DECIMAL(p, s) needs 0 <= s <= p <= "
                            + MAX_PRECISION);
        }
        return new ConnectType(
                new DecimalType(precision, scale),
                ConnectValueConverters.decimal(precision, scale));
    }

    /**
     * TIME(3): Flink's TIME holds milliseconds, so finer times lose their sub-millisecond digits.
     */
    private static ConnectType time(String name, long unitsPerMilli) {
        return new ConnectType(
                new TimeType(3), ConnectTemporalConverters.timeOfDay(name, unitsPerMilli));
    }

    private static ConnectType timestamp(String name, int precision, long unitsPerMilli) {
        return new ConnectType(
                new TimestampType(precision),
                ConnectTemporalConverters.timestamp(name, unitsPerMilli));
    }

    private static int intParameter(JsonNode parameters, String name, Integer absent) {
        JsonNode value = parameters.get(name);
        if (value == null && absent != null) {
            return absent;
        }
        try {
            return Integer.parseInt(value == null ? "" : value.asText());
        } catch (NumberFormatException e) {
            throw new ConnectDataException(
                    "the Decimal parameter \""
                            + name
                            + "\" is "
                            + (value == null ? "missing" : quote(value))
                            + ", not an integer",
                    e);
        }
    }

    private static JsonNode child(JsonNode schema, String name) {
        JsonNode child = schema.get(name);
        if (child == null || !child.isObject()) {
            throw new ConnectDataException(
                    "the Connect schema " + quote(schema) + " has no \"" + name + "\" schema");
        }
        return child;
    }
}
