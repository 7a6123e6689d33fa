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

package dev.ducklake.flink.source.table;

import dev.ducklake.engine.schema.LakeType;
import dev.ducklake.flink.source.LakeLiterals;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.Optional;
import java.util.TimeZone;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.expressions.CallExpression;
import org.apache.flink.table.expressions.ResolvedExpression;
import org.apache.flink.table.expressions.ValueLiteralExpression;
import org.apache.flink.table.functions.BuiltInFunctionDefinitions;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.utils.LogicalTypeChecks;
import org.apache.flink.table.utils.DateTimeUtils;

/**
 * Writes a filter's literal as DuckDB SQL of the compared column's own DuckDB type, so that DuckDB
 * compares the column with exactly the value Flink compares it with. The value is the one Flink
 * computes: a cast of a literal is evaluated here, a timestamp cast to {@code TIMESTAMP_LTZ} in the
 * session time zone, as Flink does. A value that the column's type cannot hold exactly (nanoseconds
 * for a microsecond column, a fraction for an integer column, NaN), or a cast that would round,
 * truncate or pad, gives no literal, and the filter is left to Flink.
 */
@Internal
final class FilterLiterals {

    private final TimeZone sessionZone;

    FilterLiterals(ZoneId sessionZone) {
        this.sessionZone = TimeZone.getTimeZone(sessionZone);
    }

    /**
     * The literal, or a cast of one, as SQL of the column's type, when it can be written exactly.
     */
    Optional<String> sql(ResolvedExpression expression, LakeType column) {
        return value(expression).flatMap(value -> LakeLiterals.sql(value, column));
    }

    /**
     * The value of a literal or of a cast of one, as Flink computes it: BigDecimal for exact
     * numbers, Float, Double, String, Boolean, LocalDate, LocalDateTime or Instant.
     */
    private Optional<Object> value(ResolvedExpression expression) {
        if (expression instanceof ValueLiteralExpression literal) {
            LogicalType type = literal.getOutputDataType().getLogicalType();
            return switch (type.getTypeRoot()) {
                case TINYINT, SMALLINT, INTEGER, BIGINT ->
                        literal.getValueAs(Number.class)
                                .map(n -> BigDecimal.valueOf(n.longValue()));
                case DECIMAL -> literal.getValueAs(BigDecimal.class).map(v -> v);
                case FLOAT -> literal.getValueAs(Float.class).map(v -> v);
                case DOUBLE -> literal.getValueAs(Double.class).map(v -> v);
                case CHAR, VARCHAR -> literal.getValueAs(String.class).map(v -> v);
                case BOOLEAN -> literal.getValueAs(Boolean.class).map(v -> v);
                case DATE -> literal.getValueAs(LocalDate.class).map(v -> v);
                case TIMESTAMP_WITHOUT_TIME_ZONE ->
                        literal.getValueAs(LocalDateTime.class).map(v -> v);
                case TIMESTAMP_WITH_LOCAL_TIME_ZONE ->
                        literal.getValueAs(Instant.class).map(v -> v);
                default -> Optional.empty();
            };
        }
        if (expression instanceof CallExpression call
                && call.getFunctionDefinition() == BuiltInFunctionDefinitions.CAST
                && call.getResolvedChildren().size() == 1) {
            LogicalType target = call.getOutputDataType().getLogicalType();
            return value(call.getResolvedChildren().get(0)).flatMap(value -> cast(value, target));
        }
        return Optional.empty();
    }

    /**
     * Flink's cast of the value, when it keeps the value as it is (or is a conversion to DOUBLE or
     * LTZ).
     */
    private Optional<Object> cast(Object value, LogicalType target) {
        return switch (target.getTypeRoot()) {
            case TINYINT, SMALLINT, INTEGER, BIGINT, DECIMAL ->
                    value instanceof BigDecimal exact && LakeLiterals.fitsExactly(exact, target)
                            ? Optional.of(exact)
                            : Optional.empty();
            case DOUBLE ->
                    value instanceof BigDecimal exact
                            ? Optional.of(exact.doubleValue())
                            : value instanceof Float f
                                    ? Optional.of((double) f)
                                    : value instanceof Double
                                            ? Optional.of(value)
                                            : Optional.empty();
            case FLOAT -> value instanceof Float ? Optional.of(value) : Optional.empty();
            case CHAR ->
                    value instanceof String s && s.length() == LogicalTypeChecks.getLength(target)
                            ? Optional.of(s)
                            : Optional.empty();
            case VARCHAR ->
                    value instanceof String s && s.length() <= LogicalTypeChecks.getLength(target)
                            ? Optional.of(s)
                            : Optional.empty();
            case TIMESTAMP_WITHOUT_TIME_ZONE ->
                    value instanceof LocalDateTime t
                                    && LakeLiterals.fitsPrecision(
                                            t.getNano(), LogicalTypeChecks.getPrecision(target))
                            ? Optional.of(t)
                            : Optional.empty();
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE ->
                    instant(value)
                            .filter(
                                    i ->
                                            LakeLiterals.fitsPrecision(
                                                    i.getNano(),
                                                    LogicalTypeChecks.getPrecision(target)))
                            .map(i -> i);
            case BOOLEAN -> value instanceof Boolean ? Optional.of(value) : Optional.empty();
            case DATE -> value instanceof LocalDate ? Optional.of(value) : Optional.empty();
            default -> Optional.empty();
        };
    }

    /**
     * An instant, or a timestamp taken in the session time zone as Flink's cast to TIMESTAMP_LTZ
     * does.
     */
    private Optional<Instant> instant(Object value) {
        if (value instanceof LocalDateTime t) {
            return Optional.of(
                    DateTimeUtils.timestampToTimestampWithLocalZone(
                                    TimestampData.fromLocalDateTime(t), sessionZone)
                            .toInstant());
        }
        return value instanceof Instant i ? Optional.of(i) : Optional.empty();
    }
}
