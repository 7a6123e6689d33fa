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

package dev.ducklake.engine;

import dev.ducklake.engine.change.ChangeBatchReader;
import dev.ducklake.engine.change.ChangeMethod;
import dev.ducklake.engine.change.ChangeReader;
import dev.ducklake.engine.change.ChangeRequest;
import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.config.EngineConfig;
import dev.ducklake.engine.error.AlreadyExistsException;
import dev.ducklake.engine.error.LakeClosedException;
import dev.ducklake.engine.error.LakeException;
import dev.ducklake.engine.error.SchemaNotEmptyException;
import dev.ducklake.engine.error.SchemaNotFoundException;
import dev.ducklake.engine.error.UnsupportedChangeException;
import dev.ducklake.engine.internal.DuckDbInstance;
import dev.ducklake.engine.internal.EngineContext;
import dev.ducklake.engine.internal.Jdbc;
import dev.ducklake.engine.internal.QueryCursor;
import dev.ducklake.engine.internal.catalog.MetadataTables;
import dev.ducklake.engine.internal.change.ChangeReads;
import dev.ducklake.engine.internal.maintenance.LakeMaintenance;
import dev.ducklake.engine.internal.read.BatchReaderImpl;
import dev.ducklake.engine.internal.read.ParquetScans;
import dev.ducklake.engine.internal.read.RowReaderImpl;
import dev.ducklake.engine.internal.read.ScanParts;
import dev.ducklake.engine.internal.read.ScanQuery;
import dev.ducklake.engine.internal.table.ColumnChanges;
import dev.ducklake.engine.internal.table.LatestViews;
import dev.ducklake.engine.internal.table.SchemaCatalog;
import dev.ducklake.engine.internal.table.TableCatalog;
import dev.ducklake.engine.internal.table.TableDdl;
import dev.ducklake.engine.internal.table.TableFiles;
import dev.ducklake.engine.internal.table.TableProperties;
import dev.ducklake.engine.internal.transaction.LakeTransactionImpl;
import dev.ducklake.engine.internal.transform.SqlTransform;
import dev.ducklake.engine.internal.version.SnapshotLog;
import dev.ducklake.engine.internal.version.VersionLog;
import dev.ducklake.engine.internal.write.ArrowParquetWriterImpl;
import dev.ducklake.engine.internal.write.CommitExecutor;
import dev.ducklake.engine.internal.write.MergeSessionImpl;
import dev.ducklake.engine.internal.write.WriteSessionImpl;
import dev.ducklake.engine.maintenance.MaintenanceReport;
import dev.ducklake.engine.maintenance.MaintenanceRequest;
import dev.ducklake.engine.metadata.LakeFile;
import dev.ducklake.engine.metadata.TableSnapshot;
import dev.ducklake.engine.read.BatchReader;
import dev.ducklake.engine.read.RowReader;
import dev.ducklake.engine.read.ScanPart;
import dev.ducklake.engine.read.ScanRequest;
import dev.ducklake.engine.schema.Column;
import dev.ducklake.engine.schema.LakeObject;
import dev.ducklake.engine.schema.LakeType;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.schema.TableSchema;
import dev.ducklake.engine.transform.TransformRequest;
import dev.ducklake.engine.transform.TransformResult;
import dev.ducklake.engine.version.CommitMetadata;
import dev.ducklake.engine.version.TableVersion;
import dev.ducklake.engine.version.VersionPins;
import dev.ducklake.engine.write.ArrowParquetWriter;
import dev.ducklake.engine.write.LakeTransaction;
import dev.ducklake.engine.write.MergeSession;
import dev.ducklake.engine.write.WriteMode;
import dev.ducklake.engine.write.WriteSession;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.Function;
import org.duckdb.DuckDBConnection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An embedded lake engine: one DuckDB instance with a DuckLake catalog attached, offering typed
 * tables with primary keys, a version per snapshot, write and merge sessions, reads at a version,
 * changes between versions as before/after images, and maintenance. Thread-safe; every reader and
 * session uses a DuckDB connection of its own.
 *
 * <p>Share one engine per catalog within a JVM through {@link EngineRegistry}: a DuckDB-file
 * catalog can be opened by one DuckDB instance only.
 *
 * <pre>{@code
 * try (LakeEngine engine = LakeEngine.open(EngineConfig.builder(CatalogLocation.parse("lake.ducklake")).build())) {
 *     TableName orders = TableName.of("orders");
 *     engine.createTable(orders, schema);
 *     try (MergeSession merge = engine.openMergeSession(orders)) {
 *         merge.upsert(row);
 *         merge.commit();
 *     }
 * }
 * }</pre>
 */
