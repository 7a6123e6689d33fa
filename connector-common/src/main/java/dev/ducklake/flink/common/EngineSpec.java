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

package dev.ducklake.flink.common;

import static dev.ducklake.flink.common.DuckLakeConnectorOptions.CATALOG;
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.CATALOG_PASSWORD;
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.DATA_INLINING_ROW_LIMIT;
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.DATA_PATH;
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.DUCKDB_EXTENSION_DIRECTORY;
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.DUCKDB_MEMORY_LIMIT;
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.DUCKDB_SECRET_PREFIX;
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.DUCKDB_TEMP_DIRECTORY;
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.DUCKDB_THREADS;

import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.config.EngineConfig;
import java.io.Serializable;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.apache.flink.annotation.Internal;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.ReadableConfig;

/**
 * How a task opens the lake engine: the {@linkplain DuckLakeConnectorOptions#engineOptions() engine
 * options} and the {@value DuckLakeConnectorOptions#DUCKDB_SECRET_PREFIX}{@code *} secrets, kept as
 * a table's {@code WITH} clause gives them, by key. {@link #toEngineConfig()} reads each option
 * through its {@link ConfigOption}, so an unset option takes the option's default. Immutable and
 * serializable, so it travels with the job graph; the engine itself is opened in the task through
 * the shared {@link dev.ducklake.engine.EngineRegistry}.
 */
@Internal
public final class EngineSpec implements Serializable {

    private static final long serialVersionUID = 2L;

    private static final Set<String> KEYS =
            DuckLakeConnectorOptions.engineOptions().stream()
                    .map(ConfigOption::key)
                    .collect(Collectors.toUnmodifiableSet());

    private static final EngineSpec EMPTY = new EngineSpec(new TreeMap<>());

    /** The engine's options and secrets by key, their values as a table's options give them. */
    private final TreeMap<String, String> options;

    private EngineSpec(TreeMap<String, String> options) {
        this.options = options;
    }

    /** The engine's options and secrets among a table's options; other keys are left out. */
    public static EngineSpec of(Map<String, String> tableOptions) {
        return EMPTY.withOptions(tableOptions);
    }

    /** The engine's options and secrets among a table's options; other keys are left out. */
    public static EngineSpec of(ReadableConfig tableOptions) {
        return of(tableOptions.toMap());
    }

    /** The catalog, every other option at its default. */
    public static EngineSpec of(String catalog) {
        return EMPTY.with(CATALOG, catalog);
    }

    /**
     * This spec with the engine's options and secrets among the given options; other keys are left
     * out.
     */
    public EngineSpec withOptions(Map<String, String> tableOptions) {
        TreeMap<String, String> merged = new TreeMap<>(options);
        tableOptions.forEach(
                (key, value) -> {
                    if (KEYS.contains(key) || key.startsWith(DUCKDB_SECRET_PREFIX)) {
                        merged.put(key, Objects.requireNonNull(value, key));
                    }
                });
        return new EngineSpec(merged);
    }

    /**
     * This spec with one of the {@linkplain DuckLakeConnectorOptions#engineOptions() engine
     * options} set.
     */
    public <T> EngineSpec with(ConfigOption<T> option, T value) {
        if (!KEYS.contains(option.key())) {
            throw new IllegalArgumentException(
                    "'" + option.key() + "' is not an option of the engine");
        }
        Configuration typed = new Configuration();
        typed.set(option, Objects.requireNonNull(value, option.key()));
        return withOptions(typed.toMap());
    }

    /**
     * This spec with a DuckDB secret, by name, and its {@code CREATE SECRET} parameters, which
     * replace those of a secret of the same name.
     */
    public EngineSpec withSecret(String name, Map<String, String> parameters) {
        Objects.requireNonNull(name, "name");
        if (name.isEmpty() || name.contains(".")) {
            throw new IllegalArgumentException(
                    "The name of DuckDB secret '" + name + "' must be a word without dots");
        }
        String prefix = DUCKDB_SECRET_PREFIX + name + ".";
        TreeMap<String, String> changed = new TreeMap<>(options);
        changed.keySet().removeIf(key -> key.startsWith(prefix));
        parameters.forEach(
                (parameter, value) ->
                        changed.put(prefix + parameter, Objects.requireNonNull(value, parameter)));
        return new EngineSpec(changed);
    }

    /**
     * The engine's options and secrets by key, as a table's {@code WITH} clause would give them.
     */
    public Map<String, String> options() {
        return Map.copyOf(options);
    }

    /** The DuckDB secrets by name, each its {@code CREATE SECRET} parameters. */
    public Map<String, Map<String, String>> secrets() {
        return DuckLakeConnectorOptions.secrets(options);
    }

    /** The option's value, if it is set. */
    public <T> Optional<T> getOptional(ConfigOption<T> option) {
        return Configuration.fromMap(options).getOptional(option);
    }

    /** The catalog the {@code 'catalog'} option names; fails when it is not set. */
    public CatalogLocation catalogLocation() {
        return CatalogLocation.parse(
                getOptional(CATALOG)
                        .orElseThrow(
                                () ->
                                        new IllegalStateException(
                                                "Option '" + CATALOG.key() + "' is required")));
    }

    /**
     * The engine settings; fails on a malformed catalog or an invalid setting with a message that
     * names the option, so that planning (or {@code build()}) refuses what a task could not open.
     */
    public EngineConfig toEngineConfig() {
        ReadableConfig config = Configuration.fromMap(options);
        EngineConfig.Builder builder = EngineConfig.builder(catalogLocation());
        apply(config, CATALOG_PASSWORD, builder::catalogPassword);
        apply(config, DATA_PATH, builder::dataPath);
        apply(config, DUCKDB_THREADS, builder::threads);
        apply(config, DUCKDB_MEMORY_LIMIT, builder::memoryLimit);
        apply(
                config,
                DUCKDB_TEMP_DIRECTORY,
                directory -> builder.temporaryDirectory(Path.of(directory)));
        apply(
                config,
                DUCKDB_EXTENSION_DIRECTORY,
                directory -> builder.extensionDirectory(Path.of(directory)));
        apply(config, DATA_INLINING_ROW_LIMIT, builder::dataInliningRowLimit);
        secrets()
                .forEach(
                        (name, parameters) -> {
                            try {
                                builder.secret(name, parameters);
                            } catch (IllegalArgumentException e) {
                                throw new IllegalArgumentException(
                                        "Options '"
                                                + DUCKDB_SECRET_PREFIX
                                                + name
                                                + ".*': "
                                                + e.getMessage(),
                                        e);
                            }
                        });
        return builder.build();
    }

    /**
     * Gives the engine the option's value, or its default; a value the engine refuses fails naming
     * the option.
     */
    private static <T> void apply(
            ReadableConfig config, ConfigOption<T> option, Consumer<T> setting) {
        try {
            T value = config.get(option);
            if (value != null) {
                setting.accept(value);
            }
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "Option '" + option.key() + "': " + e.getMessage(), e);
        }
    }

    @Override
    public String toString() {
        Object catalog = options.containsKey(CATALOG.key()) ? catalogLocation().kind() : null;
        return "EngineSpec{catalog=" + catalog + ", dataPath=" + options.get(DATA_PATH.key()) + "}";
    }
}
