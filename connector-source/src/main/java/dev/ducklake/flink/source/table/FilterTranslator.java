package dev.ducklake.flink.source.table;

import dev.ducklake.engine.schema.Identifiers;
import dev.ducklake.flink.common.FlinkLakeTypes;
import dev.ducklake.flink.source.LakeFilter;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.expressions.CallExpression;
import org.apache.flink.table.expressions.FieldReferenceExpression;
import org.apache.flink.table.expressions.ResolvedExpression;
import org.apache.flink.table.expressions.ValueLiteralExpression;
import org.apache.flink.table.functions.BuiltInFunctionDefinitions;
import org.apache.flink.table.functions.FunctionDefinition;
import org.apache.flink.table.types.logical.CharType;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.LogicalType;

/**
 * Translates the Flink filters DuckDB can evaluate the same way into {@link LakeFilter}s:
 * comparisons of a column with a literal, {@code IS [NOT] NULL}, and {@code AND}, {@code OR} and
 * {@code NOT} of those. Literals are numbers, strings, booleans, decimals, dates and timestamps.
 */
@Internal
final class FilterTranslator {

    private static final Map<FunctionDefinition, String> COMPARISONS = Map.of(
            BuiltInFunctionDefinitions.EQUALS, "=",
            BuiltInFunctionDefinitions.NOT_EQUALS, "<>",
            BuiltInFunctionDefinitions.LESS_THAN, "<",
            BuiltInFunctionDefinitions.LESS_THAN_OR_EQUAL, "<=",
            BuiltInFunctionDefinitions.GREATER_THAN, ">",
            BuiltInFunctionDefinitions.GREATER_THAN_OR_EQUAL, ">=");

    private static final Map<String, String> MIRRORED = Map.of("=", "=", "<>", "<>", "<", ">", "<=", ">=", ">", "<",
            ">=", "<=");

    private FilterTranslator() {}

    static Optional<LakeFilter> translate(ResolvedExpression expression) {
        if (!(expression instanceof CallExpression call)) {
            return Optional.empty();
        }
        FunctionDefinition function = call.getFunctionDefinition();
        List<ResolvedExpression> args = call.getResolvedChildren();
        String operator = COMPARISONS.get(function);
        if (operator != null && args.stream().anyMatch(a -> a.getOutputDataType().getLogicalType() instanceof CharType)) {
            // DuckDB compares the VARCHAR a CHAR(n) column is stored as without Flink's padding.
            return Optional.empty();
        }
        if (operator != null && args.size() == 2) {
            if (args.get(0) instanceof FieldReferenceExpression field) {
                return literal(args.get(1)).map(sql -> new LakeFilter.Compare(field.getName(), operator, sql));
            }
            if (args.get(1) instanceof FieldReferenceExpression field) {
                return literal(args.get(0)).map(sql -> new LakeFilter.Compare(field.getName(), MIRRORED.get(operator), sql));
            }
            return Optional.empty();
        }
        if ((function == BuiltInFunctionDefinitions.IS_NULL || function == BuiltInFunctionDefinitions.IS_NOT_NULL)
                && args.size() == 1 && args.get(0) instanceof FieldReferenceExpression field) {
            return Optional.of(new LakeFilter.IsNull(field.getName(), function == BuiltInFunctionDefinitions.IS_NOT_NULL));
        }
        if (function == BuiltInFunctionDefinitions.NOT && args.size() == 1) {
            return translate(args.get(0)).map(LakeFilter.Not::new);
        }
        if (function == BuiltInFunctionDefinitions.AND || function == BuiltInFunctionDefinitions.OR) {
            List<LakeFilter> parts = new ArrayList<>();
            for (ResolvedExpression arg : args) {
                Optional<LakeFilter> part = translate(arg);
                if (part.isEmpty()) {
                    return Optional.empty();
                }
                parts.add(part.get());
            }
            return Optional.of(function == BuiltInFunctionDefinitions.AND ? new LakeFilter.And(parts)
                    : new LakeFilter.Or(parts));
        }
        return Optional.empty();
    }

    /**
     * A literal, or a literal cast to another type (as the planner writes {@code amount >= 10} for a
     * decimal column), as DuckDB SQL of the same type.
     */
    private static Optional<String> literal(ResolvedExpression expression) {
        if (expression instanceof ValueLiteralExpression value) {
            return literal(value);
        }
        if (expression instanceof CallExpression call && call.getFunctionDefinition() == BuiltInFunctionDefinitions.CAST
                && call.getResolvedChildren().get(0) instanceof ValueLiteralExpression value) {
            LogicalType target = call.getOutputDataType().getLogicalType();
            try {
                String type = FlinkLakeTypes.toLake("literal", target).sql();
                return literal(value).map(sql -> "CAST(" + sql + " AS " + type + ")");
            } catch (ValidationException e) {
                return Optional.empty();
            }
        }
        return Optional.empty();
    }

    /** The literal as DuckDB SQL of the same type, when it is one of the supported kinds. */
    private static Optional<String> literal(ValueLiteralExpression value) {
        LogicalType type = value.getOutputDataType().getLogicalType();
        Object raw = value.getValueAs(value.getOutputDataType().getConversionClass()).orElse(null);
        if (raw == null) {
            return Optional.empty();
        }
        return switch (type.getTypeRoot()) {
            case TINYINT, SMALLINT, INTEGER, BIGINT -> Optional.of(String.valueOf(((Number) raw).longValue()));
            case DOUBLE -> Optional.of((Double) raw).filter(d -> !d.isNaN() && !d.isInfinite())
                    .map(d -> "CAST(" + Identifiers.literal(d.toString()) + " AS DOUBLE)");
            case DECIMAL -> Optional.of("CAST(" + Identifiers.literal(((BigDecimal) raw).toPlainString()) + " AS DECIMAL("
                    + ((DecimalType) type).getPrecision() + ", " + ((DecimalType) type).getScale() + "))");
            case CHAR, VARCHAR -> Optional.of(Identifiers.literal(raw.toString()));
            case BOOLEAN -> Optional.of((Boolean) raw ? "TRUE" : "FALSE");
            case DATE -> Optional.of("DATE " + Identifiers.literal(raw.toString()));
            case TIMESTAMP_WITHOUT_TIME_ZONE -> Optional.of("TIMESTAMP " + Identifiers.literal(raw.toString()));
            default -> Optional.empty();
        };
    }
}
