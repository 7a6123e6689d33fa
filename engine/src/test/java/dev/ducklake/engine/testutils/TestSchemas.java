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

package dev.ducklake.engine.testutils;

import dev.ducklake.engine.internal.catalog.TypeParser;
import dev.ducklake.engine.schema.Column;
import dev.ducklake.engine.schema.TableSchema;

/** Table schemas of tests, their columns declared as DuckDB declares them. */
public final class TestSchemas {

    private static final String NOT_NULL = " NOT NULL";

    private TestSchemas() {}

    /**
     * A schema builder holding the given columns, each {@code "name TYPE"} or {@code "name TYPE NOT
     * NULL"} with the type as DuckDB prints it, for example {@code "total DECIMAL(10,2)"}.
     */
    public static TableSchema.Builder columns(String... definitions) {
        TableSchema.Builder schema = TableSchema.builder();
        for (String definition : definitions) {
            schema.column(column(definition));
        }
        return schema;
    }

    private static Column column(String definition) {
        int space = definition.indexOf(' ');
        if (space < 1) {
            throw new IllegalArgumentException("Not a column definition: " + definition);
        }
        String name = definition.substring(0, space);
        String type = definition.substring(space + 1).trim();
        if (type.endsWith(NOT_NULL)) {
            return Column.notNull(
                    name, TypeParser.parse(type.substring(0, type.length() - NOT_NULL.length())));
        }
        return Column.of(name, TypeParser.parse(type));
    }
}
