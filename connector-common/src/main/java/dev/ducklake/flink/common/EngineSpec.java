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
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;

/**
 * How a task opens the lake engine: the catalog, the data path and DuckDB's bounds, each left to
 * the engine's default when unset. Serializable, so it travels with the job graph; the engine
 * itself is opened in the task through the shared {@link dev.ducklake.engine.EngineRegistry}.
 */
@Internal
public final class EngineSpec implements Serializable {

    private static final long serialVersionUID = 1L;

    private final String catalog;
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

    /** The engine settings; fails with the engine's message on a malformed catalog or bound. */
    public EngineConfig toEngineConfig() {
        EngineConfig.Builder builder = EngineConfig.builder(catalogLocation());
        if (dataPath != null) {
            builder.dataPath(dataPath);
        }
        if (threads != null) {
            builder.threads(threads);
        }
        if (memoryLimit != null) {
            builder.memoryLimit(memoryLimit);
        }
        if (temporaryDirectory != null) {
            builder.temporaryDirectory(Path.of(temporaryDirectory));
        }
        if (dataInliningRowLimit != null) {
            builder.dataInliningRowLimit(dataInliningRowLimit);
        }
        if (commitRetries != null) {
            builder.commitRetries(commitRetries);
        }
        if (commitRetryBackoff != null) {
            builder.commitRetryBackoff(commitRetryBackoff);
        }
        secrets.forEach(builder::secret);
        return builder.build();
    }

    @Override
    public String toString() {
        return "EngineSpec{catalog=" + catalogLocation().kind() + ", dataPath=" + dataPath + "}";
    }
}
