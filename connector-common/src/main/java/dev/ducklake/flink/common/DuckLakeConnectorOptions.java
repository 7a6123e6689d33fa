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

import static org.apache.flink.configuration.description.TextElement.text;

import dev.ducklake.engine.config.EngineConfig;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.write.CommitRetries;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;
import org.apache.flink.configuration.DescribedEnum;
import org.apache.flink.configuration.description.InlineElement;
import org.apache.flink.table.catalog.CommonCatalogOptions;
import org.apache.flink.table.connector.source.lookup.LookupOptions;
import org.apache.flink.table.factories.FactoryUtil;

/**
 * Options of the {@code 'connector' = 'ducklake'} tables, for the sink and the source: each setting
 * of the connector is declared here once, with its default and its description, and the SQL
 * factories, the builders and {@link EngineSpec} read it from here. Where the engine has a default,
 * the option's default is the engine's constant ({@code EngineConfig.DEFAULT_*}), so the default is
 * written in one place.
 *
 * <pre>{@code
 * CREATE TABLE orders (order_id STRING, amount DECIMAL(12, 2), PRIMARY KEY (order_id) NOT ENFORCED)
 * WITH ('connector' = 'ducklake', 'catalog' = '/data/lake/metadata.ducklake', 'sink.parallelism' = '4');
 * }</pre>
 */
@PublicEvolving
public final class DuckLakeConnectorOptions {

    /** The value of {@code 'connector'} for DuckLake tables, read and written. */
    public static final String IDENTIFIER = "ducklake";

    /**
     * Prefix of the options that create DuckDB secrets, for example credentials for object storage:
     * {@code 'duckdb.secret.<name>.<parameter>' = '<value>'} gives secret {@code <name>} the {@code
     * CREATE SECRET} parameter {@code <parameter>}, and {@code type} is required.
     */
    public static final String DUCKDB_SECRET_PREFIX = "duckdb.secret.";

    private DuckLakeConnectorOptions() {}

    /**
     * The DuckDB secrets among a table's options, by name, each a map of {@code CREATE SECRET}
     * parameters with upper-case names; fails naming the option that is not {@code
     * duckdb.secret.<name>.<parameter>}, or the secret without a {@code type}.
     */
    public static Map<String, Map<String, String>> secrets(Map<String, String> tableOptions) {
        Map<String, Map<String, String>> secrets = new TreeMap<>();
        tableOptions.forEach(
                (key, value) -> {
                    if (key.startsWith(DUCKDB_SECRET_PREFIX)) {
                        String[] nameAndParameter =
                                key.substring(DUCKDB_SECRET_PREFIX.length()).split("\\.", 2);
                        if (nameAndParameter.length != 2
                                || nameAndParameter[0].isEmpty()
                                || nameAndParameter[1].isEmpty()) {
                            throw new IllegalArgumentException(
                                    "Option '"
                                            + key
                                            + "' must be '"
                                            + DUCKDB_SECRET_PREFIX
                                            + "<secret name>.<parameter>', for example '"
                                            + DUCKDB_SECRET_PREFIX
                                            + "lake_s3.key_id'");
                        }
                        secrets.computeIfAbsent(nameAndParameter[0], name -> new TreeMap<>())
                                .put(nameAndParameter[1].toUpperCase(Locale.ROOT), value);
                    }
                });
        secrets.forEach(
                (name, parameters) -> {
                    if (!parameters.containsKey("TYPE")) {
                        throw new IllegalArgumentException(
                                "DuckDB secret '"
                                        + name
                                        + "' needs '"
                                        + DUCKDB_SECRET_PREFIX
                                        + name
                                        + ".type', for example 's3'");
                    }
                });
        return secrets;
    }

