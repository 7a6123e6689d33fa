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

package dev.ducklake.engine.read;

import java.util.function.Function;

/**
 * A condition on a table's rows as a DuckDB boolean expression, which DuckDB evaluates where the
 * rows are read. It names each column through the given function, so the same condition applies to
 * a table's rows and to either image of a change. A row for which it is NULL does not satisfy it.
 * Build it from quoted identifiers and literals (see {@code Identifiers}); it is SQL.
 */
@FunctionalInterface
public interface RowFilter {

    /** The expression, each column written as {@code column.apply(name)}. */
    String sql(Function<String, String> column);
}
