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

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.GenericArrayData;
import org.apache.flink.table.data.GenericMapData;
import org.apache.flink.table.data.StringData;

/**
 * Converters of Kafka Connect JSON values (as {@code JsonConverter} writes them) into Flink's
 * internal data structures: numbers, booleans, strings, base64 bytes, decimals, arrays and maps.
 * Every converter checks its value and fails with a {@link ConnectDataException} that quotes it.
 */
@Internal
final class ConnectValueConverters {

    private static final int MAX_QUOTED = 100;

    private ConnectValueConverters() {}

    static ValueConverter int8() {
        return value -> (byte) integral(value, "int8", Byte.MIN_VALUE, Byte.MAX_VALUE);
    }

    static ValueConverter int16() {
        return value -> (short) integral(value, "int16", Short.MIN_VALUE, Short.MAX_VALUE);
    }

    static ValueConverter int32() {
        return value -> (int) integral(value, "int32", Integer.MIN_VALUE, Integer.MAX_VALUE);
    }

    static ValueConverter int64() {
        return value -> integral(value, "int64", Long.MIN_VALUE, Long.MAX_VALUE);
    }

    /** A float32: a JSON number, or {@code "NaN"}, {@code "Infinity"} or {@code "-Infinity"}. */
    static ValueConverter float32() {
        return value -> value.isNumber() ? value.floatValue() : (float) nonFinite(value, "float");
    }

    /** A float64: a JSON number, or {@code "NaN"}, {@code "Infinity"} or {@code "-Infinity"}. */
    static ValueConverter float64() {
        return value -> value.isNumber() ? value.doubleValue() : nonFinite(value, "double");
    }

    static ValueConverter bool() {
        return value -> {
            if (!value.isBoolean()) {
                throw mismatch(value, "boolean");
            }
            return value.booleanValue();
        };
    }

    static ValueConverter string() {
        return value -> {
            if (!value.isTextual()) {
                throw mismatch(value, "string");
            }
            return StringData.fromString(value.textValue());
        };
    }

    /** Bytes, which JSON carries in base64. */
    static ValueConverter bytes() {
        return value -> base64(value, "bytes");
    }

    /**
     * An {@code org.apache.kafka.connect.data.Decimal}: base64 of the big-endian two's-complement
     * unscaled value, or a JSON number ({@code decimal.format=NUMERIC}); the value must fit {@code
     * DECIMAL(precision, scale)} without rounding.
     */
    static ValueConverter decimal(int precision, int scale) {
        return value -> {
            BigDecimal decimal;
            if (value.isTextual()) {
                decimal = new BigDecimal(unscaled(value, "Decimal"), scale);
            } else if (value.isNumber()) {
                decimal = value.decimalValue();
            } else {
                throw mismatch(value, "Decimal (base64 or a number)");
            }
            return fit(value, decimal, precision, scale);
        };
    }

    /**
     * An {@code io.debezium.data.VariableScaleDecimal}, {@code {"scale": int, "value": base64}}, as
     * {@code DECIMAL(precision, scale)}: values with more digits fail rather than being rounded.
     */
    static ValueConverter variableScaleDecimal(int precision, int scale) {
        return value -> {
            JsonNode valueScale = value.get("scale");
            JsonNode unscaled = value.get("value");
            if (!value.isObject()
                    || valueScale == null
                    || !valueScale.canConvertToInt()
                    || !valueScale.isIntegralNumber()
                    || unscaled == null
                    || !unscaled.isTextual()) {
                throw mismatch(
                        value, "VariableScaleDecimal ({\"scale\": int32, \"value\": base64})");
            }
            return fit(
                    value,
                    new BigDecimal(
                            unscaled(unscaled, "VariableScaleDecimal"), valueScale.intValue()),
                    precision,
                    scale);
        };
    }

    static ValueConverter array(ConnectType element) {
        return value -> {
            if (!value.isArray()) {
                throw mismatch(value, "array");
            }
            Object[] elements = new Object[value.size()];
            for (int i = 0; i < elements.length; i++) {
                try {
                    elements[i] = element.read(value.get(i));
                } catch (ConnectDataException e) {
                    throw e.within("[" + i + "]");
                }
            }
            return new GenericArrayData(elements);
        };
    }