    /**
     * A sink's commit retries, {@link #SINK_COMMIT_RETRIES} and {@link #SINK_COMMIT_RETRY_BACKOFF};
     * fails naming the options when one is out of range.
     */
    public static CommitRetries commitRetries(int retries, Duration firstBackoff) {
        try {
            return new CommitRetries(retries, firstBackoff);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "Options '"
                            + SINK_COMMIT_RETRIES.key()
                            + "', '"
                            + SINK_COMMIT_RETRY_BACKOFF.key()
                            + "': "
                            + e.getMessage(),
                    e);
        }
    }

    /** A sink's commit retries when its options set none: their defaults. */
    public static CommitRetries defaultCommitRetries() {
        return commitRetries(
                SINK_COMMIT_RETRIES.defaultValue(), SINK_COMMIT_RETRY_BACKOFF.defaultValue());
    }

    /** The options a {@code 'connector' = 'ducklake'} table requires: the catalog. */
    public static Set<ConfigOption<?>> requiredOptions() {
        return Set.of(CATALOG);
    }

    /**
     * Every other option of a {@code 'connector' = 'ducklake'} table, the sink's and the source's
     * alike: a table is declared once, and both reading and writing it must accept its options and
     * refuse a misspelled one.
     */
    public static Set<ConfigOption<?>> optionalOptions() {
        Set<ConfigOption<?>> options = new HashSet<>(engineOptions());
        options.remove(CATALOG);
        options.add(TABLE_NAME);
        options.addAll(sinkOptions());
        options.addAll(sourceOptions());
        return Set.copyOf(options);
    }

    /**
     * The options that say how a task opens the lake's engine, shared by the sink and the source:
     * {@link EngineSpec} holds them and reads them into the engine's settings. The secrets under
     * {@value #DUCKDB_SECRET_PREFIX} go with them.
     */
    public static Set<ConfigOption<?>> engineOptions() {
        return Set.of(
                CATALOG,
                CATALOG_PASSWORD,
                DATA_PATH,
                DUCKDB_THREADS,
                DUCKDB_MEMORY_LIMIT,
                DUCKDB_TEMP_DIRECTORY,
                DUCKDB_EXTENSION_DIRECTORY,
                DATA_INLINING_ROW_LIMIT);
    }

    /**
     * The options a table of the {@code 'type' = 'ducklake'} catalog may keep ({@code CREATE TABLE
     * ... WITH}) or a hint may set: the sink's and the source's own. The lake-wide ones (the
     * engine's, the secrets, {@code table-name}) belong to the catalog; {@link
     * #refuseTableKey(String)} says why.
     */
    public static Set<ConfigOption<?>> tableOptions() {
        Set<ConfigOption<?>> options = new HashSet<>(sinkOptions());
        options.addAll(sourceOptions());
        return Set.copyOf(options);
    }

    /**
     * The options of {@code CREATE CATALOG ... WITH ('type' = 'ducklake', ...)}: the engine's,
     * {@link #DEFAULT_DATABASE}, and every {@linkplain #tableOptions() table option} as a default
     * for all of the catalog's tables. The secrets under {@value #DUCKDB_SECRET_PREFIX} go with
     * them.
     */
    public static Set<ConfigOption<?>> catalogOptions() {
        Set<ConfigOption<?>> options = new HashSet<>(engineOptions());
        options.addAll(tableOptions());
        options.add(DEFAULT_DATABASE);
        return Set.copyOf(options);
    }

    /**
     * Fails, naming the key, when a catalog table's option (at {@code CREATE TABLE}, or in a hint)
     * is one of the lake-wide options: a stored option is readable by every DuckDB user of the
     * lake, so a secret must not be stored; the engine is shared per JVM, so its settings cannot
     * differ per table; and a catalog table's name is its path.
     */
    public static void refuseTableKey(String key) {
        boolean engineKey =
                engineOptions().stream().anyMatch(option -> option.key().equals(key))
                        || key.startsWith("duckdb.");
        if (engineKey || key.equals(TABLE_NAME.key())) {
            throw new IllegalArgumentException(
                    "Option '"
                            + key
                            + "' cannot be set on a table of a DuckLake catalog:"
                            + (engineKey
                                    ? " it applies to the whole lake; set it on the catalog (CREATE CATALOG ... WITH)"
                                    : " a catalog table's DuckLake name is its catalog path, database.table"));
        }
    }

    /** The sink's own options, besides the engine's. */
    private static Set<ConfigOption<?>> sinkOptions() {
        return Set.of(
                SINK_PARALLELISM,
                SINK_STAGING_PATH,
                SINK_COMMIT_RETRIES,
                SINK_COMMIT_RETRY_BACKOFF,
                SINK_COMPACTION_INTERVAL,
                SINK_UPSERT_INDEX,
                SINK_LINEAGE_INPUTS);
    }

    /** The source's own options, its lookups' included. */
    private static Set<ConfigOption<?>> sourceOptions() {
        return Set.of(
                SCAN_PARALLELISM,
                SCAN_STARTUP_MODE,
                SCAN_STARTUP_VERSION,
                SCAN_STARTUP_TIMESTAMP_MILLIS,
                SCAN_DISCOVERY_INTERVAL,
                SCAN_BATCH_SIZE,
                SCAN_SNAPSHOT_WATERMARKS,
                SCAN_END_VERSION,
                SCAN_VERSION,
                SCAN_TIMESTAMP_MILLIS,
                LOOKUP_CACHE,
                LOOKUP_PARTIAL_CACHE_EXPIRE_AFTER_ACCESS,
                LOOKUP_PARTIAL_CACHE_EXPIRE_AFTER_WRITE,
                LOOKUP_PARTIAL_CACHE_CACHE_MISSING_KEY,
                LOOKUP_PARTIAL_CACHE_MAX_ROWS,
                LOOKUP_FULL_CACHE_RELOAD_INTERVAL,
                LOOKUP_FULL_CACHE_STORAGE,
                LOOKUP_FULL_CACHE_DISK_DIRECTORY,
                LOOKUP_MAX_RETRIES,
                LOOKUP_BATCH_MAX_KEYS);
    }

    // --------------------------------------------------------------------------------------------
    // The lake
    // --------------------------------------------------------------------------------------------

    public static final ConfigOption<String> CATALOG =
            ConfigOptions.key("catalog")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "The DuckLake metadata catalog, as it follows 'ducklake:' in DuckDB's ATTACH: a DuckDB"
                                    + " file path, 'sqlite:<path>', or 'postgres:<libpq connection string>'. A DuckDB file admits one"
                                    + " process; use PostgreSQL when several TaskManagers write.");

    public static final ConfigOption<String> CATALOG_PASSWORD =
            ConfigOptions.key("catalog.password")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "The PostgreSQL catalog's password. Keep it here, or in the TaskManagers' PGPASSWORD or"
                                    + " ~/.pgpass, never in 'catalog': Flink hides the values of options named like passwords when"
                                    + " it prints a table's options, and the connector masks it in every message.");

    public static final ConfigOption<String> DATA_PATH =
            ConfigOptions.key("data-path")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "Where DuckLake keeps the table's data files. Optional for file catalogs (DuckLake's"
                                    + " default is beside the catalog file); required when a PostgreSQL catalog is created.");

    public static final ConfigOption<String> TABLE_NAME =
            ConfigOptions.key("table-name")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "The DuckLake table, 'table' or 'schema.table'. Defaults to the Flink table's name.");

    public static final ConfigOption<Integer> DUCKDB_THREADS =
            ConfigOptions.key("duckdb.threads")
                    .intType()
                    .defaultValue(EngineConfig.DEFAULT_THREADS)
                    .withDescription(
                            "DuckDB threads per TaskManager JVM, shared by every DuckLake sink and source in it."
                                    + " DuckDB shares the TaskManager's cores with Flink's task threads; raise it on TaskManagers"
                                    + " with cores to spare.");

    public static final ConfigOption<String> DUCKDB_MEMORY_LIMIT =
            ConfigOptions.key("duckdb.memory-limit")
                    .stringType()
                    .defaultValue(EngineConfig.DEFAULT_MEMORY_LIMIT)
                    .withDescription(
                            "DuckDB's memory limit per TaskManager JVM, a size such as '512MB', '2GB' or '1.5GiB',"
                                    + " at least "
                                    + EngineConfig.MIN_MEMORY_LIMIT_MB
                                    + "MB. Staged rows beyond it spill to"
                                    + " 'duckdb.temp-directory'.");

    public static final ConfigOption<String> DUCKDB_TEMP_DIRECTORY =
            ConfigOptions.key("duckdb.temp-directory")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "Where DuckDB spills. Defaults to a private directory under java.io.tmpdir, removed"
                                    + " when the engine closes.");

    public static final ConfigOption<String> DUCKDB_EXTENSION_DIRECTORY =
            ConfigOptions.key("duckdb.extension-directory")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "Where DuckDB finds the extensions the connector loads (ducklake, postgres, sqlite,"
                                    + " httpfs, aws), laid out as DuckDB's extension_directory:"
                                    + " <directory>/v<DuckDB version>/<platform>/<extension>.duckdb_extension, on every host that"
                                    + " opens the lake (clients, the JobManager and the TaskManagers). By default the connector's"
                                    + " jar carries them for linux_amd64, linux_arm64 and osx_arm64 and places them once per host"
                                    + " under java.io.tmpdir; on other platforms the default is DuckDB's own, ~/.duckdb/extensions"
                                    + " of the user running Flink.");

    public static final ConfigOption<Integer> DATA_INLINING_ROW_LIMIT =
            ConfigOptions.key("data-inlining-row-limit")
                    .intType()
                    .noDefaultValue()
                    .withDescription(
                            "Commits of at most this many rows are stored in the catalog instead of a new Parquet"
                                    + " file, so frequent small checkpoints do not leave a tiny file each. DuckLake's default is 10."
                                    + " Inlined rows are moved to Parquet by compaction ('sink.compaction.interval').");

    public static final ConfigOption<String> DEFAULT_DATABASE =
            ConfigOptions.key(CommonCatalogOptions.DEFAULT_DATABASE_KEY)
                    .stringType()
                    .defaultValue(TableName.DEFAULT_SCHEMA)
                    .withDescription(
                            "For 'type' = 'ducklake' catalogs: the DuckLake schema USE CATALOG starts in.");

    // --------------------------------------------------------------------------------------------
    // The sink
    // --------------------------------------------------------------------------------------------

    public static final ConfigOption<Integer> SINK_PARALLELISM = FactoryUtil.SINK_PARALLELISM;

    public static final ConfigOption<String> SINK_STAGING_PATH =
            ConfigOptions.key("sink.staging-path")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "Where staged rows wait between a checkpoint and their commit: a directory every TaskManager"
                                    + " reaches, or a prefix on object storage that speaks the S3 protocol (s3://, gs:// with an HMAC key,"
                                    + " r2://), reached with the 'duckdb.secret.*' options, so no shared file system is needed. An append"
                                    + " of more rows than DuckLake inlines registers its staged Parquet files as the table's data files"
                                    + " where they are, so this place holds lake data like the data path. It must not lie inside the"
                                    + " lake's data path, where DuckLake's orphan cleanup would delete staged files before their commit;"
                                    + " the sink refuses such a path. Defaults to '<data-path>.flink-staging' beside the data path (local"
                                    + " or on object storage that speaks S3), else '<catalog file>.flink-staging'; required for a"
                                    + " PostgreSQL catalog without such a data path.");

    public static final ConfigOption<Integer> SINK_COMMIT_RETRIES =
            ConfigOptions.key("sink.commit.retries")
                    .intType()
                    .defaultValue(EngineConfig.DEFAULT_COMMIT_RETRIES)
                    .withDescription(
                            "Retries of a commit that conflicts with a concurrent commit (another job or client"
                                    + " on the same lake), with doubling backoff. When they are exhausted the job fails, naming the table and"
                                    + " the checkpoint, and commits the rows after restarting from its last checkpoint. Each sink's own,"
                                    + " although the sinks of one catalog share a TaskManager's engine.");

    public static final ConfigOption<Duration> SINK_COMMIT_RETRY_BACKOFF =
            ConfigOptions.key("sink.commit.retry-backoff")
                    .durationType()
                    .defaultValue(EngineConfig.DEFAULT_COMMIT_RETRY_BACKOFF)
                    .withDescription(
                            "The wait before the first commit retry; it doubles with each retry.");

    public static final ConfigOption<List<String>> SINK_LINEAGE_INPUTS =
            ConfigOptions.key("sink.lineage.inputs")
                    .stringType()
                    .asList()
                    .noDefaultValue()
                    .withDescription(
                            "The lake tables ('database.table') the job reads through DuckLake change sources"
                                    + " of the same lake. Each commit then records, for each, the newest version whose changes the"
                                    + " job had fully emitted before the checkpoint it commits (the 'inputs' of its commit"
                                    + " metadata): the sources' watermarks are lake snapshot ids.");

    public static final ConfigOption<Duration> SINK_COMPACTION_INTERVAL =
            ConfigOptions.key("sink.compaction.interval")
                    .durationType()
                    .noDefaultValue()
                    .withDescription(
                            "When set, the committer flushes inlined rows to Parquet, rewrites files most of whose"
                                    + " rows were deleted (upserts delete from older files), and merges adjacent small files of the"
                                    + " table at most this often, after a commit. Off by default: compaction rewrites data and takes"
                                    + " the lake's maintenance lock, and change reads over ranges that start before a compaction"
                                    + " fall back to a full diff.");

    public static final ConfigOption<UpsertIndex> SINK_UPSERT_INDEX =
            ConfigOptions.key("sink.upsert.index")
                    .enumType(UpsertIndex.class)
                    .defaultValue(UpsertIndex.NONE)
                    .withDescription(
                            "How an upsert commit finds the rows its changes replace. 'none': it joins the"
                                    + " checkpoint's changes with the table, a cost that grows with the table. 'flink-state': the"
                                    + " sink keeps every key's current row in Flink keyed state (use RocksDB for large tables) and"
                                    + " passes it on with each change, so a commit reads no more of the table than DuckLake's"
                                    + " deletes do. A job that starts without state loads the table into the index first. When"
                                    + " another writer changes the table, the next commit looks the rows up and the index takes in"
                                    + " the changes. Streaming jobs only; batch jobs join.");

    /** The values of {@link #SINK_UPSERT_INDEX}. */
    public enum UpsertIndex implements DescribedEnum {
        NONE("none", "Commits join the changes with the table."),
        FLINK_STATE("flink-state", "The sink keeps each key's current row in Flink keyed state.");

        private final String value;
        private final String description;

        UpsertIndex(String value, String description) {
            this.value = value;
            this.description = description;
        }

        @Override
        public String toString() {
            return value;
        }

        @Override
        public InlineElement getDescription() {
            return text(description);
        }
    }

    // --------------------------------------------------------------------------------------------
    // The source
    // --------------------------------------------------------------------------------------------

    public static final ConfigOption<Integer> SCAN_PARALLELISM = FactoryUtil.SOURCE_PARALLELISM;

    public static final ConfigOption<ScanStartupMode> SCAN_STARTUP_MODE =
            ConfigOptions.key("scan.startup.mode")
                    .enumType(ScanStartupMode.class)
                    .defaultValue(ScanStartupMode.FULL)
                    .withDescription("Where a streaming read starts.");

    public static final ConfigOption<Long> SCAN_STARTUP_VERSION =
            ConfigOptions.key("scan.startup.version")
                    .longType()
                    .noDefaultValue()
                    .withDescription("The version after which 'version' startup reads changes.");

    public static final ConfigOption<Long> SCAN_STARTUP_TIMESTAMP_MILLIS =
            ConfigOptions.key("scan.startup.timestamp-millis")
                    .longType()
                    .noDefaultValue()
                    .withDescription(
                            "For 'timestamp' startup, epoch milliseconds: changes after the last version committed"
                                    + " at or before this time are read.");

    public static final ConfigOption<Duration> SCAN_DISCOVERY_INTERVAL =
            ConfigOptions.key("scan.discovery-interval")
                    .durationType()
                    .defaultValue(Duration.ofMillis(100))
                    .withDescription(
                            "How often a streaming read looks for new versions of the table. A look is one"
                                    + " statement on the catalog (the lake's latest snapshot) while the lake does not change.");

    public static final ConfigOption<Integer> SCAN_BATCH_SIZE =
            ConfigOptions.key("scan.batch-size")
                    .intType()
                    .defaultValue(8192)
                    .withDescription(
                            "How many rows or changes a read takes from DuckDB at a time, as one columnar batch off"
                                    + " the Java heap; the rows of a batch are converted together. A reader holds at most a few"
                                    + " batches at once, so this bounds its memory; lookups and cache loads read in batches of it"
                                    + " too.");

    public static final ConfigOption<Boolean> SCAN_SNAPSHOT_WATERMARKS =
            ConfigOptions.key("scan.snapshot-watermarks")
                    .booleanType()
                    .defaultValue(false)
                    .withDescription(
                            "Whether a streaming read emits, as its watermarks, the ids of the lake snapshots up to"
                                    + " which it has emitted every change of the table, instead of marking its readers idle when they"
                                    + " have caught up. A DuckLake sink with 'sink.lineage.inputs' records from them which versions"
                                    + " of its inputs each commit reflects. Snapshot ids are not event time: leave it off for a read"
                                    + " whose watermarks feed event-time operators.");

    public static final ConfigOption<Long> SCAN_END_VERSION =
            ConfigOptions.key("scan.end.version")
                    .longType()
                    .noDefaultValue()
                    .withDescription(
                            "A streaming read stops after this version, which makes it bounded.");

    public static final ConfigOption<Long> SCAN_VERSION =
            ConfigOptions.key("scan.version")
                    .longType()
                    .noDefaultValue()
                    .withDescription(
                            "In batch mode, read the table as it was at this version (time travel). Default:"
                                    + " the latest version.");

    public static final ConfigOption<Long> SCAN_TIMESTAMP_MILLIS =
            ConfigOptions.key("scan.timestamp-millis")
                    .longType()
                    .noDefaultValue()
                    .withDescription(
                            "In batch mode, read the table as it was at this time, epoch milliseconds: its last"
                                    + " version committed at or before it (time travel).");

    // --------------------------------------------------------------------------------------------
    // Lookups (Flink's own options, and the size of a batch of keys)
    // --------------------------------------------------------------------------------------------

    public static final ConfigOption<LookupOptions.LookupCacheType> LOOKUP_CACHE =
            LookupOptions.CACHE_TYPE;

    public static final ConfigOption<Duration> LOOKUP_PARTIAL_CACHE_EXPIRE_AFTER_ACCESS =
            LookupOptions.PARTIAL_CACHE_EXPIRE_AFTER_ACCESS;

    public static final ConfigOption<Duration> LOOKUP_PARTIAL_CACHE_EXPIRE_AFTER_WRITE =
            LookupOptions.PARTIAL_CACHE_EXPIRE_AFTER_WRITE;

    public static final ConfigOption<Boolean> LOOKUP_PARTIAL_CACHE_CACHE_MISSING_KEY =
            LookupOptions.PARTIAL_CACHE_CACHE_MISSING_KEY;

    public static final ConfigOption<Long> LOOKUP_PARTIAL_CACHE_MAX_ROWS =
            LookupOptions.PARTIAL_CACHE_MAX_ROWS;

    /**
     * Flink's key for the reload interval of a full cache, with a default: a refresh reads only the
     * changes since the version the cache holds, so it can run often.
     */
    public static final ConfigOption<Duration> LOOKUP_FULL_CACHE_RELOAD_INTERVAL =
            ConfigOptions.key(LookupOptions.FULL_CACHE_PERIODIC_RELOAD_INTERVAL.key())
                    .durationType()
                    .defaultValue(Duration.ofSeconds(10))
                    .withDescription(
                            "With 'lookup.cache' = 'FULL', the most the version the cache holds may lag behind the"
                                    + " table when the cache answers a lookup: a lookup that finds it older first applies the changes"
                                    + " committed since, which costs the changed rows, not the table.");

    public static final ConfigOption<FullCacheStorage> LOOKUP_FULL_CACHE_STORAGE =
            ConfigOptions.key("lookup.full-cache.storage")
                    .enumType(FullCacheStorage.class)
                    .defaultValue(FullCacheStorage.HEAP)
                    .withDescription(
                            "With 'lookup.cache' = 'FULL', where each subtask of the join holds the table's rows."
                                    + " 'heap': in the TaskManager's heap, serialized: the fastest lookups, for tables whose"
                                    + " rows fit the heap of every subtask of the join. 'disk': in RocksDB on the"
                                    + " TaskManager's local disk: the heap holds none of the rows, and RocksDB's memory, off"
                                    + " the heap, is bounded but for about 1.5 bytes a row of filters and indexes.");

    public static final ConfigOption<String> LOOKUP_FULL_CACHE_DISK_DIRECTORY =
            ConfigOptions.key("lookup.full-cache.disk.directory")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "With 'lookup.full-cache.storage' = 'disk', the local directory under which each subtask"
                                    + " of the join keeps its store, in a directory of its own that it deletes when it closes;"
                                    + " by default the JVM's temporary directory ('java.io.tmpdir').");

    public static final ConfigOption<Integer> LOOKUP_MAX_RETRIES = LookupOptions.MAX_RETRIES;

    public static final ConfigOption<Integer> LOOKUP_BATCH_MAX_KEYS =
            ConfigOptions.key("lookup.batch.max-keys")
                    .intType()
                    .defaultValue(1024)
                    .withDescription(
                            "The most keys one query of a lookup join reads: keys that arrive while a query runs"
                                    + " are looked up together in the next one.");

    /** Where a full lookup cache holds the table's rows: see {@link #LOOKUP_FULL_CACHE_STORAGE}. */
    public enum FullCacheStorage {
        HEAP,
        DISK
    }

    /** Where a streaming read of {@code 'connector' = 'ducklake'} starts. */
    public enum ScanStartupMode implements DescribedEnum {
        FULL("full", "The table at its latest version as inserts, then every change after it."),
        LATEST("latest", "Only the changes committed after the job starts."),
        VERSION("version", "The changes after 'scan.startup.version'."),
        TIMESTAMP(
                "timestamp",
                "The changes after the last version committed at or before"
                        + " 'scan.startup.timestamp-millis'.");

        private final String value;
        private final String description;

        ScanStartupMode(String value, String description) {
            this.value = value;
            this.description = description;
        }

        @Override
        public String toString() {
            return value;
        }

        @Override
        public InlineElement getDescription() {
            return text(description);
        }
    }
}
