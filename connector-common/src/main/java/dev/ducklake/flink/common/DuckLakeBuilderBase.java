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
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.DATA_PATH;
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.DUCKDB_EXTENSION_DIRECTORY;
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.DUCKDB_MEMORY_LIMIT;
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.DUCKDB_TEMP_DIRECTORY;
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.DUCKDB_THREADS;
import static org.apache.flink.util.Preconditions.checkNotNull;
import static org.apache.flink.util.Preconditions.checkState;

import java.util.Map;
import org.apache.flink.annotation.Internal;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.configuration.ConfigOption;

/**
 * What the DuckLake sink's and source's builders share: the lake, the table, and how a task opens
 * the lake's engine. Each setter sets one of {@link DuckLakeConnectorOptions}' options, which also
 * gives its default and its description; the engine checks the values when the sink or source is
 * built, and fails naming the option.
 *
 * @param <SELF> the builder itself, which each setter returns
 */
@PublicEvolving
public abstract class DuckLakeBuilderBase<SELF extends DuckLakeBuilderBase<SELF>> {

    private EngineSpec engine = EngineSpec.of(Map.of());
    private String table;

    protected DuckLakeBuilderBase() {}

    /**
     * The DuckLake catalog as DuckDB's ATTACH takes it after {@code ducklake:}: a file, {@code
     * sqlite:...} or {@code postgres:...}; required. See {@link DuckLakeConnectorOptions#CATALOG}.
     */
    public SELF catalog(String catalog) {
        return set(CATALOG, catalog);
    }

    /** The table, {@code table} or {@code schema.table}; required. */
    public SELF table(String table) {
        this.table = checkNotNull(table, "table");
        return self();
    }

    /**
     * The password of a PostgreSQL catalog, kept out of the connection string; or leave it to
     * libpq's {@code PGPASSWORD} or {@code ~/.pgpass} on every TaskManager. See {@link
     * DuckLakeConnectorOptions#CATALOG_PASSWORD}.
     */
    public SELF catalogPassword(String password) {
        return set(CATALOG_PASSWORD, password);
    }

    /** Where DuckLake keeps data files. See {@link DuckLakeConnectorOptions#DATA_PATH}. */
    public SELF dataPath(String dataPath) {
        return set(DATA_PATH, dataPath);
    }

    /**
     * DuckDB threads per TaskManager JVM. See {@link DuckLakeConnectorOptions#DUCKDB_THREADS} for
     * the default.
     */
    public SELF threads(int threads) {
        return set(DUCKDB_THREADS, threads);
    }

    /**
     * DuckDB's memory limit per TaskManager JVM, for example {@code 2GB}; staging beyond it spills
     * to disk. See {@link DuckLakeConnectorOptions#DUCKDB_MEMORY_LIMIT} for the default.
     */
    public SELF memoryLimit(String memoryLimit) {
        return set(DUCKDB_MEMORY_LIMIT, memoryLimit);
    }

    /**
     * Where DuckDB finds its extensions on every host that opens the lake. See {@link
     * DuckLakeConnectorOptions#DUCKDB_EXTENSION_DIRECTORY}.
     */
    public SELF extensionDirectory(String extensionDirectory) {
        return set(DUCKDB_EXTENSION_DIRECTORY, extensionDirectory);
    }

    /** Where DuckDB spills. See {@link DuckLakeConnectorOptions#DUCKDB_TEMP_DIRECTORY}. */
    public SELF temporaryDirectory(String temporaryDirectory) {
        return set(DUCKDB_TEMP_DIRECTORY, temporaryDirectory);
    }

    /**
     * A DuckDB secret the engine creates, such as credentials for a data path on object storage:
     * its name and its {@code CREATE SECRET} parameters, {@code TYPE} among them. See {@link
     * DuckLakeConnectorOptions#DUCKDB_SECRET_PREFIX}.
     */
    public SELF secret(String name, Map<String, String> parameters) {
        engine = engine.withSecret(name, parameters);
        return self();
    }

    /**
     * The lake's and the engine's options among a table's options, by their keys ({@code catalog},
     * {@code data-path}, {@code duckdb.*}, ...), as the SQL factories take them from a table's
     * {@code WITH} clause; other keys are left to the caller.
     */
    @Internal
    public SELF lakeOptions(Map<String, String> tableOptions) {
        engine = engine.withOptions(tableOptions);
        return self();
    }

    /** Sets one of the {@linkplain DuckLakeConnectorOptions#engineOptions() engine options}. */
    @Internal
    protected final <T> SELF set(ConfigOption<T> option, T value) {
        engine = engine.with(option, value);
        return self();
    }

    /** The table; fails when it is not set. */
    @Internal
    protected final String table() {
        checkState(table != null, "Set the table with table(...)");
        return table;
    }

    /** How a task opens the engine; fails when the catalog is not set. */
    @Internal
    protected final EngineSpec engine() {
        checkState(
                engine.getOptional(CATALOG).isPresent(),
                "Set the DuckLake catalog with catalog(...)");
        return engine;
    }

    @SuppressWarnings("unchecked")
    private SELF self() {
        return (SELF) this;
    }
}
