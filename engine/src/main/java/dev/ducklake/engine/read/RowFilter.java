package dev.ducklake.engine.read;

import java.util.function.Function;

/**
 * A condition on a table's rows as a DuckDB boolean expression, which DuckDB evaluates where the
 * rows are read. It names each column through the given function, so the same condition applies
 * to a table's rows and to either image of a change. A row for which it is NULL does not satisfy
 * it. Build it from quoted identifiers and literals (see {@code Identifiers}); it is SQL.
 */
@FunctionalInterface
public interface RowFilter {

    /** The expression, each column written as {@code column.apply(name)}. */
    String sql(Function<String, String> column);
}
