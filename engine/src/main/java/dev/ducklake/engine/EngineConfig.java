package dev.ducklake.engine;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Settings of a {@link LakeEngine}. Only the catalog is required. DuckDB's own defaults (80% of
 * RAM, one thread per core, spill files in the working directory) do not suit a process that
 * also runs Flink, so the defaults here are bounded.
 *
 * <pre>{@code
 * EngineConfig config = EngineConfig.builder(CatalogLocation.parse("/data/lake/metadata.ducklake"))
 *     .memoryLimit("2GB")
 *     .threads(2)
 *     .build();
 * }</pre>
 */
public final class EngineConfig {

    /** The alias under which the lake is attached inside the engine's DuckDB instance. */
    public static final String LAKE_ALIAS = "lake";

    private final CatalogLocation catalog;
    private final String dataPath;
    private final boolean readOnly;
    private final int threads;
    private final String memoryLimit;
    private final Path temporaryDirectory;
    private final Path extensionDirectory;
    private final Integer dataInliningRowLimit;
    private final Map<String, Map<String, String>> secrets;
    private final int maxConcurrentReads;
    private final int maxPendingCommits;
    private final Duration acquireTimeout;
    private final int commitRetries;
    private final Duration commitRetryBackoff;

    private EngineConfig(Builder b) {
        this.catalog = b.catalog;
        this.dataPath = b.dataPath;
        this.readOnly = b.readOnly;
        this.threads = b.threads;
        this.memoryLimit = b.memoryLimit;
        this.temporaryDirectory = b.temporaryDirectory;
        this.extensionDirectory = b.extensionDirectory;
        this.dataInliningRowLimit = b.dataInliningRowLimit;
        this.secrets = Map.copyOf(b.secrets);
        this.maxConcurrentReads = b.maxConcurrentReads;
        this.maxPendingCommits = b.maxPendingCommits;
        this.acquireTimeout = b.acquireTimeout;
        this.commitRetries = b.commitRetries;
        this.commitRetryBackoff = b.commitRetryBackoff;
    }

    public static Builder builder(CatalogLocation catalog) {
        return new Builder(catalog);
    }

    public CatalogLocation catalog() {
        return catalog;
    }

    /** Where data files go; empty to use the path stored in the catalog (or, for a new file catalog, DuckLake's default beside it). */
    public Optional<String> dataPath() {
        return Optional.ofNullable(dataPath);
    }

    public boolean readOnly() {
        return readOnly;
    }

    public int threads() {
        return threads;
    }

    public String memoryLimit() {
        return memoryLimit;
    }

    /** The parent of the engine's own spill directory; empty for {@code java.io.tmpdir}. */
    public Optional<Path> temporaryDirectory() {
        return Optional.ofNullable(temporaryDirectory);
    }

    /** DuckDB's extension directory; empty for DuckDB's default ({@code ~/.duckdb/extensions}). */
    public Optional<Path> extensionDirectory() {
        return Optional.ofNullable(extensionDirectory);
    }

    /** DuckLake's data inlining row limit; empty for DuckLake's default. */
    public Optional<Integer> dataInliningRowLimit() {
        return Optional.ofNullable(dataInliningRowLimit);
    }

    /** DuckDB secrets by name, each a map of {@code CREATE SECRET} parameters including {@code TYPE}. */
    public Map<String, Map<String, String>> secrets() {
        return secrets;
    }

    public int maxConcurrentReads() {
        return maxConcurrentReads;
    }

    public int maxPendingCommits() {
        return maxPendingCommits;
    }

    public Duration acquireTimeout() {
        return acquireTimeout;
    }

    public int commitRetries() {
        return commitRetries;
    }

    public Duration commitRetryBackoff() {
        return commitRetryBackoff;
    }

    /** Builds an {@link EngineConfig}. */
    public static final class Builder {
        private final CatalogLocation catalog;
        private String dataPath;
        private boolean readOnly;
        private int threads = Math.max(1, Math.min(2, Runtime.getRuntime().availableProcessors()));
        private String memoryLimit = "1GB";
        private Path temporaryDirectory;
        private Path extensionDirectory;
        private Integer dataInliningRowLimit;
        private final Map<String, Map<String, String>> secrets = new LinkedHashMap<>();
        private int maxConcurrentReads = 16;
        private int maxPendingCommits = 8;
        private Duration acquireTimeout = Duration.ofSeconds(60);
        private int commitRetries = 5;
        private Duration commitRetryBackoff = Duration.ofMillis(50);

        private Builder(CatalogLocation catalog) {
            this.catalog = Objects.requireNonNull(catalog, "catalog");
        }

        public Builder dataPath(String dataPath) {
            this.dataPath = Objects.requireNonNull(dataPath, "dataPath");
            return this;
        }

        public Builder readOnly(boolean readOnly) {
            this.readOnly = readOnly;
            return this;
        }

        public Builder threads(int threads) {
            this.threads = requirePositive(threads, "threads");
            return this;
        }

        /** DuckDB's memory limit, for example {@code 512MB} or {@code 2GB}. */
        public Builder memoryLimit(String memoryLimit) {
            this.memoryLimit = Objects.requireNonNull(memoryLimit, "memoryLimit");
            return this;
        }

        public Builder temporaryDirectory(Path temporaryDirectory) {
            this.temporaryDirectory = Objects.requireNonNull(temporaryDirectory, "temporaryDirectory");
            return this;
        }

        public Builder extensionDirectory(Path extensionDirectory) {
            this.extensionDirectory = Objects.requireNonNull(extensionDirectory, "extensionDirectory");
            return this;
        }

        /** Commits of at most this many rows are kept in the catalog instead of a Parquet file; 0 disables. */
        public Builder dataInliningRowLimit(int rows) {
            if (rows < 0) {
                throw new IllegalArgumentException("dataInliningRowLimit must be >= 0, got " + rows);
            }
            this.dataInliningRowLimit = rows;
            return this;
        }

        public Builder secret(String name, Map<String, String> parameters) {
            secrets.put(Objects.requireNonNull(name, "name"), Map.copyOf(parameters));
            return this;
        }

        public Builder maxConcurrentReads(int maxConcurrentReads) {
            this.maxConcurrentReads = requirePositive(maxConcurrentReads, "maxConcurrentReads");
            return this;
        }

        public Builder maxPendingCommits(int maxPendingCommits) {
            this.maxPendingCommits = requirePositive(maxPendingCommits, "maxPendingCommits");
            return this;
        }

        /** How long a read or commit waits for a free slot before it fails with {@code LakeBusyException}. */
        public Builder acquireTimeout(Duration acquireTimeout) {
            this.acquireTimeout = Objects.requireNonNull(acquireTimeout, "acquireTimeout");
            return this;
        }

        /** How often a commit that hit a DuckLake conflict is tried again before it fails. */
        public Builder commitRetries(int commitRetries) {
            if (commitRetries < 0) {
                throw new IllegalArgumentException("commitRetries must be >= 0, got " + commitRetries);
            }
            this.commitRetries = commitRetries;
            return this;
        }

        /** The first wait between commit attempts; it doubles with each retry. */
        public Builder commitRetryBackoff(Duration commitRetryBackoff) {
            this.commitRetryBackoff = Objects.requireNonNull(commitRetryBackoff, "commitRetryBackoff");
            return this;
        }

        public EngineConfig build() {
            return new EngineConfig(this);
        }

        private static int requirePositive(int value, String name) {
            if (value <= 0) {
                throw new IllegalArgumentException(name + " must be positive, got " + value);
            }
            return value;
        }
    }
}
