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

package dev.ducklake.engine.config;

import dev.ducklake.engine.secret.SecretMasking;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Settings of a {@link dev.ducklake.engine.LakeEngine}. Only the catalog is required. DuckDB's own
 * defaults (80% of RAM, one thread per core, spill files in the working directory) do not suit a
 * process that also runs Flink, so the defaults here are bounded; each is a {@code DEFAULT_*}
 * constant, which the connector's options take as their defaults.
 *
 * <pre>{@code
 * EngineConfig config = EngineConfig.builder(CatalogLocation.parse("/data/lake/metadata.ducklake"))
 *     .memoryLimit("2GB")
 *     .threads(2)
 *     .build();
 * }</pre>
 */
public final class EngineConfig {

    /** The smallest memory limit the engine accepts, in MB. */
    public static final int MIN_MEMORY_LIMIT_MB = 64;

    /**
     * DuckDB threads by default: one, because DuckDB shares the process's cores with the rest of
     * it, such as Flink's task threads (docs/benchmarks.md: one thread beats two on a two-core
     * machine).
     */
    public static final int DEFAULT_THREADS = 1;

    /** DuckDB's memory limit by default; staged rows beyond it spill to the temporary directory. */
    public static final String DEFAULT_MEMORY_LIMIT = "1GB";

    /** Reads the engine runs at once by default. */
    public static final int DEFAULT_MAX_CONCURRENT_READS = 16;

    /** Commits the engine queues by default. */
    public static final int DEFAULT_MAX_PENDING_COMMITS = 8;

    /** How long a read or a commit waits for a free slot by default. */
    public static final Duration DEFAULT_ACQUIRE_TIMEOUT = Duration.ofSeconds(60);

    /** Retries of a commit that hit a DuckLake conflict, by default. */
    public static final int DEFAULT_COMMIT_RETRIES = 5;

    /** The first wait between commit attempts by default; it doubles with each retry. */
    public static final Duration DEFAULT_COMMIT_RETRY_BACKOFF = Duration.ofMillis(50);

    /**
     * DuckDB's size syntax: a number and a unit, decimal (KB, MB, ...) or binary (KiB, MiB, ...).
     */
    private static final Pattern MEMORY_SIZE =
            Pattern.compile(
                    "\\s*(\\d+(?:\\.\\d+)?)\\s*(b|bytes?|(?:k|m|g|t)(?:i?b)?)\\s*",
                    Pattern.CASE_INSENSITIVE);

    private final CatalogLocation catalog;
    private final String catalogPassword;
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
        this.catalogPassword = b.catalogPassword;
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

    /**
     * The PostgreSQL catalog's password when it is kept out of the connection string; empty when
     * libpq finds it itself ({@code PGPASSWORD}, {@code ~/.pgpass}) or needs none.
     */
    public Optional<String> catalogPassword() {
        return Optional.ofNullable(catalogPassword);
    }

    /**
     * Where data files go; empty to use the path stored in the catalog (or, for a new file catalog,
     * DuckLake's default beside it).
     */
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

    /**
     * DuckDB's extension directory; empty for the extensions the class path carries (the {@code
     * ducklake-duckdb-extensions} jar), placed once per host under {@code java.io.tmpdir}, or
     * DuckDB's default ({@code ~/.duckdb/extensions}) on a platform the class path carries none
     * for.
     */
    public Optional<Path> extensionDirectory() {
        return Optional.ofNullable(extensionDirectory);
    }

    /** DuckLake's data inlining row limit; empty for DuckLake's default. */
    public Optional<Integer> dataInliningRowLimit() {
        return Optional.ofNullable(dataInliningRowLimit);
    }

    /**
     * DuckDB secrets by name, each a map of {@code CREATE SECRET} parameters including {@code
     * TYPE}.
     */
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
        private String catalogPassword;
        private String dataPath;
        private boolean readOnly;
        private int threads = DEFAULT_THREADS;
        private String memoryLimit = DEFAULT_MEMORY_LIMIT;
        private Path temporaryDirectory;
        private Path extensionDirectory;
        private Integer dataInliningRowLimit;
        private final Map<String, Map<String, String>> secrets = new LinkedHashMap<>();
        private int maxConcurrentReads = DEFAULT_MAX_CONCURRENT_READS;
        private int maxPendingCommits = DEFAULT_MAX_PENDING_COMMITS;
        private Duration acquireTimeout = DEFAULT_ACQUIRE_TIMEOUT;
        private int commitRetries = DEFAULT_COMMIT_RETRIES;
        private Duration commitRetryBackoff = DEFAULT_COMMIT_RETRY_BACKOFF;

        private Builder(CatalogLocation catalog) {
            this.catalog = Objects.requireNonNull(catalog, "catalog");
        }

