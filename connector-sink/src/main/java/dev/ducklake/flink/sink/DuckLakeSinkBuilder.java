package dev.ducklake.flink.sink;

import static org.apache.flink.util.Preconditions.checkArgument;
import static org.apache.flink.util.Preconditions.checkNotNull;
import static org.apache.flink.util.Preconditions.checkState;

import dev.ducklake.engine.schema.TableName;
import dev.ducklake.flink.common.EngineSpec;
import dev.ducklake.flink.common.FlinkLakeTypes;
import dev.ducklake.flink.sink.internal.CommitObserver;
import dev.ducklake.flink.sink.internal.SinkMode;
import dev.ducklake.flink.sink.internal.SinkSettings;
import dev.ducklake.flink.sink.internal.StagingDirectory;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.types.logical.RowType;

/**
 * Builds a {@link DuckLakeSink}. The catalog, the table and the row type are required; a primary
 * key makes the sink apply changes by key, otherwise it appends.
 *
 * <pre>{@code
 * DuckLakeSink<Order> sink = DuckLakeSink.<Order>builder()
 *         .catalog("/data/lake/metadata.ducklake")
 *         .table("sales.orders")
 *         .rowType(ORDER_ROW_TYPE)
 *         .primaryKey("order_id")
 *         .converter(order -> GenericRowData.ofKind(RowKind.INSERT, ...))
 *         .build();
 * orders.sinkTo(sink);
 * }</pre>
 */
@PublicEvolving
public final class DuckLakeSinkBuilder<IN> {

    private String catalog;
    private String catalogPassword;
    private String dataPath;
    private String table;
    private RowType rowType;
    private List<String> primaryKey = List.of();
    private List<String> partitionKeys = List.of();
    private boolean overwrite;
    private String stagingPath;
    private RowDataConverter<IN> converter;
    private boolean shuffleByKey = true;
    private int threads = DEFAULT_THREADS;
    private String memoryLimit;
    private String temporaryDirectory;
    private Integer dataInliningRowLimit;
    private Integer commitRetries;
    private Duration commitRetryBackoff;
    private Duration compactionInterval;
    private final Map<String, Map<String, String>> secrets = new LinkedHashMap<>();
    private CommitObserver observer = CommitObserver.NONE;

    /**
     * DuckDB threads by default: one, because DuckDB shares the TaskManager's cores with Flink's
     * task threads (measured in docs/benchmarks.md: one thread beats two on a two-core machine).
     */
    public static final int DEFAULT_THREADS = 1;

    DuckLakeSinkBuilder() {}

    /** The DuckLake catalog as DuckDB's ATTACH takes it after {@code ducklake:}: a file, {@code sqlite:...} or {@code postgres:...}. */
    public DuckLakeSinkBuilder<IN> catalog(String catalog) {
        this.catalog = checkNotNull(catalog, "catalog");
        return this;
    }

    /**
     * The password of a PostgreSQL catalog, kept out of the connection string; or leave it to libpq's
     * {@code PGPASSWORD} or {@code ~/.pgpass} on every TaskManager.
     */
    public DuckLakeSinkBuilder<IN> catalogPassword(String password) {
        this.catalogPassword = checkNotNull(password, "password");
        return this;
    }

    /** Where DuckLake keeps data files; required when the catalog is created by this sink on PostgreSQL. */
    public DuckLakeSinkBuilder<IN> dataPath(String dataPath) {
        this.dataPath = checkNotNull(dataPath, "dataPath");
        return this;
    }

    /** The table, {@code table} or {@code schema.table}. */
    public DuckLakeSinkBuilder<IN> table(String table) {
        this.table = checkNotNull(table, "table");
        return this;
    }

    /** The fields of the rows the converter produces; the table is created from it when missing. */
    public DuckLakeSinkBuilder<IN> rowType(RowType rowType) {
        this.rowType = checkNotNull(rowType, "rowType");
        return this;
    }

    /** The primary key: the sink then upserts and deletes by it. */
    public DuckLakeSinkBuilder<IN> primaryKey(String... columns) {
        this.primaryKey = List.of(columns);
        return this;
    }

    /** Identity partitioning of a table the sink creates. */
    public DuckLakeSinkBuilder<IN> partitionBy(String... columns) {
        this.partitionKeys = List.of(columns);
        return this;
    }

    /** Replace the table's contents with the input at the end of a bounded job (batch overwrite). */
    public DuckLakeSinkBuilder<IN> overwrite(boolean overwrite) {
        this.overwrite = overwrite;
        return this;
    }

    /**
     * Directory for staged files between a checkpoint and its commit, shared by all TaskManagers and
     * outside the lake's data path (the writers refuse a path inside it). Defaults to
     * {@code <data path>.flink-staging} beside a local data path, else {@code <catalog file>.flink-staging}.
     */
    public DuckLakeSinkBuilder<IN> stagingPath(String stagingPath) {
        this.stagingPath = checkNotNull(stagingPath, "stagingPath");
        return this;
    }

    /** Turns records into {@code RowData} of the row type. */
    public DuckLakeSinkBuilder<IN> converter(RowDataConverter<IN> converter) {
        this.converter = checkNotNull(converter, "converter");
        return this;
    }

