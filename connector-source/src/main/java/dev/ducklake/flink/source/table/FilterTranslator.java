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
import dev.ducklake.engine.schema.LakeType.Primitive;
import dev.ducklake.engine.schema.TableSchema;
import dev.ducklake.flink.source.LakeFilter;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.expressions.CallExpression;
import org.apache.flink.table.expressions.FieldReferenceExpression;
import org.apache.flink.table.expressions.ResolvedExpression;
import org.apache.flink.table.functions.BuiltInFunctionDefinitions;
import org.apache.flink.table.functions.FunctionDefinition;
import org.apache.flink.table.types.logical.CharType;
import org.apache.flink.table.types.logical.LogicalTypeRoot;

/**
 * Translates the Flink filters that DuckDB evaluates exactly as Flink does into {@link
 * LakeFilter}s: comparisons of a column with a literal (see {@link FilterLiterals} for which
 * literals), {@code IS [NOT] NULL}, a boolean column by itself, and {@code AND}, {@code OR} and
 * {@code NOT} of those. Anything else, or anything with a part that cannot be translated, stays
 * with Flink.
 *
 * <p>Flink compares floating-point numbers as Java does, where NaN is neither greater nor smaller
 * than anything; DuckDB orders NaN above every number. A {@code >} or {@code >=} on a FLOAT or
 * DOUBLE column therefore also asks for the value to be below NaN, which in DuckDB excludes NaN
 * alone. The other comparisons already agree.
 */
@Internal
final class FilterTranslator {

    private static final Map<FunctionDefinition, String> COMPARISONS =
            Map.of(
                    BuiltInFunctionDefinitions.EQUALS, "=",
                    BuiltInFunctionDefinitions.NOT_EQUALS, "<>",
                    BuiltInFunctionDefinitions.LESS_THAN, "<",
                    BuiltInFunctionDefinitions.LESS_THAN_OR_EQUAL, "<=",
                    BuiltInFunctionDefinitions.GREATER_THAN, ">",
                    BuiltInFunctionDefinitions.GREATER_THAN_OR_EQUAL, ">=");

    private static final Map<String, String> MIRRORED =
            Map.of("=", "=", "<>", "<>", "<", ">", "<=", ">=", ">", "<", ">=", "<=");

    private final TableSchema schema;
    private final FilterLiterals literals;

    /**
     * @param schema the table's definition, whose column types the literals are written in
     * @param sessionZone Flink's session time zone ({@code table.local-time-zone})
     */
    FilterTranslator(TableSchema schema, ZoneId sessionZone) {
        this.schema = schema;
        this.literals = new FilterLiterals(sessionZone);
    }

    Optional<LakeFilter> translate(ResolvedExpression expression) {
        if (expression instanceof FieldReferenceExpression field
                && field.getOutputDataType().getLogicalType().is(LogicalTypeRoot.BOOLEAN)) {
            return column(field).map(type -> new LakeFilter.Compare(field.getName(), "=", "TRUE"));
        }
        if (!(expression instanceof CallExpression call)) {
            return Optional.empty();
        }
        FunctionDefinition function = call.getFunctionDefinition();
        List<ResolvedExpression> args = call.getResolvedChildren();
        String operator = COMPARISONS.get(function);
        if (operator != null && args.size() == 2) {
            if (args.get(0) instanceof FieldReferenceExpression field) {
                return compare(field, operator, args.get(1));
            }
            if (args.get(1) instanceof FieldReferenceExpression field) {
                return compare(field, MIRRORED.get(operator), args.get(0));
            }
            return Optional.empty();
        }
        if ((function == BuiltInFunctionDefinitions.IS_NULL
                        || function == BuiltInFunctionDefinitions.IS_NOT_NULL)
                && args.size() == 1
                && args.get(0) instanceof FieldReferenceExpression field) {
            return column(field)
                    .map(
                            type ->
                                    new LakeFilter.IsNull(
                                            field.getName(),
                                            function == BuiltInFunctionDefinitions.IS_NOT_NULL));
        }
        if (function == BuiltInFunctionDefinitions.NOT && args.size() == 1) {
            return translate(args.get(0)).map(LakeFilter.Not::new);
        }
        if (function == BuiltInFunctionDefinitions.AND
                || function == BuiltInFunctionDefinitions.OR) {
            List<LakeFilter> parts = new ArrayList<>();
            for (ResolvedExpression arg : args) {
                Optional<LakeFilter> part = translate(arg);
                if (part.isEmpty()) {
                    return Optional.empty();
                }
                parts.add(part.get());
            }
            return Optional.of(
                    function == BuiltInFunctionDefinitions.AND
                            ? new LakeFilter.And(parts)
                            : new LakeFilter.Or(parts));
        }
        return Optional.empty();
    }

    private Optional<LakeFilter> compare(
            FieldReferenceExpression field, String operator, ResolvedExpression literal) {
        if (field.getOutputDataType().getLogicalType() instanceof CharType) {
            // DuckDB compares the VARCHAR a CHAR(n) column is stored as without Flink's padding.
            return Optional.empty();
        }
        return column(field)
                .flatMap(
                        type ->
                                literals.sql(literal, type)
                                        .map(
                                                sql -> {
                                                    LakeFilter comparison =
                                                            new LakeFilter.Compare(
                                                                    field.getName(), operator, sql);
                                                    boolean floating =
                                                            type == Primitive.FLOAT
                                                                    || type == Primitive.DOUBLE;
                                                    return floating && operator.startsWith(">")
                                                            ? new LakeFilter.And(
                                                                    List.of(
                                                                            comparison,
                                                                            new LakeFilter.Compare(
                                                                                    field.getName(),
                                                                                    "<",
                                                                                    "CAST('NaN' AS "
                                                                                            + type
                                                                                                    .sql()
                                                                                            + ")")))
                                                            : comparison;
                                                }));
    }

    /** The DuckDB type of the column the field reads. */
    private Optional<LakeType> column(FieldReferenceExpression field) {
        int position = schema.positionOf(field.getName());
        return position < 0 ? Optional.empty() : Optional.of(schema.column(position).type());
    }
}
