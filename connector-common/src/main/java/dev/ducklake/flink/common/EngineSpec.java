package dev.ducklake.flink.common;

import dev.ducklake.engine.CatalogLocation;
import dev.ducklake.engine.EngineConfig;
import java.io.Serializable;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Consumer;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;
import org.apache.flink.configuration.ConfigOption;

/**
 * How a task opens the lake engine: the catalog, the data path and DuckDB's bounds, each left to
 * the engine's default when unset. Serializable, so it travels with the job graph; the engine
 * itself is opened in the task through the shared {@link dev.ducklake.engine.EngineRegistry}.
 */
@Internal
public final class EngineSpec implements Serializable {

    private static final long serialVersionUID = 1L;

    private final String catalog;
    @Nullable private String catalogPassword;
    @Nullable private String dataPath;
    @Nullable private Integer threads;
    @Nullable private String memoryLimit;
    @Nullable private String temporaryDirectory;
    @Nullable private Integer dataInliningRowLimit;
    @Nullable private Integer commitRetries;
    @Nullable private Duration commitRetryBackoff;
    private final LinkedHashMap<String, TreeMap<String, String>> secrets = new LinkedHashMap<>();

    public EngineSpec(String catalog) {
        this.catalog = Objects.requireNonNull(catalog, "catalog");
    }

    public EngineSpec catalogPassword(@Nullable String password) {
        this.catalogPassword = password;
        return this;
    }

    public EngineSpec dataPath(@Nullable String dataPath) {
        this.dataPath = dataPath;
        return this;
    }

    public EngineSpec threads(@Nullable Integer threads) {
        this.threads = threads;
        return this;
    }

    public EngineSpec memoryLimit(@Nullable String memoryLimit) {
        this.memoryLimit = memoryLimit;
        return this;
    }

    public EngineSpec temporaryDirectory(@Nullable String temporaryDirectory) {
        this.temporaryDirectory = temporaryDirectory;
        return this;
    }

    public EngineSpec dataInliningRowLimit(@Nullable Integer rows) {
        this.dataInliningRowLimit = rows;
        return this;
    }

    public EngineSpec commitRetries(@Nullable Integer retries) {
        this.commitRetries = retries;
        return this;
    }

    public EngineSpec commitRetryBackoff(@Nullable Duration backoff) {
        this.commitRetryBackoff = backoff;
        return this;
    }

    /** A DuckDB secret the engine creates, by name, with its {@code CREATE SECRET} parameters. */
    public EngineSpec secret(String name, Map<String, String> parameters) {
        secrets.put(Objects.requireNonNull(name, "name"), new TreeMap<>(parameters));
        return this;
    }

    public CatalogLocation catalogLocation() {
        return CatalogLocation.parse(catalog);
    }

    /**
     * The engine settings; fails on a malformed catalog or an invalid setting with a message that
     * names the option, so that planning (or {@code build()}) refuses what a task could not open.
     */
    public EngineConfig toEngineConfig() {
        EngineConfig.Builder builder = EngineConfig.builder(catalogLocation());
        apply(DuckLakeConnectorOptions.CATALOG_PASSWORD, catalogPassword, builder::catalogPassword);
        apply(DuckLakeConnectorOptions.DATA_PATH, dataPath, builder::dataPath);
        apply(DuckLakeConnectorOptions.DUCKDB_THREADS, threads, builder::threads);
        apply(DuckLakeConnectorOptions.DUCKDB_MEMORY_LIMIT, memoryLimit, builder::memoryLimit);
        apply(DuckLakeConnectorOptions.DUCKDB_TEMP_DIRECTORY, temporaryDirectory,
                directory -> builder.temporaryDirectory(Path.of(directory)));
        apply(DuckLakeConnectorOptions.DATA_INLINING_ROW_LIMIT, dataInliningRowLimit, builder::dataInliningRowLimit);
        apply(DuckLakeConnectorOptions.SINK_COMMIT_RETRIES, commitRetries, builder::commitRetries);
        apply(DuckLakeConnectorOptions.SINK_COMMIT_RETRY_BACKOFF, commitRetryBackoff, builder::commitRetryBackoff);
        secrets.forEach((name, parameters) -> {
            try {
                builder.secret(name, parameters);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("Options '" + DuckLakeConnectorOptions.DUCKDB_SECRET_PREFIX + name
                        + ".*': " + e.getMessage(), e);
            }
        });
        return builder.build();
    }

    private static <T> void apply(ConfigOption<?> option, @Nullable T value, Consumer<T> setting) {
        if (value == null) {
            return;
        }
        try {
            setting.accept(value);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Option '" + option.key() + "': " + e.getMessage(), e);
        }
    }

    @Override
    public String toString() {
        return "EngineSpec{catalog=" + catalogLocation().kind() + ", dataPath=" + dataPath + "}";
    }
}
