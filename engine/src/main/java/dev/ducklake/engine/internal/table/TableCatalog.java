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

package dev.ducklake.engine.internal.table;

import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.error.AlreadyExistsException;
import dev.ducklake.engine.error.LakeValidationException;
import dev.ducklake.engine.error.TableNotFoundException;
import dev.ducklake.engine.error.UnsupportedChangeException;
import dev.ducklake.engine.internal.EngineContext;
import dev.ducklake.engine.internal.Jdbc;
import dev.ducklake.engine.internal.catalog.BeforeImageTable;
import dev.ducklake.engine.internal.catalog.LakeStatements;
import dev.ducklake.engine.internal.catalog.MetadataTables;
import dev.ducklake.engine.internal.catalog.TableIdentity;
import dev.ducklake.engine.internal.catalog.TypeParser;
import dev.ducklake.engine.internal.write.CommitExecutor;
import dev.ducklake.engine.internal.write.CommitOutcome;
import dev.ducklake.engine.schema.Column;
import dev.ducklake.engine.schema.Identifiers;
import dev.ducklake.engine.schema.LakeType;
import dev.ducklake.engine.schema.PartitionField;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.schema.TableSchema;
import dev.ducklake.engine.version.CommitMetadata;
import dev.ducklake.engine.write.CommitOptions;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Creates, describes and evolves table definitions. The primary key, which DuckLake has no
 * constraint for, is kept as a namespaced marker in the key columns' comments ({@value
 * #KEY_MARKER}{@code <position>}), so it travels with the catalog and any DuckDB user can see it.
 */
public final class TableCatalog {

    /** The comment prefix that marks a primary-key column; the 1-based key position follows. */
    public static final String KEY_MARKER = "ducklake-engine:primary-key:";

    private static final String META = MetadataTables.METADATA;

    private final EngineContext context;
    private final CommitExecutor commits;
    private final LatestDescriptions latest = new LatestDescriptions();

    public TableCatalog(EngineContext context, CommitExecutor commits) {
        this.context = context;
        this.commits = commits;
    }

    /**
     * Creates the table, with its key markers and partitioning, in one snapshot. Fails if a table
     * of that name exists.
     */
    public long create(TableName name, TableSchema schema, Map<String, String> producer) {
        // Catalog tables are read outside commit transactions: a SQLite catalog locks against its
        // own readers.
        requireCreatable(name, schema);
        return commits.commit(
                        name,
                        CommitMetadata.MODE_SCHEMA,
                        CommitOptions.builder().producer(producer).build(),
                        (connection, commitId) -> {
                            createIn(connection, name, schema);
                            return CommitOutcome.changed(0, 0, 0, 0, true);
                        })
                .version();
    }

    /**
     * The statements that create the table, its key markers, before-image table and partitioning,
     * run in the caller's transaction; the caller checked the name (see {@link #requireCreatable}).
     */
    public static void createIn(Connection connection, TableName name, TableSchema schema)
            throws SQLException {
        LakeStatements.createSchemaIfNotExists(connection, name.schema());
        String columns =
                schema.columns().stream().map(Column::ddl).collect(Collectors.joining(", "));
        Jdbc.execute(
                connection,
                "CREATE TABLE " + name.sql(EngineContext.LAKE_ALIAS) + " (" + columns + ")");
        List<String> key = schema.primaryKey();
        for (int k = 0; k < key.size(); k++) {
            Jdbc.execute(
                    connection,
                    "COMMENT ON COLUMN "
                            + name.sql(EngineContext.LAKE_ALIAS)
                            + "."
                            + Identifiers.quote(key.get(k))
                            + " IS "
                            + Identifiers.literal(KEY_MARKER + (k + 1)));
        }
        if (schema.hasPrimaryKey()) {
            BeforeImageTable.create(connection, name, schema);
        }
        if (!schema.partitioning().isEmpty()) {
            Jdbc.execute(
                    connection,
                    "ALTER TABLE "
                            + name.sql(EngineContext.LAKE_ALIAS)
                            + " SET PARTITIONED BY ("
                            + schema.partitioning().stream()
                                    .map(PartitionField::sql)
                                    .collect(Collectors.joining(", "))
                            + ")");
        }
    }

