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

package dev.ducklake.flink.source.lookup;

import dev.ducklake.engine.read.RowFilter;
import dev.ducklake.engine.schema.LakeType;
import dev.ducklake.flink.source.LakeLiterals;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.types.logical.LogicalType;

/**
 * The condition that selects the rows of a batch of lookup keys: {@code k IN (...)} for one key
 * column; for several, each column {@code IN} its values and a disjunction of the keys' equalities.
 * DuckDB pushes the {@code IN} lists into the scan, which skips the data files (DuckLake, by its
 * catalog's statistics) or row groups (a direct read of the files) whose statistics exclude every
 * value. A key with a NULL (or a value no row can hold) matches no row, as in Flink's join.
 */
@Internal
final class KeyFilter {

    private final List<String> columns;
    private final List<LakeType> lakeTypes;
    private final List<LogicalType> flinkTypes;
    private final List<RowData.FieldGetter> getters = new ArrayList<>();

    KeyFilter(List<String> columns, List<LakeType> lakeTypes, List<LogicalType> flinkTypes) {
        this.columns = List.copyOf(columns);
        this.lakeTypes = List.copyOf(lakeTypes);
        this.flinkTypes = List.copyOf(flinkTypes);
        for (int i = 0; i < flinkTypes.size(); i++) {
            getters.add(RowData.createFieldGetter(flinkTypes.get(i), i));
        }
    }

    /** The condition for the keys (rows of the key columns), or empty when none can match. */
    Optional<RowFilter> forKeys(Collection<RowData> keys) {
        Set<List<String>> literals = new LinkedHashSet<>();
        for (RowData key : keys) {
            List<String> keyLiterals = literals(key);
            if (keyLiterals != null) {
                literals.add(keyLiterals);
            }
        }
        if (literals.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(
                column -> {
                    List<String> conditions = new ArrayList<>();
                    for (int i = 0; i < columns.size(); i++) {
                        int c = i;
                        conditions.add(
                                column.apply(columns.get(i))
                                        + " IN ("
                                        + literals.stream()
                                                .map(l -> l.get(c))
                                                .distinct()
                                                .collect(Collectors.joining(", "))
                                        + ")");
                    }
                    if (columns.size() > 1) {
                        conditions.add(
                                literals.stream()
                                        .map(l -> equalities(l, column))
                                        .collect(Collectors.joining(" OR ", "(", ")")));
                    }
                    return conditions.stream().collect(Collectors.joining(" AND ", "(", ")"));
                });
    }

    private String equalities(List<String> literals, Function<String, String> column) {
        List<String> equal = new ArrayList<>();
        for (int i = 0; i < columns.size(); i++) {
            equal.add(column.apply(columns.get(i)) + " = " + literals.get(i));
        }
        return String.join(" AND ", equal);
    }

    /** The key's values as literals of the columns' types, or null when no row can have them. */
    private List<String> literals(RowData key) {
        List<String> literals = new ArrayList<>();
        for (int i = 0; i < columns.size(); i++) {
            Object value = getters.get(i).getFieldOrNull(key);
            if (value == null) {
                return null;
            }
            Optional<String> literal =
                    LakeLiterals.sql(external(flinkTypes.get(i), value), lakeTypes.get(i));
            if (literal.isEmpty()) {
                return null;
            }
            literals.add(literal.get());
        }
        return literals;
    }

    /** A key value as {@link LakeLiterals} takes it. */
    private static Object external(LogicalType type, Object value) {
        return switch (type.getTypeRoot()) {
            case TINYINT, SMALLINT, INTEGER, BIGINT ->
                    BigDecimal.valueOf(((Number) value).longValue());
            case DECIMAL -> ((DecimalData) value).toBigDecimal();
            // The sink writes CHAR values without their padding.
            case CHAR -> ((StringData) value).toString().stripTrailing();
            case VARCHAR -> ((StringData) value).toString();
            case DATE -> LocalDate.ofEpochDay((Integer) value);
            case TIMESTAMP_WITHOUT_TIME_ZONE -> ((TimestampData) value).toLocalDateTime();
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE -> ((TimestampData) value).toInstant();
            case BOOLEAN, FLOAT, DOUBLE -> value;
            default -> throw new IllegalArgumentException("A lookup key cannot be of type " + type);
        };
    }
}