    /**
     * Whether an upsert sink routes each key to one writer (default true). Turn it off only when the
     * input is already partitioned by the primary key, as Flink SQL's planner does, or when the sink
     * runs one writer; either saves a network exchange per record.
     */
    public DuckLakeSinkBuilder<IN> shuffleByKey(boolean shuffleByKey) {
        this.shuffleByKey = shuffleByKey;
        return this;
    }

    /** DuckDB threads per TaskManager JVM; default {@value #DEFAULT_THREADS}. */
    public DuckLakeSinkBuilder<IN> threads(int threads) {
        checkArgument(threads > 0, "threads must be positive, got %s", threads);
        this.threads = threads;
        return this;
    }

    /** DuckDB's memory limit per TaskManager JVM, for example {@code 1GB}; staging beyond it spills to disk. */
    public DuckLakeSinkBuilder<IN> memoryLimit(String memoryLimit) {
        this.memoryLimit = checkNotNull(memoryLimit, "memoryLimit");
        return this;
    }

    /** Where DuckDB spills. */
    public DuckLakeSinkBuilder<IN> temporaryDirectory(String temporaryDirectory) {
        this.temporaryDirectory = checkNotNull(temporaryDirectory, "temporaryDirectory");
        return this;
    }

    /**
     * A DuckDB secret the engine creates, such as credentials for a data path on object storage:
     * its name and its {@code CREATE SECRET} parameters, {@code TYPE} among them.
     */
    public DuckLakeSinkBuilder<IN> secret(String name, Map<String, String> parameters) {
        secrets.put(checkNotNull(name, "name"), Map.copyOf(parameters));
        return this;
    }

    /** Commits of at most this many rows are inlined into the catalog instead of writing a Parquet file. */
    public DuckLakeSinkBuilder<IN> dataInliningRowLimit(int rows) {
        checkArgument(rows >= 0, "dataInliningRowLimit must be >= 0, got %s", rows);
        this.dataInliningRowLimit = rows;
        return this;
    }

    /** Retries of a commit that conflicts with a concurrent commit; when exhausted the job fails and restarts. */
    public DuckLakeSinkBuilder<IN> commitRetries(int retries, Duration firstBackoff) {
        checkArgument(retries >= 0, "commit retries must be >= 0, got %s", retries);
        this.commitRetries = retries;
        this.commitRetryBackoff = checkNotNull(firstBackoff, "firstBackoff");
        return this;
    }

    /** Compact the table (flush inlined rows, rewrite mostly deleted files, merge small files) at most this often. */
    public DuckLakeSinkBuilder<IN> compactionInterval(Duration interval) {
        checkArgument(!interval.isNegative() && !interval.isZero(), "compaction interval must be positive");
        this.compactionInterval = interval;
        return this;
    }

    /** Told of every commit; the sink's tests lose acknowledgements with it. */
    DuckLakeSinkBuilder<IN> commitObserver(CommitObserver observer) {
        this.observer = checkNotNull(observer, "observer");
        return this;
    }

    public DuckLakeSink<IN> build() {
        checkState(catalog != null, "Set the DuckLake catalog with catalog(...)");
        checkState(table != null, "Set the table with table(...)");
        checkState(rowType != null, "Set the row type with rowType(...)");
        checkState(converter != null, "Set a converter to RowData with converter(...)");
        // Fail here, not in the tasks, on a malformed name or a type DuckLake cannot hold.
        TableName.parse(table);
        for (String column : primaryKey) {
            checkArgument(rowType.getFieldNames().contains(column), "Primary key column '%s' is not in the row type %s",
                    column, rowType);
        }
        for (String column : partitionKeys) {
            checkArgument(rowType.getFieldNames().contains(column), "Partition column '%s' is not in the row type %s",
                    column, rowType);
        }
        FlinkLakeTypes.toLakeSchema(rowType, primaryKey, partitionKeys);
        EngineSpec engine = new EngineSpec(catalog).catalogPassword(catalogPassword).dataPath(dataPath)
                .threads(threads).memoryLimit(memoryLimit)
                .temporaryDirectory(temporaryDirectory).dataInliningRowLimit(dataInliningRowLimit)
                .commitRetries(commitRetries).commitRetryBackoff(commitRetryBackoff);
        secrets.forEach(engine::secret);
        engine.toEngineConfig();
        String staging = stagingPath != null ? stagingPath
                : StagingDirectory.defaultRoot(engine.catalogLocation(), dataPath).map(Object::toString)
                        .orElseThrow(() -> new IllegalStateException("Set stagingPath(...): the catalog is PostgreSQL"
                                + " and the data path " + dataPath + " is not a local directory, so there is no"
                                + " default place for staged files that every TaskManager reaches"));
        if (dataPath != null) {
            // The catalog's own data path is checked when the writers open.
            StagingDirectory.requireOutsideDataPaths(Path.of(staging), List.of(dataPath), TableName.parse(table));
        }
        SinkMode mode = overwrite ? SinkMode.OVERWRITE : primaryKey.isEmpty() ? SinkMode.APPEND : SinkMode.UPSERT;
        SinkSettings settings = new SinkSettings(engine, table, rowType, primaryKey, partitionKeys, mode, staging,
                UUID.randomUUID().toString(), compactionInterval);
        return new DuckLakeSink<>(settings, converter, shuffleByKey, observer);
    }
}