    /** Refuses a table that exists, and column names the catalog cannot store. */
    public void requireCreatable(TableName name, TableSchema schema) {
        if (exists(name)) {
            throw new AlreadyExistsException("Table " + name + " already exists");
        }
        schema.names().forEach(column -> requireStorableName(name, column));
    }

    /** Adds a nullable column at the end of the table. */
    public long addColumn(TableName name, Column column) {
        Described table = describeExisting(name);
        requireAddable(name, table.schema(), column);
        boolean withImages = table.beforeImages();
        return commits.commit(
                        name,
                        CommitMetadata.MODE_SCHEMA,
                        CommitOptions.defaults(),
                        (connection, commitId) -> {
                            addColumnIn(connection, name, column, withImages);
                            return CommitOutcome.changed(0, 0, 0, 0, true);
                        })
                .version();
    }

    /**
     * Refuses a column that is not nullable, that the table has, or whose name the catalog cannot
     * store.
     */
    public void requireAddable(TableName name, TableSchema schema, Column column) {
        if (!column.nullable()) {
            throw new LakeValidationException(
                    "Column '"
                            + column.name()
                            + "' added to "
                            + name
                            + " must be nullable: existing rows have no value for it");
        }
        if (schema.positionOf(column.name()) >= 0) {
            throw new LakeValidationException(
                    "Table " + name + " already has a column '" + column.name() + "'");
        }
        requireStorableName(name, column.name());
    }

    /** Adds the column to the table and its before-image table, in the caller's transaction. */
    public static void addColumnIn(
            Connection connection, TableName name, Column column, boolean withImages)
            throws SQLException {
        Jdbc.execute(
                connection,
                "ALTER TABLE "
                        + name.sql(EngineContext.LAKE_ALIAS)
                        + " ADD COLUMN "
                        + column.ddl());
        if (withImages) {
            BeforeImageTable.addColumn(connection, name, column);
        }
    }

    /**
     * Refuses a column named {@code rowid} on a SQLite catalog: there DuckLake v1.5.5 keeps inlined
     * rows in a SQLite table whose own row id that column hides, and a delete of one inlined row
     * deletes them all (reproduced with plain DuckDB).
     */
    public void requireStorableName(TableName name, String column) {
        if (column.equalsIgnoreCase("rowid")
                && context.config().catalog().kind() == CatalogLocation.Kind.SQLITE) {
            throw new UnsupportedChangeException(
                    "Table "
                            + name
                            + ", column '"
                            + column
                            + "': a column named rowid"
                            + " is refused on a SQLite catalog, where DuckLake deletes every inlined row of the table when"
                            + " it deletes one; rename the column, or use a DuckDB-file or PostgreSQL catalog");
        }
    }

    /** True when merges into the table keep before-images (see {@link BeforeImageTable}). */
    public boolean hasBeforeImages(TableName name) {
        return describeIfExists(name)
                .map(Described::beforeImages)
                .orElseGet(
                        () ->
                                context.withConnection(
                                        "look up the before-images of " + name,
                                        c -> BeforeImageTable.exists(c, name)));
    }

    /** Which of the given absolute file paths the lake holds as data files. */
    public Set<String> referencedDataFiles(Collection<String> paths) {
        if (paths.isEmpty()) {
            return Set.of();
        }
        String list = Jdbc.literals(paths);
        return context.withConnection(
                "look up data files",
                c ->
                        new HashSet<>(
                                Jdbc.query(
                                        c,
                                        "SELECT path FROM "
                                                + META
                                                + ".ducklake_data_file WHERE NOT path_is_relative AND path IN ("
                                                + list
                                                + ")",
                                        rs -> rs.getString(1))));
    }

    public boolean exists(TableName name) {
        return context.withConnection(
                "look up " + name,
                c -> MetadataTables.identity(c, name, Long.MAX_VALUE).isPresent());
    }

    /** The name as the catalog matches it, whatever its case: a key for maps of tables. */
    public static String matchKey(TableName name) {
        return name.schema().toLowerCase(Locale.ROOT) + "." + name.table().toLowerCase(Locale.ROOT);
    }

