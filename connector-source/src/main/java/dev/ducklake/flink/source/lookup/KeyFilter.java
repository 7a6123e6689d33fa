package dev.ducklake.flink.source.lookup;

import dev.ducklake.engine.read.RowFilter;
import dev.ducklake.engine.schema.LakeType;
import dev.ducklake.flink.source.LakeLiterals;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
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
 * column, a disjunction of equalities for several, and each key column between the batch's
 * smallest and largest value, which DuckLake matches against its file statistics to skip files. A
 * key with a NULL (or a value no row can hold) matches no row, as in Flink's join.
 */
@Internal
final class KeyFilter {

    private final List<String> columns;
    private final List<LakeType> lakeTypes;
    private final List<LogicalType> flinkTypes;

    KeyFilter(List<String> columns, List<LakeType> lakeTypes, List<LogicalType> flinkTypes) {
        this.columns = List.copyOf(columns);
        this.lakeTypes = List.copyOf(lakeTypes);
        this.flinkTypes = List.copyOf(flinkTypes);
    }

    /** The condition for the keys (rows of the key columns), or empty when none can match. */
    Optional<RowFilter> forKeys(Collection<RowData> keys) {
        List<List<String>> literals = new ArrayList<>();
        List<Comparable<Object>> min = new ArrayList<>();
        List<Comparable<Object>> max = new ArrayList<>();
        List<String> minLiterals = new ArrayList<>();
        List<String> maxLiterals = new ArrayList<>();
        for (int i = 0; i < columns.size(); i++) {
            min.add(null);
            max.add(null);
            minLiterals.add(null);
            maxLiterals.add(null);
        }
        for (RowData key : keys) {
            List<String> keyLiterals = literals(key);
            if (keyLiterals == null) {
                continue;
            }
            literals.add(keyLiterals);
            for (int i = 0; i < columns.size(); i++) {
                Comparable<Object> value = external(key, i);
                if (min.get(i) == null || value.compareTo(min.get(i)) < 0) {
                    min.set(i, value);
                    minLiterals.set(i, keyLiterals.get(i));
                }
                if (max.get(i) == null || value.compareTo(max.get(i)) > 0) {
                    max.set(i, value);
                    maxLiterals.set(i, keyLiterals.get(i));
                }
            }
        }
        if (literals.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(column -> {
            StringBuilder sql = new StringBuilder("(");
            for (int i = 0; i < columns.size(); i++) {
                String name = column.apply(columns.get(i));
                sql.append(name).append(" BETWEEN ").append(minLiterals.get(i)).append(" AND ")
                        .append(maxLiterals.get(i)).append(" AND ");
            }
            if (columns.size() == 1) {
                sql.append(column.apply(columns.get(0))).append(" IN (")
                        .append(literals.stream().map(l -> l.get(0)).collect(Collectors.joining(", "))).append(")");
            } else {
                sql.append(literals.stream().map(l -> equalities(l, column)).collect(Collectors.joining(" OR ", "(", ")")));
            }
            return sql.append(")").toString();
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
            if (key.isNullAt(i)) {
                return null;
            }
            Optional<String> literal = LakeLiterals.sql(external(key, i), lakeTypes.get(i));
            if (literal.isEmpty()) {
                return null;
            }
            literals.add(literal.get());
        }
        return literals;
    }

    /** A key value as {@link LakeLiterals} takes it. */
    @SuppressWarnings("unchecked")
    private Comparable<Object> external(RowData key, int i) {
        LogicalType type = flinkTypes.get(i);
        Object value = RowData.createFieldGetter(type, i).getFieldOrNull(key);
        Object external = switch (type.getTypeRoot()) {
            case TINYINT, SMALLINT, INTEGER, BIGINT -> BigDecimal.valueOf(((Number) value).longValue());
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
        return (Comparable<Object>) external;
    }
}
