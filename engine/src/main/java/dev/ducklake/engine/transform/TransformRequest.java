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

package dev.ducklake.engine.transform;

import dev.ducklake.engine.schema.TableName;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.regex.Pattern;

/**
 * A versioned SQL transform: a DuckDB query over lake tables, which it names through placeholders
 * {@code {name}}, each bound to a table read at a pinned version; its rows are written to an output
 * table in one commit whose metadata records every input with its version ({@link
 * dev.ducklake.engine.version.CommitMetadata#inputs()}). Run by {@link
 * dev.ducklake.engine.LakeEngine#transform}.
 *
 * <pre>{@code
 * TransformRequest totals = TransformRequest.builder(
 *                 "SELECT customer, sum(amount) AS total FROM {orders} GROUP BY customer")
 *         .input("orders", TableName.of("orders"))
 *         .output(TableName.of("customer_totals"), TransformMode.REPLACE)
 *         .build();
 * }</pre>
 *
 * <p>A placeholder is replaced by the table's name at its version ({@code AT (VERSION => v)}),
 * outside string literals and quoted identifiers; values never enter the query as text. An input
 * without a version reads the table's latest, resolved once when the transform starts.
 */
public final class TransformRequest {

    private static final Pattern PLACEHOLDER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    private final String sql;
    private final Map<String, Input> inputs;
    private final TableName output;
    private final TransformMode mode;
    private final Map<String, String> producer;

    /** An input table and the version to read; empty for its latest. */
    public record Input(TableName table, OptionalLong version) {}

    private TransformRequest(Builder b) {
        this.sql = b.sql;
        this.inputs = Collections.unmodifiableMap(new LinkedHashMap<>(b.inputs));
        this.output = b.output;
        this.mode = b.mode;
        this.producer = Map.copyOf(b.producer);
    }

    /**
     * A request for the query, whose lake tables are placeholders {@code {name}} bound by {@link
     * Builder#input}.
     */
    public static Builder builder(String sql) {
        return new Builder(sql);
    }

    public String sql() {
        return sql;
    }

    /** The inputs by placeholder name, in the order they were given. */
    public Map<String, Input> inputs() {
        return inputs;
    }

    public TableName output() {
        return output;
    }

    public TransformMode mode() {
        return mode;
    }

    /** Producer fields recorded in the commit metadata, beside the transform's own. */
    public Map<String, String> producer() {
        return producer;
    }

    /** Builds a {@link TransformRequest}. */
    public static final class Builder {
        private final String sql;
        private final Map<String, Input> inputs = new LinkedHashMap<>();
        private TableName output;
        private TransformMode mode;
        private Map<String, String> producer = Map.of();

        private Builder(String sql) {
            this.sql = Objects.requireNonNull(sql, "sql");
        }

        /** Binds the placeholder {@code {name}} to the table at its latest version. */
        public Builder input(String name, TableName table) {
            return bind(
                    name, new Input(Objects.requireNonNull(table, "table"), OptionalLong.empty()));
        }

        /** Binds the placeholder {@code {name}} to the table at the given version. */
        public Builder input(String name, TableName table, long version) {
            return bind(
                    name,
                    new Input(Objects.requireNonNull(table, "table"), OptionalLong.of(version)));
        }

        private Builder bind(String name, Input input) {
            if (!PLACEHOLDER.matcher(name).matches()) {
                throw new IllegalArgumentException(
                        "A placeholder name is a letter or _ followed by letters, digits"
                                + " or _; got '"
                                + name
                                + "'");
            }
            if (inputs.putIfAbsent(name, input) != null) {
                throw new IllegalArgumentException(
                        "The placeholder {"
                                + name
                                + "} is already bound to "
                                + inputs.get(name).table());
            }
            return this;
        }

        /** The table the rows are written to, and how. */
        public Builder output(TableName table, TransformMode mode) {
            this.output = Objects.requireNonNull(table, "table");
            this.mode = Objects.requireNonNull(mode, "mode");
            return this;
        }

        /** Producer fields (for example a job's name and run) kept in the commit metadata. */
        public Builder producer(Map<String, String> producer) {
            this.producer = Objects.requireNonNull(producer, "producer");
            return this;
        }

        public TransformRequest build() {
            if (output == null) {
                throw new IllegalArgumentException("A transform needs an output table");
            }
            if (inputs.isEmpty()) {
                throw new IllegalArgumentException("A transform needs at least one input table");
            }
            return new TransformRequest(this);
        }
    }
}
