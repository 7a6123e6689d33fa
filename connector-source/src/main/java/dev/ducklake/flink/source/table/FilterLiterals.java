package dev.ducklake.flink.source.table;

import dev.ducklake.engine.schema.Identifiers;
import dev.ducklake.engine.schema.LakeType;
import dev.ducklake.engine.schema.LakeType.Primitive;
import dev.ducklake.flink.common.FlinkLakeTypes;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Optional;
import java.util.TimeZone;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.expressions.CallExpression;
import org.apache.flink.table.expressions.ResolvedExpression;
import org.apache.flink.table.expressions.ValueLiteralExpression;
import org.apache.flink.table.functions.BuiltInFunctionDefinitions;
import org.apache.flink.table.types.logical.DecimalType;
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

    private static final DateTimeFormatter DATE_TIME = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss.nnnnnnnnn");
    /** DuckDB's TIMESTAMP_NS holds the years 1678 to 2261 whole. */
    private static final LocalDateTime NS_MIN = LocalDateTime.of(1678, 1, 1, 0, 0);
    private static final LocalDateTime NS_MAX = LocalDateTime.of(2262, 1, 1, 0, 0);

    private final TimeZone sessionZone;

    FilterLiterals(ZoneId sessionZone) {
        this.sessionZone = TimeZone.getTimeZone(sessionZone);
    }

    /** The literal, or a cast of one, as SQL of the column's type, when it can be written exactly. */
    Optional<String> sql(ResolvedExpression expression, LakeType column) {
        return value(expression).flatMap(value -> sql(value, column));
    }

    /**
     * The value of a literal or of a cast of one, as Flink computes it: BigDecimal for exact numbers,
     * Float, Double, String, Boolean, LocalDate, LocalDateTime or Instant.
     */
    private Optional<Object> value(ResolvedExpression expression) {
        if (expression instanceof ValueLiteralExpression literal) {
            LogicalType type = literal.getOutputDataType().getLogicalType();
            return switch (type.getTypeRoot()) {
                case TINYINT, SMALLINT, INTEGER, BIGINT -> literal.getValueAs(Number.class)
                        .map(n -> BigDecimal.valueOf(n.longValue()));
                case DECIMAL -> literal.getValueAs(BigDecimal.class).map(v -> v);
                case FLOAT -> literal.getValueAs(Float.class).map(v -> v);
                case DOUBLE -> literal.getValueAs(Double.class).map(v -> v);
                case CHAR, VARCHAR -> literal.getValueAs(String.class).map(v -> v);
                case BOOLEAN -> literal.getValueAs(Boolean.class).map(v -> v);
                case DATE -> literal.getValueAs(LocalDate.class).map(v -> v);
                case TIMESTAMP_WITHOUT_TIME_ZONE -> literal.getValueAs(LocalDateTime.class).map(v -> v);
                case TIMESTAMP_WITH_LOCAL_TIME_ZONE -> literal.getValueAs(Instant.class).map(v -> v);
                default -> Optional.empty();
            };
        }
        if (expression instanceof CallExpression call && call.getFunctionDefinition() == BuiltInFunctionDefinitions.CAST
                && call.getResolvedChildren().size() == 1) {
            LogicalType target = call.getOutputDataType().getLogicalType();
            return value(call.getResolvedChildren().get(0)).flatMap(value -> cast(value, target));
        }
        return Optional.empty();
    }

    /** Flink's cast of the value, when it keeps the value as it is (or is a conversion to DOUBLE or LTZ). */
    private Optional<Object> cast(Object value, LogicalType target) {
        return switch (target.getTypeRoot()) {
            case TINYINT, SMALLINT, INTEGER, BIGINT, DECIMAL -> value instanceof BigDecimal exact
                    && fitsExactly(exact, target) ? Optional.of(exact) : Optional.empty();
            case DOUBLE -> value instanceof BigDecimal exact ? Optional.of(exact.doubleValue())
                    : value instanceof Float f ? Optional.of((double) f)
                    : value instanceof Double ? Optional.of(value) : Optional.empty();
            case FLOAT -> value instanceof Float ? Optional.of(value) : Optional.empty();
            case CHAR -> value instanceof String s && s.length() == LogicalTypeChecks.getLength(target)
                    ? Optional.of(s) : Optional.empty();
            case VARCHAR -> value instanceof String s && s.length() <= LogicalTypeChecks.getLength(target)
                    ? Optional.of(s) : Optional.empty();
            case TIMESTAMP_WITHOUT_TIME_ZONE -> value instanceof LocalDateTime t
                    && fitsPrecision(t.getNano(), LogicalTypeChecks.getPrecision(target))
                    ? Optional.of(t) : Optional.empty();
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE -> instant(value)
                    .filter(i -> fitsPrecision(i.getNano(), LogicalTypeChecks.getPrecision(target))).map(i -> i);
            case BOOLEAN -> value instanceof Boolean ? Optional.of(value) : Optional.empty();
            case DATE -> value instanceof LocalDate ? Optional.of(value) : Optional.empty();
            default -> Optional.empty();
        };
    }

    /** An instant, or a timestamp taken in the session time zone as Flink's cast to TIMESTAMP_LTZ does. */
    private Optional<Instant> instant(Object value) {
        if (value instanceof LocalDateTime t) {
            return Optional.of(DateTimeUtils.timestampToTimestampWithLocalZone(TimestampData.fromLocalDateTime(t),
                    sessionZone).toInstant());
        }
        return value instanceof Instant i ? Optional.of(i) : Optional.empty();
    }

    /** The value as SQL of the column's DuckDB type, when that type holds it exactly. */
    private static Optional<String> sql(Object value, LakeType column) {
        if (column instanceof LakeType.Decimal decimal) {
            return value instanceof BigDecimal exact && fitsExactly(exact, new DecimalType(decimal.precision(),
                    decimal.scale())) ? typed(exact.toPlainString(), column) : Optional.empty();
        }
        if (!(column instanceof Primitive primitive)) {
            return Optional.empty();
        }
        return switch (primitive) {
            case TINYINT, SMALLINT, INTEGER, BIGINT -> value instanceof BigDecimal exact
                    && fitsInteger(exact, primitive)
                    ? typed(exact.toBigIntegerExact().toString(), column) : Optional.empty();
            case DOUBLE -> asDouble(value).filter(d -> !d.isNaN() && !d.isInfinite())
                    .flatMap(d -> typed(d.toString(), column));
            case FLOAT -> asDouble(value).filter(d -> !d.isNaN() && !d.isInfinite() && (double) d.floatValue() == d)
                    .flatMap(d -> typed(Float.toString(d.floatValue()), column));
            case VARCHAR -> value instanceof String s && s.indexOf('\0') < 0 ? Optional.of(Identifiers.literal(s))
                    : Optional.empty();
            case BOOLEAN -> value instanceof Boolean b ? Optional.of(b ? "TRUE" : "FALSE") : Optional.empty();
            case DATE -> value instanceof LocalDate d && d.getYear() >= 1 && d.getYear() <= 9999
                    ? typed(d.toString(), column) : Optional.empty();
            case TIMESTAMP_S, TIMESTAMP_MS, TIMESTAMP, TIMESTAMP_NS -> value instanceof LocalDateTime t
                    && fitsPrecision(t.getNano(), digits(primitive)) && inRange(t, primitive)
                    ? typed(DATE_TIME.format(t), column) : Optional.empty();
            case TIMESTAMPTZ -> value instanceof Instant i && fitsPrecision(i.getNano(), 6)
                    && inRange(LocalDateTime.ofInstant(i, ZoneOffset.UTC), Primitive.TIMESTAMP)
                    ? typed(DATE_TIME.format(LocalDateTime.ofInstant(i, ZoneOffset.UTC)) + "+00", column)
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
        if (value instanceof BigDecimal exact && new BigDecimal(exact.doubleValue()).compareTo(exact) == 0) {
            return Optional.of(exact.doubleValue());
        }
        return Optional.empty();
    }

    private static boolean fitsExactly(BigDecimal value, LogicalType type) {
        if (type instanceof DecimalType decimal) {
            BigDecimal stripped = value.stripTrailingZeros();
            int scale = Math.max(stripped.scale(), 0);
            return scale <= decimal.getScale()
                    && stripped.precision() - stripped.scale() <= decimal.getPrecision() - decimal.getScale();
        }
        return fitsInteger(value, switch (type.getTypeRoot()) {
            case TINYINT -> Primitive.TINYINT;
            case SMALLINT -> Primitive.SMALLINT;
            case INTEGER -> Primitive.INTEGER;
            default -> Primitive.BIGINT;
        });
    }

    private static boolean fitsInteger(BigDecimal value, Primitive type) {
        long bound = switch (type) {
            case TINYINT -> Byte.MAX_VALUE;
            case SMALLINT -> Short.MAX_VALUE;
            case INTEGER -> Integer.MAX_VALUE;
            default -> Long.MAX_VALUE;
        };
        return value.stripTrailingZeros().scale() <= 0 && value.compareTo(BigDecimal.valueOf(-bound - 1)) >= 0
                && value.compareTo(BigDecimal.valueOf(bound)) <= 0;
    }

    private static boolean fitsPrecision(int nanos, int digits) {
        return nanos % (int) Math.pow(10, 9 - digits) == 0;
    }

    /** The fractional digits of a timestamp column, as the Flink type it maps to has them. */
    private static int digits(Primitive timestamp) {
        return LogicalTypeChecks.getPrecision(FlinkLakeTypes.toFlink(timestamp));
    }

    private static boolean inRange(LocalDateTime value, Primitive timestamp) {
        return timestamp == Primitive.TIMESTAMP_NS ? !value.isBefore(NS_MIN) && value.isBefore(NS_MAX)
                : value.getYear() >= 1 && value.getYear() <= 9999;
    }
}
