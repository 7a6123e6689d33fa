package dev.ducklake.flink.source;

import static org.apache.flink.util.Preconditions.checkArgument;
import static org.apache.flink.util.Preconditions.checkNotNull;
import static org.apache.flink.util.Preconditions.checkState;

import dev.ducklake.engine.EngineRegistry;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.schema.TableSchema;
import dev.ducklake.flink.common.EngineSpec;
import dev.ducklake.flink.common.FlinkLakeTypes;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.types.logical.RowType;

/**
 * Builds a {@link DuckLakeSource}. Required: {@link #catalog} and {@link #table}. Without
 * {@link #rowType}, the produced type is read from the table's definition when the source is built
 * (on the client), with {@link #columns} choosing and ordering the columns.
 */
@PublicEvolving
public final class DuckLakeSourceBuilder {

    /** How often the source looks for new versions, by default. */
    public static final Duration DEFAULT_DISCOVERY_INTERVAL = Duration.ofSeconds(1);

    private String catalog;
    private String catalogPassword;
    private String dataPath;
    private String table;
    private RowType rowType;
    private List<String> columns = List.of();
    private LakeFilter filter;
    private StartupMode startupMode = StartupMode.FULL;
    private Long startupValue;
    private Long endVersion;
    private boolean endAtLatestVersion;
    private final Map<String, Map<String, String>> secrets = new LinkedHashMap<>();
    private boolean snapshotOnly;
    private Duration discoveryInterval = DEFAULT_DISCOVERY_INTERVAL;
    private int threads = 1;
    private String memoryLimit;
    private String temporaryDirectory;

    DuckLakeSourceBuilder() {}

    /** The DuckLake metadata catalog, as it follows {@code ducklake:} in DuckDB's ATTACH. */
    public DuckLakeSourceBuilder catalog(String catalog) {
        this.catalog = checkNotNull(catalog, "catalog");
        return this;
    }

    /**
     * The password of a PostgreSQL catalog, kept out of the connection string; or leave it to libpq's
     * {@code PGPASSWORD} or {@code ~/.pgpass} on every TaskManager.
     */
    public DuckLakeSourceBuilder catalogPassword(String password) {
        this.catalogPassword = checkNotNull(password, "password");
        return this;
    }

    public DuckLakeSourceBuilder dataPath(String dataPath) {
        this.dataPath = dataPath;
        return this;
    }

    /** The table, {@code table} or {@code schema.table}. */
    public DuckLakeSourceBuilder table(String table) {
        this.table = checkNotNull(table, "table");
        return this;
    }

    /**
     * The produced row type: columns of the table by name, each of a type the column can be read
     * as. Checked against the table when the enumerator starts.
     */
    public DuckLakeSourceBuilder rowType(RowType rowType) {
        this.rowType = checkNotNull(rowType, "rowType");
        return this;
    }

    /** The columns to read, in this order (default all); used when no row type is given. */
    public DuckLakeSourceBuilder columns(String... columns) {
        this.columns = List.of(columns);
        return this;
    }

    /** Reads only the rows and changes of rows that satisfy the filter; see {@link LakeFilter}. */
    public DuckLakeSourceBuilder filter(LakeFilter filter) {
        this.filter = checkNotNull(filter, "filter");
        return this;
    }

    /** Where the change stream starts; default {@link StartupMode#FULL}. */
    public DuckLakeSourceBuilder startupMode(StartupMode mode) {
        this.startupMode = checkNotNull(mode, "mode");
        return this;
    }

    /** Reads the changes after this version of the table. */
    public DuckLakeSourceBuilder startAfterVersion(long version) {
        this.startupMode = StartupMode.VERSION;
        this.startupValue = version;
        return this;
    }

    /** Reads the changes after the last version committed at or before this time. */
    public DuckLakeSourceBuilder startAfterTimestamp(long epochMillis) {
        this.startupMode = StartupMode.TIMESTAMP;
        this.startupValue = epochMillis;
        return this;
    }

    /** Stops after this version; the source is then bounded. */
    public DuckLakeSourceBuilder endVersion(long version) {
        this.endVersion = version;
        this.endAtLatestVersion = false;
        return this;
    }

