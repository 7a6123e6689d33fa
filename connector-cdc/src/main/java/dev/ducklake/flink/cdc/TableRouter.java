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

package dev.ducklake.flink.cdc;

import dev.ducklake.engine.schema.TableName;
import java.io.Serializable;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.apache.flink.annotation.PublicEvolving;

/**
 * Maps the source table a {@link ChangeRecord} names ({@code schema.table}, or {@code table}) to
 * the lake table it is written to, or to none, which drops its records. In order: a table excluded
 * is dropped; a table routed explicitly goes where it was routed; any other keeps its name, in the
 * schema {@link Builder#intoSchema} names (its own schema by default; {@code main} for a bare
 * name), with {@link Builder#tablePrefix} before its name. Source names compare case-insensitively.
 *
 * <pre>{@code
 * TableRouter router = TableRouter.builder()
 *         .intoSchema("replica")
 *         .tablePrefix("pg_")
 *         .route("public.order_lines", "replica.lines")
 *         .exclude("public.audit_log")
 *         .build();
 * router.route("public.orders");   // replica.pg_orders
 * }</pre>
 */
@PublicEvolving
public final class TableRouter implements Serializable {

    private static final long serialVersionUID = 1L;

    private final String schema;
    private final String prefix;
    private final Map<String, TableName> routes;
    private final Set<String> excluded;

    private TableRouter(
            String schema, String prefix, Map<String, TableName> routes, Set<String> excluded) {
        this.schema = schema;
        this.prefix = prefix;
        this.routes = Map.copyOf(routes);
        this.excluded = Set.copyOf(excluded);
    }

    /** Every source table to the lake table of the same name. */
    public static TableRouter identity() {
        return builder().build();
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The lake table the source table's records go to, or empty when they are dropped. */
    public Optional<TableName> route(String sourceTable) {
        String key = sourceTable.toLowerCase(Locale.ROOT);
        if (excluded.contains(key)) {
            return Optional.empty();
        }
        TableName routed = routes.get(key);
        if (routed != null) {
            return Optional.of(routed);
        }
        TableName source = TableName.parse(sourceTable);
        return Optional.of(
                TableName.of(schema != null ? schema : source.schema(), prefix + source.table()));
    }

    /** Builds a {@link TableRouter}. */
    public static final class Builder {
        private String schema;
        private String prefix = "";
        private final Map<String, TableName> routes = new HashMap<>();
        private final Set<String> excluded = new HashSet<>();

        private Builder() {}

        /** Writes tables that are not routed explicitly into this lake schema. */
        public Builder intoSchema(String schema) {
            this.schema = Objects.requireNonNull(schema, "schema");
            return this;
        }

        /** Puts this before the names of tables that are not routed explicitly. */
        public Builder tablePrefix(String prefix) {
            this.prefix = Objects.requireNonNull(prefix, "prefix");
            return this;
        }

        /**
         * Writes one source table to the lake table {@code lakeTable} ({@code schema.table} or
         * {@code table}).
         */
        public Builder route(String sourceTable, String lakeTable) {
            routes.put(sourceTable.toLowerCase(Locale.ROOT), TableName.parse(lakeTable));
            return this;
        }

        /** Drops the records of these source tables. */
        public Builder exclude(String... sourceTables) {
            for (String table : sourceTables) {
                excluded.add(table.toLowerCase(Locale.ROOT));
            }
            return this;
        }

        public TableRouter build() {
            return new TableRouter(schema, prefix, routes, excluded);
        }
    }
}