public final class LakeEngine implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(LakeEngine.class);

    private final EngineContext context;
    private final CommitExecutor commits;
    private final TableCatalog tables;
    private final LatestViews latestViews;
    private final ParquetScans parquetScans;
    private final VersionLog versions;
    private final VersionPins pins = new VersionPins();
    private final LakeMaintenance maintenance;
    private final ChangeReads changeReads;
    private final TableDdl ddl;
    private final SchemaCatalog schemas;
    private final ColumnChanges columns;
    private final TableProperties properties;
    private final SnapshotLog snapshots;
    private final TableFiles files;
    private final SqlTransform transforms;
    private boolean closed;

    private LakeEngine(EngineContext context) {
        this.context = context;
        this.commits = new CommitExecutor(context);
        this.tables = new TableCatalog(context, commits);
        this.latestViews = new LatestViews(context, tables);
        this.parquetScans = new ParquetScans(context);
        this.versions = new VersionLog(context);
        this.maintenance = new LakeMaintenance(context, pins);
        this.changeReads = new ChangeReads(context, tables, versions);
        this.ddl = new TableDdl(context, commits);
        this.schemas = new SchemaCatalog(context, ddl);
        this.columns = new ColumnChanges(tables, ddl, versions);
        this.properties = new TableProperties(context, ddl);
        this.snapshots = new SnapshotLog(context, versions);
        this.files = new TableFiles(context);
        this.transforms = new SqlTransform(context, commits, tables, versions, pins);
    }

    /**
     * Starts DuckDB, loads the extensions and attaches the catalog (creating it if it does not
     * exist).
     */
    public static LakeEngine open(EngineConfig config) {
        return open(config, duckDb -> new EngineContext(config, duckDb));
    }

    /**
     * Starts DuckDB and builds the engine over it with {@code context}; when that fails, closes the
     * DuckDB instance (which detaches the catalog) before the failure propagates, so that a later
     * open in this JVM is not refused with "already attached" and the cause stays the one shown.
     */
    static LakeEngine open(EngineConfig config, Function<DuckDbInstance, EngineContext> context) {
        DuckDbInstance duckDb = DuckDbInstance.start(config);
        try {
            LakeEngine engine = new LakeEngine(context.apply(duckDb));
            LOG.info("Opened the lake {} on DuckDB {}", config.catalog(), duckDb.duckDbVersion());
            return engine;
        } catch (RuntimeException | Error e) {
            try {
                duckDb.close();
            } catch (RuntimeException closeFailure) {
                e.addSuppressed(closeFailure);
            }
            throw e;
        }
    }

    public EngineConfig config() {
        return context.config();
    }

    /** Creates a table; fails if it exists. Returns the version that created it. */
    public long createTable(TableName name, TableSchema schema) {
        return tables.create(name, schema, Map.of());
    }

    /** Creates the table unless it exists; returns its definition either way. */
    public TableSchema createTableIfNotExists(TableName name, TableSchema schema) {
        if (!tables.exists(name)) {
            try {
                tables.create(name, schema, Map.of());
            } catch (LakeException e) {
                // another user created it first
                if (!tables.exists(name)) {
                    throw e;
                }
            }
        }
        return tables.describe(name);
    }

    public boolean tableExists(TableName name) {
        return tables.exists(name);
    }

    /** The table's definition at its latest version, primary key and partitioning included. */
    public TableSchema describeTable(TableName name) {
        return tables.describe(name);
    }

    /** The table's definition as it was at a version. */
    public TableSchema describeTable(TableName name, long version) {
        return tables.describe(name, version);
    }

    /** Adds a nullable column at the end; returns the new version. */
    public long addColumn(TableName name, Column column) {
        return tables.addColumn(name, column);
    }

    /** The lake's schemas (Flink's databases), without the engine's own {@code ducklake_engine}. */
    public List<String> listSchemas() {
        return schemas.list();
    }

    public boolean schemaExists(String schema) {
        return schemas.exists(schema);
    }

    /**
     * Creates a schema; an existing one fails with {@link AlreadyExistsException} unless {@code
     * ifNotExists}.
     */
    public void createSchema(String schema, boolean ifNotExists) {
        schemas.create(schema, ifNotExists);
    }

    /**
     * Drops a schema. A schema holding tables or views fails with {@link SchemaNotEmptyException},
     * naming them, unless {@code cascade}; a missing one fails with {@link SchemaNotFoundException}
     * unless {@code ifExists}.
     */
    public void dropSchema(String schema, boolean ifExists, boolean cascade) {
        schemas.drop(schema, ifExists, cascade);
    }

    /** The tables and views of a schema, whoever created them, by name. */
    public List<LakeObject> listTables(String schema) {
        return ddl.list(schema);
    }

    /**
     * Drops a table; a missing one fails unless {@code ifExists}. Returns whether a table was
     * dropped.
     */
    public boolean dropTable(TableName name, boolean ifExists) {
        return ddl.drop(name, ifExists);
    }

    /**
     * Renames a table within its schema (DuckLake cannot move a table to another schema); its
     * versions, properties and history stay with it. Returns the new version.
     */
    public long renameTable(TableName from, TableName to) {
        return ddl.rename(from, to);
    }

    /**
     * Drops a column; a primary-key or partition column, or the only column, is refused. Returns
     * the new version.
     */
    public long dropColumn(TableName name, String column) {
        return columns.drop(name, column);
    }

    /** Renames a column; a primary-key column stays in the key. Returns the new version. */
    public long renameColumn(TableName name, String from, String to) {
        return columns.rename(name, from, to);
    }

    /**
     * Changes a column to a wider type: {@code TINYINT → SMALLINT → INTEGER → BIGINT}, {@code FLOAT
     * → DOUBLE}, {@code DECIMAL(p,s) → DECIMAL(q,s)} with {@code q > p}; anything else fails with
     * {@link UnsupportedChangeException}. Returns the new version (the latest if the type is
     * unchanged).
     */
    public long alterColumnType(TableName name, String column, LakeType type) {
        return columns.changeType(name, column, type);
    }

    /** The table's comment, if it has one. */
    public Optional<String> tableComment(TableName name) {
        return properties.comment(name);
    }

    /** Sets the table's comment ({@code null} removes it); returns the new version. */
    public long setTableComment(TableName name, String comment) {
        return properties.setComment(name, comment);
    }

    /** The table's key/value properties, kept in the lake, sorted by key. */
    public Map<String, String> tableProperties(TableName name) {
        return properties.get(name);
    }

    /**
     * Sets properties of the table, keeping its others, in one snapshot that is not a version of
     * the table.
     */
    public void setTableProperties(TableName name, Map<String, String> values) {
        properties.set(name, values);
    }

    /** Removes properties of the table; keys it does not have are ignored. */
    public void removeTableProperties(TableName name, Set<String> keys) {
        properties.remove(name, keys);
    }

    /** Every version of the table with what it did, newest first (a snapshots system table). */
    public List<TableSnapshot> snapshots(TableName name) {
        return snapshots.list(name);
    }

    /** The data and delete files the table's latest version reads (a files system table). */
    public List<LakeFile> files(TableName name) {
        return files.list(name);
    }

    /** The newest version of the table. */
    public long latestVersion(TableName name) {
        return versions.latest(name);
    }

    /** The newest snapshot of the lake, whichever tables it changed. */
    public long latestSnapshot() {
        return latestViews.latestSnapshot();
    }

    /**
     * Whether the engine can still run statements: false once DuckDB invalidated the instance after
     * a fatal error (an internal error, a failed write), or the attached catalog of a DuckDB-file
     * lake (a failed checkpoint), after which every statement on it fails and only a new DuckDB
     * recovers; also false once closed. The probe stays in this process: a SQLite or PostgreSQL
     * catalog is not asked, so a busy or unreachable one does not hold the caller up.
     */
    public boolean usable() {
        if (closed) {
            return false;
        }
        try {
            if (context.config().catalog().kind() == CatalogLocation.Kind.DUCKDB) {
                latestSnapshot();
            } else {
                try (DuckDBConnection connection = context.connect()) {
                    Jdbc.queryLong(connection, "SELECT 1");
                }
            }
            return true;
        } catch (LakeClosedException e) {
            return false;
        } catch (LakeException | SQLException e) {
            return !String.valueOf(e.getMessage()).contains("invalidated");
        }
    }

    /** The engine's shared state, for tests of this package that reach beneath the API. */
    EngineContext context() {
        return context;
    }

    /**
     * The newest version of the table that is not after the given snapshot (a version of any
     * table).
     */
    public long latestVersion(TableName name, long atMost) {
        return versions.latestAtOrBefore(name, atMost);
    }

    /** The table's versions, newest first. */
    public List<TableVersion> versions(TableName name, int offset, int limit) {
        return versions.list(name, offset, limit);
    }

    /** The table's versions in {@code (after, upTo]}, oldest first, at most {@code limit}. */
    public List<TableVersion> versions(TableName name, long after, long upTo, int limit) {
        return versions.between(name, after, upTo, limit);
    }

    /**
     * Whether the lake still holds every snapshot after {@code snapshot}, so that its history since
     * then is complete: an expiry may have removed snapshots in between.
     */
    public boolean historyIntactAfter(long snapshot) {
        return versions.historyIntactAfter(snapshot);
    }

    /** The newest version of the table committed at or before the instant. */
    public TableVersion versionAt(TableName name, Instant instant) {
        return versions.at(name, instant);
    }

    /** One version of the table with its commit metadata. */
    public TableVersion version(TableName name, long version) {
        return versions.get(name, version);
    }

    /**
     * The lake tables a version of the table was computed from, each with the version it was read
     * at, as its commit recorded them (see {@link CommitMetadata#inputs()}): the versions a {@link
     * #transform} pinned, or those a Flink job had fully emitted before the checkpoint its sink
     * committed. Empty when the commit recorded none. Follow the returned versions the same way to
     * walk the lineage further back.
     */
    public Map<TableName, Long> inputsOf(TableName name, long version) {
        Map<TableName, Long> inputs = new LinkedHashMap<>();
        versions.get(name, version)
                .metadata()
                .ifPresent(
                        m ->
                                m.forTable(name.toString())
                                        .inputs()
                                        .forEach(
                                                (table, at) ->
                                                        inputs.put(TableName.parse(table), at)));
        return inputs;
    }

    /**
     * Runs a versioned SQL transform (see {@link TransformRequest}): every input read at one
     * version, pinned against expiry while the query runs, the rows written to the output in one
     * commit that records the inputs' versions. A transform whose output's latest version it wrote
     * itself from the same input versions runs nothing ({@link TransformResult#upToDate()}); one
     * whose rows leave a replaced output as it was commits nothing either.
     */
    public TransformResult transform(TransformRequest request) {
        return transforms.run(request);
    }

    /**
     * The version created by the commit that carried this key (see {@link
     * dev.ducklake.engine.write.CommitOptions.Builder#commitKey}), if the lake's history holds it.
     */
    public OptionalLong committedVersion(String commitKey) {
        return commits.committedVersion(commitKey);
    }

    /**
     * Where the lake's data files live: the data path recorded in the catalog, which every DuckDB
     * attaching the lake uses by default, and this engine's own when its settings name another.
     * DuckLake's {@code ducklake_delete_orphaned_files} deletes every file under these that no
     * snapshot references.
     */
    public Set<String> dataPaths() {
        Set<String> paths =
                new LinkedHashSet<>(
                        context.withConnection(
                                "read the lake's data path", MetadataTables::dataPath));
        context.config().dataPath().ifPresent(paths::add);
        return paths;
    }

    /** Which of the given absolute file paths the lake holds as data files (of any table). */
    public Set<String> referencedDataFiles(Collection<String> paths) {
        return tables.referencedDataFiles(paths);
    }

    /**
     * A writer of Arrow record batches to Parquet files, for staging rows outside a session.
     *
     * @param lakeData whether the files may become the lake's data files (see {@link
     *     ArrowParquetWriter})
     */
    public ArrowParquetWriter openArrowParquetWriter(boolean lakeData) {
        return new ArrowParquetWriterImpl(context, lakeData);
    }

    public WriteSession openWriteSession(TableName name, WriteMode mode) {
        return new WriteSessionImpl(context, commits, name, tables.describe(name), mode);
    }

    public MergeSession openMergeSession(TableName name) {
        return openMergeSession(name, MergeSession.CurrentRows.LOOKED_UP);
    }

    /** A merge session whose changes come with their keys' current rows, or without. */
    public MergeSession openMergeSession(TableName name, MergeSession.CurrentRows currentRows) {
        TableCatalog.Described table = tables.describeExisting(name);
        return new MergeSessionImpl(
                context, commits, name, table.schema(), table.beforeImages(), currentRows, null);
    }

    /**
     * A transaction over several tables: schema changes and rows of any of them, committed together
     * in one snapshot (see {@link LakeTransaction}).
     */
    public LakeTransaction openTransaction() {
        return new LakeTransactionImpl(context, commits, tables, columns);
    }

    /** Streams rows of the table; close the reader when done. */
    public RowReader read(TableName name, ScanRequest request) {
        return new RowReaderImpl(context, scanQuery(name, request));
    }

    /**
     * Streams rows of the table as Arrow batches of at most {@code batchRows} rows (see {@link
     * BatchReader}); close the reader when done.
     */
    public BatchReader readBatches(TableName name, ScanRequest request, int batchRows) {
        requirePositive(batchRows);
        ScanQuery query = scanQuery(name, request);
        QueryCursor cursor = query.cursor(context);
        cursor.openBatches(query.sql(), batchRows);
        return new BatchReaderImpl(cursor, query.columns());
    }

    /**
     * Cuts the table's rows at a version into parts of at most about {@code rowsPerPart} rows, each
     * within one data file (or the rows inlined into the catalog), for readers that share a large
     * read (see {@link ScanPart}). Reads the row ids of the version, not its columns.
     */
    public List<ScanPart> scanParts(TableName name, long version, long rowsPerPart) {
        if (rowsPerPart < 1) {
            throw new IllegalArgumentException("rowsPerPart must be >= 1, got " + rowsPerPart);
        }
        context.reattachIfFlushedElsewhere(
                "cut " + name + " at version " + version + " into parts");
        long at = versions.get(name, version).id();
        TableName storedAs = tables.nameAt(name, at);
        return ScanParts.plan(context, name, storedAs, at, rowsPerPart);
    }

    private ScanQuery scanQuery(TableName name, ScanRequest request) {
        if (request.version().isEmpty()) {
            TableCatalog.SnapshotView latest = latestViews.latest(name);
            Optional<String> files =
                    request.part().isEmpty() && request.bucket().isEmpty()
                            ? parquetScans.rowsSql(name, latest)
                            : Optional.empty();
            return files.isPresent()
                    ? ScanQuery.of(name, files.get(), latest.schema(), request, latest.snapshot())
                    : ScanQuery.of(
                            name, latest.storedAs(), latest.schema(), request, latest.snapshot());
        }
        context.reattachIfFlushedElsewhere(
                "read " + name + " at version " + request.version().getAsLong());
        long version = versions.get(name, request.version().getAsLong()).id();
        TableSchema schema = tables.describe(name, version);
        return ScanQuery.of(name, tables.nameAt(name, version), schema, request, version);
    }

    private static void requirePositive(int batchRows) {
        if (batchRows < 1) {
            throw new IllegalArgumentException("batchRows must be >= 1, got " + batchRows);
        }
    }

    /**
     * The net changes of the table over {@code (from, to]} as before/after images, by the cheapest
     * exact method: {@link ChangeMethod#BEFORE_IMAGES} when every version in the range kept them,
     * the change feed otherwise, a full diff after a flush of inlined data. Both must be versions
     * of the table.
     */
    public ChangeReader changes(TableName name, long from, long to) {
        return changeReads.open(name, from, to);
    }

    /** The net changes of the table over {@code (from, to]}, computed by the given method. */
    public ChangeReader changes(TableName name, long from, long to, ChangeMethod method) {
        return changes(name, ChangeRequest.builder(from, to).method(method).build());
    }

    /** The changes of the table that the request selects (see {@link ChangeRequest}). */
    public ChangeReader changes(TableName name, ChangeRequest request) {
        return changeReads.open(name, request);
    }

    /**
     * The changes of the table that the request selects, as Arrow batches of at most {@code
     * batchRows} changes (see {@link ChangeBatchReader}); close the reader when done.
     */
    public ChangeBatchReader changeBatches(TableName name, ChangeRequest request, int batchRows) {
        requirePositive(batchRows);
        return changeReads.openBatches(name, request, batchRows);
    }

    /**
     * Keeps a version, and everything newer, safe from snapshot expiry until the pin is closed. A
     * change source pins the version it will read from. Fails, holding nothing, when the version is
     * not (or no longer) one of the table's; the pin is taken first, so an expiry cannot remove the
     * version between that check and the pin.
     */
    public VersionPins.Pin pinVersion(TableName name, long version) {
        VersionPins.Pin pin = pins.pin(name, version);
        try {
            versions.get(name, version);
            return pin;
        } catch (RuntimeException e) {
            pin.close();
            throw e;
        }
    }

    /**
     * Runs maintenance; see {@link MaintenanceRequest}. Waits for open reads, and new reads wait
     * for it.
     */
    public MaintenanceReport maintain(MaintenanceRequest request) {
        context.resources().ensureOpen();
        return maintenance.run(request);
    }

    /** Commits retried after a DuckLake conflict since the engine started. */
    public long commitRetries() {
        return commits.retries();
    }

    /** Readers and sessions open right now. */
    public int openResources() {
        return context.resources().size();
    }

    /**
     * Closes the engine: refuses new work with a "closed" error, fails the reads, commits and
     * maintenance waiting for a slot at once, waits (up to the acquire timeout) for the commits,
     * DDL, maintenance and metadata calls already running, cancels open readers, drops staging, and
     * stops DuckDB, removing its temporary files. Idempotent.
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        context.close();
        LOG.info("Closed the lake {}", context.config().catalog());
    }
}