    /**
     * Stops after the table's latest version when {@link #build()} runs; the source is then
     * bounded, and a restored job keeps that end.
     */
    public DuckLakeSourceBuilder endAtLatestVersion() {
        this.endVersion = null;
        this.endAtLatestVersion = true;
        return this;
    }

    /** Reads the table at its latest version as inserts and stops (bounded, for batch jobs). */
    public DuckLakeSourceBuilder snapshot() {
        this.snapshotOnly = true;
        this.startupMode = StartupMode.FULL;
        this.startupValue = null;
        return this;
    }

    /** Reads the table as it was at a version and stops (time travel). */
    public DuckLakeSourceBuilder snapshotAtVersion(long version) {
        this.snapshotOnly = true;
        this.startupMode = StartupMode.VERSION;
        this.startupValue = version;
        return this;
    }

    /** Reads the table as it was at a time and stops (time travel). */
    public DuckLakeSourceBuilder snapshotAtTimestamp(long epochMillis) {
        this.snapshotOnly = true;
        this.startupMode = StartupMode.TIMESTAMP;
        this.startupValue = epochMillis;
        return this;
    }

    public DuckLakeSourceBuilder discoveryInterval(Duration interval) {
        checkArgument(!interval.isNegative() && !interval.isZero(), "discovery interval must be positive, got %s",
                interval);
        this.discoveryInterval = interval;
        return this;
    }

    /** DuckDB threads per TaskManager JVM; default 1. */
    public DuckLakeSourceBuilder threads(int threads) {
        checkArgument(threads > 0, "threads must be positive, got %s", threads);
        this.threads = threads;
        return this;
    }

    public DuckLakeSourceBuilder memoryLimit(String memoryLimit) {
        this.memoryLimit = memoryLimit;
        return this;
    }

    public DuckLakeSourceBuilder temporaryDirectory(String temporaryDirectory) {
        this.temporaryDirectory = temporaryDirectory;
        return this;
    }

    /**
     * A DuckDB secret the engine creates, such as credentials for a data path on object storage:
     * its name and its {@code CREATE SECRET} parameters, {@code TYPE} among them.
     */
    public DuckLakeSourceBuilder secret(String name, Map<String, String> parameters) {
        secrets.put(checkNotNull(name, "name"), Map.copyOf(parameters));
        return this;
    }

    /** The table's definition, read through this JVM's shared engine; fails when it does not exist. */
    public TableSchema describe() {
        try (EngineRegistry.Lease lease = lease()) {
            return lease.engine().describeTable(TableName.parse(table));
        }
    }

    public DuckLakeSource build() {
        checkState(startupMode != StartupMode.VERSION && startupMode != StartupMode.TIMESTAMP || startupValue != null,
                "startup mode %s needs a version or a timestamp", startupMode);
        TableName name = TableName.parse(table);
        TableSchema schema;
        Long end = endVersion;
        try (EngineRegistry.Lease lease = lease()) {
            schema = lease.engine().describeTable(name);
            if (endAtLatestVersion) {
                end = lease.engine().latestVersion(name);
            }
        }
        RowType produced = rowType != null ? ReadableColumns.check(name, schema, rowType)
                : FlinkLakeTypes.toFlinkRowType(schema, columns);
        return new DuckLakeSource(new SourceSettings(engine(), table, produced, schema.hasPrimaryKey(), filter,
                snapshotOnly, startupMode, startupValue, end, discoveryInterval));
    }

    /** A hold on this JVM's shared engine for the catalog, to look at the table from the client. */
    private EngineRegistry.Lease lease() {
        checkState(catalog != null, "catalog is required");
        checkState(table != null, "table is required");
        return EngineRegistry.shared().acquire(engine().toEngineConfig());
    }

    private EngineSpec engine() {
        EngineSpec engine = new EngineSpec(catalog).catalogPassword(catalogPassword).dataPath(dataPath)
                .threads(threads).memoryLimit(memoryLimit)
                .temporaryDirectory(temporaryDirectory);
        secrets.forEach(engine::secret);
        return engine;
    }
}