    /** The definition at the latest version. */
    public TableSchema describe(TableName name) {
        return describeExisting(name).schema();
    }

    /**
     * The latest definition and whether merges keep before-images; a not-found error when no table
     * has the name.
     */
    public Described describeExisting(TableName name) {
        return describeIfExists(name).orElseThrow(() -> MetadataTables.notFound(name));
    }

    /** A table's latest definition, and whether merges into it keep before-images. */
    public record Described(TableSchema schema, boolean beforeImages) {}

    /**
     * The table's latest definition and whether it keeps before-images, read on one connection;
     * empty when the table does not exist. What a transaction reads of each table it touches.
     */
    public Optional<Described> describeIfExists(TableName name) {
        return context.withConnection(
                "describe " + name, c -> latest(c, name, MetadataTables.schemaVersion(c)));
    }

    /**
     * As {@link #describeIfExists(TableName)} while the lake is at the given schema version ({@link
     * #schemaVersion()}): a table described since the lake's last change of a definition is not
     * read again.
     */
    public Optional<Described> describeIfExists(TableName name, long schemaVersion) {
        Optional<Optional<Described>> cached = latest.get(schemaVersion, name);
        return cached.isPresent() ? cached.get() : describeIfExists(name);
    }

    /** The lake's schema version now, which every change of a definition moves. */
    public long schemaVersion() {
        return context.withConnection(
                "read the lake's schema version", MetadataTables::schemaVersion);
    }

    private Optional<Described> latest(Connection connection, TableName name, long schemaVersion)
            throws SQLException {
        Optional<Optional<Described>> cached = latest.get(schemaVersion, name);
        if (cached.isPresent()) {
            return cached.get();
        }
        Optional<TableSchema> schema = describe(connection, name, Long.MAX_VALUE);
        Optional<Described> described =
                schema.isEmpty()
                        ? Optional.empty()
                        : Optional.of(
                                new Described(
                                        schema.get(), BeforeImageTable.exists(connection, name)));
        latest.put(schemaVersion, name, described);
        return described;
    }

    /**
     * The table as a read at a lake snapshot sees it: its definition and the name it is stored
     * under.
     */
    public record SnapshotView(long snapshot, TableSchema schema, TableName storedAs) {}

    /**
     * The table that has the name now, as it was at a lake snapshot at or after its creation, read
     * on one connection; a not-found error when no table has the name.
     */
    public SnapshotView viewAt(TableName name, long snapshot) {
        return context.withConnection(
                "describe " + name + " at snapshot " + snapshot,
                c -> {
                    TableIdentity id = MetadataTables.requireIdentity(c, name);
                    TableSchema schema =
                            describe(c, name, snapshot)
                                    .orElseThrow(() -> MetadataTables.notFound(name));
                    return new SnapshotView(
                            snapshot, schema, MetadataTables.nameAt(c, name, id, snapshot));
                });
    }

    /** The definition as it was at a snapshot. */
    public TableSchema describe(TableName name, long version) {
        return context.withConnection(
                        "describe " + name + " at version " + version,
                        c -> describe(c, name, version))
                .orElseThrow(
                        () ->
                                new TableNotFoundException(
                                        "Table " + name + " did not exist at version " + version));
    }

    /** The name under which DuckLake's time travel finds the table at a version (its name then). */
    public TableName nameAt(TableName name, long version) {
        return context.withConnection(
                "look up the name of " + name + " at version " + version,
                c -> {
                    TableIdentity id = MetadataTables.requireIdentity(c, name);
                    return MetadataTables.nameAt(c, name, id, version);
                });
    }

