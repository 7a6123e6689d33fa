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

package dev.ducklake.engine.schema;

import java.io.Serializable;

/**
 * A plain DuckLake table name, {@code schema.table}, as any DuckDB user sees it after {@code ATTACH
 * 'ducklake:...' AS lake}. Both parts are validated and always quoted in SQL, so no name can inject
 * SQL.
 */
public record TableName(String schema, String table) implements Serializable {

    public static final String DEFAULT_SCHEMA = "main";

    public TableName {
        Identifiers.requireValid(schema, "schema");
        Identifiers.requireValid(table, "table");
    }

    /** A table in the default schema {@code main}. */
    public static TableName of(String table) {
        return new TableName(DEFAULT_SCHEMA, table);
    }

    public static TableName of(String schema, String table) {
        return new TableName(schema, table);
    }

    /**
     * Parses {@code table} or {@code schema.table}. Names that themselves contain a dot must be
     * built with {@link #of(String, String)}.
     */
    public static TableName parse(String qualified) {
        Identifiers.requireValid(qualified, "table");
        int dot = qualified.indexOf('.');
        return dot < 0
                ? of(qualified)
                : of(qualified.substring(0, dot), qualified.substring(dot + 1));
    }

    /** The name quoted for SQL inside the given catalog alias: {@code lake."schema"."table"}. */
    public String sql(String catalogAlias) {
        return catalogAlias + '.' + Identifiers.quote(schema) + '.' + Identifiers.quote(table);
    }

    @Override
    public String toString() {
        return schema + '.' + table;
    }
}