    /**
     * A map: a JSON object when its keys are strings, else an array of {@code [key, value]} pairs.
     */
    static ValueConverter map(ConnectType keys, ConnectType values) {
        return value -> {
            Map<Object, Object> entries = new LinkedHashMap<>();
            if (value.isObject()) {
                for (Map.Entry<String, JsonNode> entry : value.properties()) {
                    try {
                        entries.put(
                                keys.read(TextNode.valueOf(entry.getKey())),
                                values.read(entry.getValue()));
                    } catch (ConnectDataException e) {
                        throw e.within("[" + entry.getKey() + "]");
                    }
                }
            } else if (value.isArray()) {
                for (int i = 0; i < value.size(); i++) {
                    JsonNode pair = value.get(i);
                    if (!pair.isArray() || pair.size() != 2) {
                        throw mismatch(pair, "[key, value] pair of a map").within("[" + i + "]");
                    }
                    try {
                        entries.put(keys.read(pair.get(0)), values.read(pair.get(1)));
                    } catch (ConnectDataException e) {
                        throw e.within("[" + i + "]");
                    }
                }
            } else {
                throw mismatch(value, "map (an object or an array of [key, value] pairs)");
            }
            return new GenericMapData(entries);
        };
    }

    /** An integral JSON number within {@code [min, max]}. */
    static long integral(JsonNode value, String type, long min, long max) {
        if (!value.isIntegralNumber()
                || !value.canConvertToLong()
                || value.longValue() < min
                || value.longValue() > max) {
            throw mismatch(value, type);
        }
        return value.longValue();
    }

    static ConnectDataException mismatch(JsonNode value, String type) {
        return new ConnectDataException("cannot read " + quote(value) + " as " + type);
    }

    /** The JSON text of a value, shortened to 100 characters. */
    static String quote(JsonNode value) {
        String text = value.toString();
        return text.length() <= MAX_QUOTED ? text : text.substring(0, MAX_QUOTED) + "...";
    }

    private static double nonFinite(JsonNode value, String type) {
        return switch (value.isTextual() ? value.textValue() : "") {
            case "NaN" -> Double.NaN;
            case "Infinity" -> Double.POSITIVE_INFINITY;
            case "-Infinity" -> Double.NEGATIVE_INFINITY;
            default -> throw mismatch(value, type);
        };
    }

    private static byte[] base64(JsonNode value, String type) {
        if (!value.isTextual()) {
            throw mismatch(value, type + " (base64)");
        }
        try {
            return Base64.getDecoder().decode(value.textValue());
        } catch (IllegalArgumentException e) {
            throw new ConnectDataException(
                    "cannot read " + quote(value) + " as " + type + ": it is not base64", e);
        }
    }

    private static BigInteger unscaled(JsonNode value, String type) {
        byte[] bytes = base64(value, type);
        if (bytes.length == 0) {
            throw mismatch(value, type + ": it has no bytes");
        }
        return new BigInteger(bytes);
    }

    /**
     * The decimal as {@code DECIMAL(precision, scale)}; fails rather than rounding or overflowing.
     */
    private static DecimalData fit(JsonNode value, BigDecimal decimal, int precision, int scale) {
        BigDecimal scaled;
        try {
            scaled = decimal.setScale(scale, RoundingMode.UNNECESSARY);
        } catch (ArithmeticException e) {
            throw new ConnectDataException(
                    "the value "
                            + decimal.toPlainString()
                            + " ("
                            + quote(value)
                            + ") has more than "
                            + scale
                            + " digits after the point",
                    e);
        }
        DecimalData data = DecimalData.fromBigDecimal(scaled, precision, scale);
        if (data == null) {
            throw new ConnectDataException(
                    "the value "
                            + decimal.toPlainString()
                            + " ("
                            + quote(value)
                            + ") does not fit DECIMAL("
                            + precision
                            + ", "
                            + scale
                            + ")");
        }
        return data;
    }
}
