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

import dev.ducklake.engine.read.RowFilter;
import java.io.Serializable;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.flink.annotation.PublicEvolving;

/**
 * A condition on the table's columns that travels with the job and that DuckDB evaluates where rows
 * and changes are read. Literals are DuckDB SQL, written by whoever builds the condition, for
 * example {@code new LakeFilter.Compare("amount", ">=", "100")}.
 */
@PublicEvolving
public sealed interface LakeFilter extends Serializable {

    /** The DuckDB expression, each column written as {@code column.apply(name)}. */
    String sql(Function<String, String> column);

    default RowFilter toRowFilter() {
        return this::sql;
    }

    /** {@code column <operator> literal}, for =, <>, <, <=, >, >=. */
    record Compare(String column, String operator, String literal) implements LakeFilter {
        public Compare {
            if (!List.of("=", "<>", "<", "<=", ">", ">=").contains(operator)) {
                throw new IllegalArgumentException("Unknown comparison " + operator);
            }
        }

        @Override
        public String sql(Function<String, String> column) {
            return "(" + column.apply(this.column) + " " + operator + " " + literal + ")";
        }
    }

    /** {@code column IS [NOT] NULL}. */
    record IsNull(String column, boolean negated) implements LakeFilter {
        @Override
        public String sql(Function<String, String> column) {
            return "(" + column.apply(this.column) + (negated ? " IS NOT NULL)" : " IS NULL)");
        }
    }

    /** {@code column IN (literals)}. */
    record In(String column, List<String> literals) implements LakeFilter {
        public In {
            literals = List.copyOf(literals);
        }

        @Override
        public String sql(Function<String, String> column) {
            return "(" + column.apply(this.column) + " IN (" + String.join(", ", literals) + "))";
        }
    }

    /** All of the conditions. */
    record And(List<LakeFilter> all) implements LakeFilter {
        public And {
            all = List.copyOf(all);
        }

        @Override
        public String sql(Function<String, String> column) {
            return joined(all, " AND ", column);
        }
    }

    /** Any of the conditions. */
    record Or(List<LakeFilter> any) implements LakeFilter {
        public Or {
            any = List.copyOf(any);
        }

        @Override
        public String sql(Function<String, String> column) {
            return joined(any, " OR ", column);
        }
    }

    /** The opposite of a condition. */
    record Not(LakeFilter negated) implements LakeFilter {
        @Override
        public String sql(Function<String, String> column) {
            return "(NOT " + negated.sql(column) + ")";
        }
    }

    private static String joined(
            List<LakeFilter> filters, String operator, Function<String, String> column) {
        return filters.stream()
                .map(f -> f.sql(column))
                .collect(Collectors.joining(operator, "(", ")"));
    }
}