        /**
         * The password of a PostgreSQL catalog, given to DuckDB as a secret instead of in the
         * connection string, so that it appears in no connection string DuckDB reports.
         */
        public Builder catalogPassword(String password) {
            Objects.requireNonNull(password, "password");
            if (catalog.kind() != CatalogLocation.Kind.POSTGRES) {
                throw new IllegalArgumentException(
                        "A catalog password applies to a PostgreSQL catalog only, not to "
                                + catalog);
            }
            SecretMasking.register(password);
            this.catalogPassword = password;
            return this;
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

        /**
         * DuckDB's memory limit, a size such as {@code 512MB}, {@code 2GB} or {@code 1.5GiB}, at
         * least {@value #MIN_MEMORY_LIMIT_MB} MB.
         */
        public Builder memoryLimit(String memoryLimit) {
            Objects.requireNonNull(memoryLimit, "memoryLimit");
            Matcher size = MEMORY_SIZE.matcher(memoryLimit);
            if (!size.matches()) {
                throw new IllegalArgumentException(
                        "The DuckDB memory limit '"
                                + memoryLimit
                                + "' is not a size such as"
                                + " '512MB', '2GB' or '1.5GiB'");
            }
            double bytes = Double.parseDouble(size.group(1)) * unitBytes(size.group(2));
            if (bytes < MIN_MEMORY_LIMIT_MB * 1_000_000L) {
                throw new IllegalArgumentException(
                        "The DuckDB memory limit '"
                                + memoryLimit
                                + "' is below "
                                + MIN_MEMORY_LIMIT_MB
                                + "MB, too little for DuckDB to attach and write a lake");
            }
            this.memoryLimit = memoryLimit.trim();
            return this;
        }

        private static long unitBytes(String unit) {
            String lower = unit.toLowerCase(Locale.ROOT);
            int power = "bkmgt".indexOf(lower.charAt(0));
            long base = lower.length() > 1 && lower.charAt(1) == 'i' ? 1024 : 1000;
            return lower.startsWith("b") ? 1 : (long) Math.pow(base, power);
        }

        public Builder temporaryDirectory(Path temporaryDirectory) {
            this.temporaryDirectory =
                    Objects.requireNonNull(temporaryDirectory, "temporaryDirectory");
            return this;
        }

        public Builder extensionDirectory(Path extensionDirectory) {
            this.extensionDirectory =
                    Objects.requireNonNull(extensionDirectory, "extensionDirectory");
            return this;
        }

        /**
         * Commits of at most this many rows are kept in the catalog instead of a Parquet file; 0
         * disables.
         */
        public Builder dataInliningRowLimit(int rows) {
            if (rows < 0) {
                throw new IllegalArgumentException(
                        "dataInliningRowLimit must be >= 0, got " + rows);
            }
            this.dataInliningRowLimit = rows;
            return this;
        }

        /**
         * A DuckDB secret the engine creates before it attaches the lake, with its {@code CREATE
         * SECRET} parameters (plain words) including {@code TYPE}; credential values are masked in
         * every message.
         */
        public Builder secret(String name, Map<String, String> parameters) {
            Objects.requireNonNull(name, "name");
            parameters.forEach(
                    (parameter, value) -> {
                        if (!parameter.matches("[A-Za-z_][A-Za-z0-9_]*")) {
                            throw new IllegalArgumentException(
                                    "Parameter '"
                                            + parameter
                                            + "' of DuckDB secret '"
                                            + name
                                            + "' must be a plain word, such as KEY_ID");
                        }
                        if (SecretMasking.isSensitive(parameter)) {
                            SecretMasking.register(value);
                        }
                    });
            secrets.put(name, Map.copyOf(parameters));
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

        /**
         * How long a read or commit waits for a free slot before it fails with {@code
         * LakeBusyException}.
         */
        public Builder acquireTimeout(Duration acquireTimeout) {
            this.acquireTimeout = Objects.requireNonNull(acquireTimeout, "acquireTimeout");
            return this;
        }

        /**
         * How often a commit that hit a DuckLake conflict is tried again before it fails, unless
         * the commit sets its own {@link dev.ducklake.engine.write.CommitOptions.Builder#retries}.
         */
        public Builder commitRetries(int commitRetries) {
            if (commitRetries < 0) {
                throw new IllegalArgumentException(
                        "commitRetries must be >= 0, got " + commitRetries);
            }
            this.commitRetries = commitRetries;
            return this;
        }

        /** The first wait between commit attempts; it doubles with each retry. */
        public Builder commitRetryBackoff(Duration commitRetryBackoff) {
            Objects.requireNonNull(commitRetryBackoff, "commitRetryBackoff");
            if (commitRetryBackoff.isNegative()) {
                throw new IllegalArgumentException(
                        "commitRetryBackoff must not be negative, got " + commitRetryBackoff);
            }
            this.commitRetryBackoff = commitRetryBackoff;
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
