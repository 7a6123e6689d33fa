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

package dev.ducklake.flink.source.testutils;

import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Random SQL filters over the {@link EdgeTable}: comparisons of a column with one of its edge
 * literals (either way round), {@code IN}, {@code IS [NOT] NULL}, a boolean column alone, and
 * {@code AND}, {@code OR} and {@code NOT} of those.
 */
public record RandomFilters(SplittableRandom random) {

    private static final List<String> OPERATORS = List.of("=", "<>", "<", "<=", ">", ">=");

    public String next() {
        return filter(2);
    }

    private String filter(int depth) {
        int pick = random.nextInt(depth > 0 ? 10 : 6);
        return switch (pick) {
            case 6, 7 -> join(random.nextBoolean() ? " AND " : " OR ", depth);
            case 8 -> "NOT (" + filter(depth - 1) + ")";
            case 9 -> join(" OR ", depth);
            default -> leaf();
        };
    }

    private String join(String operator, int depth) {
        return IntStream.range(0, 2 + random.nextInt(2))
                .mapToObj(i -> "(" + filter(depth - 1) + ")")
                .collect(Collectors.joining(operator));
    }

    private String leaf() {
        List<String> columns = EdgeTable.valueColumns();
        int column = random.nextInt(columns.size());
        String name = columns.get(column);
        List<String> literals = EdgeTable.literals(column);
        String literal = literals.get(random.nextInt(literals.size()));
        return switch (random.nextInt(8)) {
            case 0 -> name + (random.nextBoolean() ? " IS NULL" : " IS NOT NULL");
            case 1 -> in(name, literals);
            case 2 -> name.equals("b") ? "b" : literal + " " + operator() + " " + name;
            default -> name + " " + operator() + " " + literal;
        };
    }

    /**
     * An IN list. Its strings have no trailing spaces: Flink's planner trims them off CHAR literals
     * of an IN list for any source that takes filters, before the source sees the filter (the query
     * that Flink alone evaluates keeps them), so the two cannot agree there.
     */
    private String in(String column, List<String> literals) {
        List<String> listed = literals.stream().filter(literal -> !literal.endsWith(" '")).toList();
        return column
                + " IN ("
                + IntStream.range(0, 1 + random.nextInt(3))
                        .mapToObj(i -> listed.get(random.nextInt(listed.size())))
                        .collect(Collectors.joining(", "))
                + ")";
    }

    private String operator() {
        return OPERATORS.get(random.nextInt(OPERATORS.size()));
    }
}