    /**
     * The definition at a snapshot ({@code Long.MAX_VALUE} for the latest), or empty if the table
     * did not exist. The table that has the name now is followed back across its renames; before it
     * existed, the name means the table that had it then.
     */
    private static Optional<TableSchema> describe(
            Connection connection, TableName name, long version) throws SQLException {
        Optional<TableIdentity> current = MetadataTables.identity(connection, name, Long.MAX_VALUE);
        Optional<TableIdentity> identity =
                current.isPresent() && current.get().createdAt() <= version
                        ? current
                        : MetadataTables.identity(connection, name, version);
        if (identity.isEmpty()) {
            return Optional.empty();
        }
        Optional<Long> id = identity.map(TableIdentity::id);
        TableName storedAs = MetadataTables.nameAt(connection, name, identity.get(), version);
        List<ColumnRow> rows =
                Jdbc.query(
                        connection,
                        "SELECT c.column_id, c.column_name, c.nulls_allowed, tag.value FROM "
                                + META
                                + ".ducklake_column c LEFT JOIN "
                                + META
                                + ".ducklake_column_tag tag"
                                + " ON tag.table_id = c.table_id AND tag.column_id = c.column_id AND tag.key = 'comment'"
                                + " AND tag.begin_snapshot <= ? AND (tag.end_snapshot IS NULL OR tag.end_snapshot > ?)"
                                + " WHERE c.table_id = ? AND c.parent_column IS NULL"
                                + " AND c.begin_snapshot <= ? AND (c.end_snapshot IS NULL OR c.end_snapshot > ?)"
                                + " ORDER BY c.column_order",
                        rs ->
                                new ColumnRow(
                                        rs.getLong(1),
                                        rs.getString(2),
                                        rs.getBoolean(3),
                                        rs.getString(4)),
                        version,
                        version,
                        id.get(),
                        version,
                        version);
        List<String> types = columnTypes(connection, storedAs, version);
        if (types.size() != rows.size()) {
            throw new IllegalStateException(
                    "Table "
                            + name
                            + " has "
                            + rows.size()
                            + " columns in the catalog but "
                            + types.size()
                            + " in DuckDB");
        }
        TableSchema.Builder schema = TableSchema.builder();
        Map<Integer, String> key = new TreeMap<>();
        for (int i = 0; i < rows.size(); i++) {
            ColumnRow row = rows.get(i);
            schema.column(
                    new Column(row.name, columnType(name, row.name, types.get(i)), row.nullable));
            if (row.comment != null && row.comment.startsWith(KEY_MARKER)) {
                key.put(Integer.parseInt(row.comment.substring(KEY_MARKER.length())), row.name);
            }
        }
        schema.primaryKey(new ArrayList<>(key.values()));
        partitioning(connection, id.get(), version, rows).forEach(schema::partitionBy);
        return Optional.of(schema.build());
    }

    private static LakeType columnType(TableName table, String column, String type) {
        try {
            return TypeParser.parse(type);
        } catch (LakeValidationException e) {
            throw new LakeValidationException(
                    "Table " + table + ", column '" + column + "': " + e.getMessage(), e);
        }
    }

    private static List<String> columnTypes(Connection connection, TableName name, long version)
            throws SQLException {
        String at = version == Long.MAX_VALUE ? "" : " AT (VERSION => " + version + ")";
        return Jdbc.query(
                connection,
                "DESCRIBE SELECT * FROM " + name.sql(EngineContext.LAKE_ALIAS) + at,
                rs -> rs.getString("column_type"));
    }

    private static List<PartitionField> partitioning(
            Connection connection, long tableId, long version, List<ColumnRow> columns)
            throws SQLException {
        return Jdbc.query(
                connection,
                "SELECT pc.column_id, pc.transform FROM "
                        + META
                        + ".ducklake_partition_info p JOIN "
                        + META
                        + ".ducklake_partition_column pc ON pc.partition_id = p.partition_id AND pc.table_id = p.table_id"
                        + " WHERE p.table_id = ? AND p.begin_snapshot <= ? AND (p.end_snapshot IS NULL OR p.end_snapshot > ?)"
                        + " ORDER BY pc.partition_key_index",
                rs -> {
                    long columnId = rs.getLong(1);
                    String column =
                            columns.stream()
                                    .filter(c -> c.id == columnId)
                                    .map(c -> c.name)
                                    .findFirst()
                                    .orElseThrow(
                                            () ->
                                                    new IllegalStateException(
                                                            "partition column "
                                                                    + columnId
                                                                    + " not found"));
                    return new PartitionField(
                            column,
                            PartitionField.Transform.valueOf(
                                    rs.getString(2).toUpperCase(Locale.ROOT)));
                },
                tableId,
                version,
                version);
    }

    private record ColumnRow(long id, String name, boolean nullable, String comment) {}
}
