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

package dev.ducklake.flink.source;

import dev.ducklake.engine.schema.Identifiers;
import dev.ducklake.engine.schema.LakeType;
import dev.ducklake.engine.schema.LakeType.Primitive;
import dev.ducklake.flink.common.FlinkLakeTypes;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Optional;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.utils.LogicalTypeChecks;

/**
 * Writes a value as a DuckDB literal of a column's own DuckDB type, when that type holds the value
 * exactly: values are BigDecimal for exact numbers, Float, Double, String, Boolean, LocalDate,
 * LocalDateTime or Instant. Pushed-down filters and lookup keys are written with it.
 */
@Internal
public final class LakeLiterals {

    private static final DateTimeFormatter DATE_TIME =
            DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss.nnnnnnnnn");

    /** DuckDB's TIMESTAMP_NS holds the years 1678 to 2261 whole. */
    private static final LocalDateTime NS_MIN = LocalDateTime.of(1678, 1, 1, 0, 0);

    private static final LocalDateTime NS_MAX = LocalDateTime.of(2262, 1, 1, 0, 0);

    private LakeLiterals() {}

    /** The value as SQL of the column's DuckDB type, when that type holds it exactly. */
    public static Optional<String> sql(Object value, LakeType column) {
        if (column instanceof LakeType.Decimal decimal) {
            return value instanceof BigDecimal exact
                            && fitsExactly(
                                    exact, new DecimalType(decimal.precision(), decimal.scale()))
                    ? typed(exact.toPlainString(), column)
                    : Optional.empty();
        }
        if (!(column instanceof Primitive primitive)) {
            return Optional.empty();
        }
        return switch (primitive) {
            case TINYINT, SMALLINT, INTEGER, BIGINT ->
                    value instanceof BigDecimal exact && fitsInteger(exact, primitive)
                            ? typed(exact.toBigIntegerExact().toString(), column)
                            : Optional.empty();
            case DOUBLE ->
                    asDouble(value)
                            .filter(d -> !d.isNaN() && !d.isInfinite())
                            .flatMap(d -> typed(d.toString(), column));
            case FLOAT ->
                    asDouble(value)
                            .filter(
                                    d ->
                                            !d.isNaN()
                                                    && !d.isInfinite()
                                                    && (double) d.floatValue() == d)
                            .flatMap(d -> typed(Float.toString(d.floatValue()), column));
            case VARCHAR ->
                    value instanceof String s && s.indexOf('\0') < 0
                            ? Optional.of(Identifiers.literal(s))
                            : Optional.empty();
            case BOOLEAN ->
                    value instanceof Boolean b
                            ? Optional.of(b ? "TRUE" : "FALSE")
                            : Optional.empty();
            case DATE ->
                    value instanceof LocalDate d && d.getYear() >= 1 && d.getYear() <= 9999
                            ? typed(d.toString(), column)
                            : Optional.empty();
            case TIMESTAMP_S, TIMESTAMP_MS, TIMESTAMP, TIMESTAMP_NS ->
                    value instanceof LocalDateTime t
                                    && fitsPrecision(t.getNano(), digits(primitive))
                                    && inRange(t, primitive)
                            ? typed(DATE_TIME.format(t), column)
                            : Optional.empty();
            case TIMESTAMPTZ ->
                    value instanceof Instant i
                                    && fitsPrecision(i.getNano(), 6)
                                    && inRange(
                                            LocalDateTime.ofInstant(i, ZoneOffset.UTC),
                                            Primitive.TIMESTAMP)
                            ? typed(
                                    DATE_TIME.format(LocalDateTime.ofInstant(i, ZoneOffset.UTC))
                                            + "+00",
                                    column)
                            : Optional.empty();
            default -> Optional.empty();
        };
    }

    private static Optional<String> typed(String text, LakeType column) {
        return Optional.of("CAST(" + Identifiers.literal(text) + " AS " + column.sql() + ")");
    }

    /** A float, a double, or an exact number a double holds exactly. */
    private static Optional<Double> asDouble(Object value) {
        if (value instanceof Double d) {
            return Optional.of(d);
        }
        if (value instanceof Float f) {
            return Optional.of((double) f);
        }
        if (value instanceof BigDecimal exact
                && new BigDecimal(exact.doubleValue()).compareTo(exact) == 0) {
            return Optional.of(exact.doubleValue());
        }
        return Optional.empty();
    }

    /** Whether an exact number fits the integer or decimal type without rounding. */
    public static boolean fitsExactly(BigDecimal value, LogicalType type) {
        if (type instanceof DecimalType decimal) {
            BigDecimal stripped = value.stripTrailingZeros();
            int scale = Math.max(stripped.scale(), 0);
            return scale <= decimal.getScale()
                    && stripped.precision() - stripped.scale()
                            <= decimal.getPrecision() - decimal.getScale();
        }
        return fitsInteger(
                value,
                switch (type.getTypeRoot()) {
                    case TINYINT -> Primitive.TINYINT;
                    case SMALLINT -> Primitive.SMALLINT;
                    case INTEGER -> Primitive.INTEGER;
                    default -> Primitive.BIGINT;
                });
    }

    private static boolean fitsInteger(BigDecimal value, Primitive type) {
        long bound =
                switch (type) {
                    case TINYINT -> Byte.MAX_VALUE;
                    case SMALLINT -> Short.MAX_VALUE;
                    case INTEGER -> Integer.MAX_VALUE;
                    default -> Long.MAX_VALUE;
                };
        return value.stripTrailingZeros().scale() <= 0
                && value.compareTo(BigDecimal.valueOf(-bound - 1)) >= 0
                && value.compareTo(BigDecimal.valueOf(bound)) <= 0;
    }

    /** Whether a fraction of a second in nanoseconds has at most {@code digits} decimal digits. */
    public static boolean fitsPrecision(int nanos, int digits) {
        return nanos % (int) Math.pow(10, 9 - digits) == 0;
    }

    /** The fractional digits of a timestamp column, as the Flink type it maps to has them. */
    private static int digits(Primitive timestamp) {
        return LogicalTypeChecks.getPrecision(FlinkLakeTypes.toFlink(timestamp));
    }

    private static boolean inRange(LocalDateTime value, Primitive timestamp) {
        return timestamp == Primitive.TIMESTAMP_NS
                ? !value.isBefore(NS_MIN) && value.isBefore(NS_MAX)
                : value.getYear() >= 1 && value.getYear() <= 9999;
    }
}
