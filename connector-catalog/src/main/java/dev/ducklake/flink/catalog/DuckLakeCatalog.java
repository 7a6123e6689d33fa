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

package dev.ducklake.flink.catalog;

import dev.ducklake.engine.LakeEngine;
import dev.ducklake.engine.error.AlreadyExistsException;
import dev.ducklake.engine.error.LakeValidationException;
import dev.ducklake.engine.error.SchemaNotEmptyException;
import dev.ducklake.engine.error.SchemaNotFoundException;
import dev.ducklake.engine.error.TableNotFoundException;
import dev.ducklake.engine.schema.LakeObject;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.schema.TableSchema;
import dev.ducklake.flink.catalog.procedure.LakeProcedures;
import dev.ducklake.flink.catalog.system.SystemTable;
import dev.ducklake.flink.catalog.system.SystemTables;
import dev.ducklake.flink.common.DuckLakeConnectorOptions;
import dev.ducklake.flink.common.EngineSpec;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.catalog.CatalogBaseTable;
import org.apache.flink.table.catalog.CatalogDatabase;
import org.apache.flink.table.catalog.CatalogDatabaseImpl;
import org.apache.flink.table.catalog.ObjectPath;
import org.apache.flink.table.catalog.TableChange;
import org.apache.flink.table.catalog.exceptions.CatalogException;
import org.apache.flink.table.catalog.exceptions.DatabaseAlreadyExistException;
import org.apache.flink.table.catalog.exceptions.DatabaseNotEmptyException;
import org.apache.flink.table.catalog.exceptions.DatabaseNotExistException;
import org.apache.flink.table.catalog.exceptions.ProcedureNotExistException;
import org.apache.flink.table.catalog.exceptions.TableAlreadyExistException;
import org.apache.flink.table.catalog.exceptions.TableNotExistException;
import org.apache.flink.table.factories.Factory;
import org.apache.flink.table.procedures.Procedure;

/**
 * A DuckLake lake as a Flink catalog: its schemas are the databases, its tables the tables, read
 * and written by the connector's source and sink with no {@code WITH} clause. Nothing is cached:
 * each call reads the lake's newest snapshot, so changes of other processes (on a PostgreSQL lake)
 * show at once. DuckLake views are listed but cannot be used: their SQL is DuckDB's.
 *
 * <pre>{@code
 * CREATE CATALOG lake WITH ('type' = 'ducklake', 'catalog' = '/data/lake/metadata.ducklake');
 * USE CATALOG lake;
 * CREATE DATABASE shop;
 * CREATE TABLE shop.orders (id BIGINT, amount DECIMAL(12, 2), PRIMARY KEY (id) NOT ENFORCED);
 * INSERT INTO shop.orders VALUES (1, 9.99);
 * }</pre>
 */
@PublicEvolving
public final class DuckLakeCatalog extends LakeCatalogBase {

    private final EngineSpec spec;
    private final Map<String, String> tableDefaults;
    private final LakeAccess lake;

    DuckLakeCatalog(
            String name,
            String defaultDatabase,
            EngineSpec spec,
            Map<String, String> tableDefaults) {
        super(name, defaultDatabase);
        this.spec = spec;
        this.tableDefaults = Map.copyOf(tableDefaults);
        this.lake = new LakeAccess(spec.toEngineConfig());
    }

    @Override
    public void open() {
        lake.open();
        if (!databaseExists(getDefaultDatabase())) {
            lake.close();
            throw new CatalogException(
                    "The default database '"
                            + getDefaultDatabase()
                            + "' of DuckLake catalog "
                            + getName()
                            + " does not exist; create the schema, or set 'default-database'");
        }
    }

    @Override
    public void close() {
        lake.close();
    }

    @Override
    public Optional<Factory> getFactory() {
        return Optional.of(new CatalogTableFactory(spec, tableDefaults));
    }

    // --------------------------------------------------------------------------------------------
    // Databases: DuckLake schemas
    // --------------------------------------------------------------------------------------------

    @Override
    public List<String> listDatabases() {
        return lake.call(LakeEngine::listSchemas);
    }

    @Override
    public CatalogDatabase getDatabase(String name) throws DatabaseNotExistException {
        if (!databaseExists(name)) {
            throw new DatabaseNotExistException(getName(), name);
        }
        return new CatalogDatabaseImpl(Map.of(), null);
    }

    @Override
    public boolean databaseExists(String name) {
        return lake.call(engine -> engine.schemaExists(name));
    }

    @Override
    public void createDatabase(String name, CatalogDatabase database, boolean ignoreIfExists)
            throws DatabaseAlreadyExistException {
        if (!database.getProperties().isEmpty()
                || database.getComment() != null && !database.getComment().isEmpty()) {
            throw new CatalogException(
                    "Database " + name + ": a DuckLake schema keeps no properties or comment");
        }
        lake.call(
                engine -> {
                    try {
                        engine.createSchema(name, ignoreIfExists);
                    } catch (AlreadyExistsException e) {
                        throw new DatabaseAlreadyExistException(getName(), name);
                    }
                    return null;
                });
    }

    @Override
    public void dropDatabase(String name, boolean ignoreIfNotExists, boolean cascade)
            throws DatabaseNotExistException, DatabaseNotEmptyException {
        Optional<SchemaNotEmptyException> notEmpty =
                lake.call(
                        engine -> {
                            try {
                                engine.dropSchema(name, ignoreIfNotExists, cascade);
                                return Optional.empty();
                            } catch (SchemaNotFoundException e) {
                                throw new DatabaseNotExistException(getName(), name, e);
                            } catch (SchemaNotEmptyException e) {
                                return Optional.of(e);
                            }
                        });
        if (notEmpty.isPresent()) {
            throw new DatabaseNotEmptyException(getName(), name, notEmpty.get());
        }
    }

    // --------------------------------------------------------------------------------------------
    // Tables
    // --------------------------------------------------------------------------------------------

    @Override
    public List<String> listTables(String database) throws DatabaseNotExistException {
        return objects(database, null);
    }

    @Override
    public List<String> listViews(String database) throws DatabaseNotExistException {
        return objects(database, LakeObject.Kind.VIEW);
    }

    @Override
    public boolean tableExists(ObjectPath path) {
        return lake.call(
                engine -> kind(engine, path).isPresent() || systemTableExists(engine, path));
    }

    @Override
    public CatalogBaseTable getTable(ObjectPath path) throws TableNotExistException {
        TableName name = tableName(path);
        return lake.call(
                engine -> {
                    Optional<LakeObject.Kind> kind = kind(engine, path);
                    Optional<SystemTable> system = systemTable(engine, path, kind);
                    if (system.isPresent()) {
                        return SystemTables.catalogTable(system.get());
                    }
                    requireTable(kind, path, "read");
                    TableSchema schema = describe(path, () -> engine.describeTable(name));
                    return CatalogTables.toFlink(
                            name, schema, engine.tableComment(name), engine.tableProperties(name));
                });
    }

    /**
     * The table's definition, or the catalog's error for a table gone or with a column Flink cannot
     * type.
     */
    private TableSchema describe(ObjectPath path, Supplier<TableSchema> describe)
            throws TableNotExistException {
        try {
            return describe.get();
        } catch (TableNotFoundException e) {
            throw new TableNotExistException(getName(), path, e);
        } catch (LakeValidationException e) {
            throw new CatalogException(
                    "Table "
                            + getName()
                            + "."
                            + tableName(path)
                            + " cannot be used in Flink: "
                            + e.getMessage(),
                    e);
        }
    }

    /**
     * The table as of a time ({@code FOR SYSTEM_TIME AS OF}): its definition at the last version
     * committed at or before it, read at that version ({@code scan.version}, in either runtime
     * mode).
     */
    @Override
    public CatalogBaseTable getTable(ObjectPath path, long timestamp)
            throws TableNotExistException {
        TableName name = tableName(path);
        if (path.getObjectName().contains(SystemTable.SEPARATOR)) {
            throw new ValidationException(
                    getName()
                            + "."
                            + path
                            + ": a system table has no versions to read"
                            + " FOR SYSTEM_TIME AS OF; it always shows the table's versions and files now");
        }
        return lake.call(
                engine -> {
                    requireTable(engine, path, "read");
                    long version = engine.versionAt(name, Instant.ofEpochMilli(timestamp)).id();
                    Map<String, String> options = new HashMap<>(engine.tableProperties(name));
                    options.put(
                            DuckLakeConnectorOptions.SCAN_VERSION.key(), Long.toString(version));
                    TableSchema schema = describe(path, () -> engine.describeTable(name, version));
                    return CatalogTables.toFlink(
                            name, schema, engine.tableComment(name), options, timestamp);
                });
    }

    @Override
    public void createTable(ObjectPath path, CatalogBaseTable table, boolean ignoreIfExists)
            throws TableAlreadyExistException, DatabaseNotExistException {
        TableName name = tableName(path);
        TableSchema schema = CatalogTables.toLake(name, table);
        Map<String, String> options = CatalogTables.storedOptions(name, table.getOptions());
        boolean exists =
                lake.call(
                        engine -> {
                            if (!engine.schemaExists(path.getDatabaseName())) {
                                throw new DatabaseNotExistException(
                                        getName(), path.getDatabaseName());
                            }
                            return kind(engine, path).isPresent();
                        });
        if (exists) {
            if (ignoreIfExists) {
                return;
            }
            throw new TableAlreadyExistException(getName(), path);
        }
        lake.call(
                engine -> {
                    engine.createTable(name, schema);
                    try {
                        if (table.getComment() != null && !table.getComment().isEmpty()) {
                            engine.setTableComment(name, table.getComment());
                        }
                        if (!options.isEmpty()) {
                            engine.setTableProperties(name, options);
                        }
                    } catch (RuntimeException e) {
                        // The engine creates a table, then comments it and stores its options: no
                        // half-made table stays.
                        engine.dropTable(name, true);
                        throw e;
                    }
                    return null;
                });
    }

    @Override
    public void dropTable(ObjectPath path, boolean ignoreIfNotExists)
            throws TableNotExistException {
        lake.call(
                engine -> {
                    if (isTable(engine, path, ignoreIfNotExists, "drop")) {
                        engine.dropTable(tableName(path), true);
                    }
                    return null;
                });
    }

    @Override
    public void renameTable(ObjectPath path, String newName, boolean ignoreIfNotExists)
            throws TableNotExistException, TableAlreadyExistException {
        Optional<LakeObject.Kind> kind = lake.call(engine -> kind(engine, path));
        if (kind.isEmpty() && ignoreIfNotExists) {
            return;
        }
        requireTable(kind, path, "rename");
        ObjectPath target = new ObjectPath(path.getDatabaseName(), newName);
        if (tableExists(target)) {
            throw new TableAlreadyExistException(getName(), target);
        }
        lake.call(engine -> engine.renameTable(tableName(path), tableName(target)));
    }

    /**
     * Checks every change against the table's current definition first and refuses, naming the
     * table, the column and the reason, before anything changes; then applies them in order, each
     * column change and a comment as a DuckLake snapshot of its own (see {@link TableAlterations}).
     */
    @Override
    public void alterTable(
            ObjectPath path,
            CatalogBaseTable newTable,
            List<TableChange> changes,
            boolean ignoreIfNotExists)
            throws TableNotExistException {
        TableName name = tableName(path);
        lake.call(
                engine -> {
                    if (isTable(engine, path, ignoreIfNotExists, "alter")) {
                        TableAlterations.check(
                                        name,
                                        engine.describeTable(name),
                                        engine.tableProperties(name),
                                        changes)
                                .apply(engine);
                    }
                    return null;
                });
    }

    /** Without the list of changes, the catalog cannot tell what changed: refused. */
    @Override
    public void alterTable(ObjectPath path, CatalogBaseTable newTable, boolean ignoreIfNotExists) {
        throw new CatalogException(
                "ALTER TABLE "
                        + getName()
                        + "."
                        + path
                        + ": the DuckLake catalog alters a table"
                        + " by its list of changes (ADD, DROP, RENAME, MODIFY, SET, RESET, COMMENT), not by a whole new"
                        + " definition");
    }

    // --------------------------------------------------------------------------------------------
    // Procedures: maintenance, in the database 'sys' (or 'system')
    // --------------------------------------------------------------------------------------------

    /**
     * The maintenance procedures in the database {@value LakeProcedures#DATABASE} (or {@code
     * system}); none elsewhere.
     */
    @Override
    public List<String> listProcedures(String database) throws DatabaseNotExistException {
        if (LakeProcedures.isProcedureDatabase(database)) {
            return LakeProcedures.names();
        }
        if (!databaseExists(database)) {
            throw new DatabaseNotExistException(getName(), database);
        }
        return List.of();
    }

    /** {@code CALL lake.sys.compact(...)}, and the other procedures of {@link LakeProcedures}. */
    @Override
    public Procedure getProcedure(ObjectPath path) throws ProcedureNotExistException {
        return LakeProcedures.of(
                        path.getDatabaseName(),
                        path.getObjectName(),
                        new CatalogMaintainer(getName(), getDefaultDatabase(), lake))
                .orElseThrow(() -> new ProcedureNotExistException(getName(), path));
    }

    // --------------------------------------------------------------------------------------------

    private static TableName tableName(ObjectPath path) {
        return TableName.of(path.getDatabaseName(), path.getObjectName());
    }

    /** The names of a database's tables and views ({@code kind} null), or of one kind. */
    private List<String> objects(String database, LakeObject.Kind kind)
            throws DatabaseNotExistException {
        return lake.call(
                engine -> {
                    if (!engine.schemaExists(database)) {
                        throw new DatabaseNotExistException(getName(), database);
                    }
                    return engine.listTables(database).stream()
                            .filter(o -> kind == null || o.kind() == kind)
                            .map(o -> o.name().table())
                            .toList();
                });
    }

    /** Whether the path names a table or a view of the lake; empty when it names neither. */
    static Optional<LakeObject.Kind> kind(LakeEngine engine, ObjectPath path) {
        if (!engine.schemaExists(path.getDatabaseName())) {
            return Optional.empty();
        }
        return engine.listTables(path.getDatabaseName()).stream()
                .filter(o -> o.name().table().equals(path.getObjectName()))
                .map(LakeObject::kind)
                .findFirst();
    }

    /**
     * The system table the path names ({@code orders$files}), unless a lake table or view has the
     * name; fails for an unknown suffix, or when the table it belongs to is missing or a view.
     */
    private Optional<SystemTable> systemTable(
            LakeEngine engine, ObjectPath path, Optional<LakeObject.Kind> kind)
            throws TableNotExistException {
        if (!path.getObjectName().contains(SystemTable.SEPARATOR) || kind.isPresent()) {
            return Optional.empty();
        }
        Optional<SystemTable> system =
                SystemTables.parse(getName(), path.getDatabaseName(), path.getObjectName());
        requireTable(
                engine,
                new ObjectPath(path.getDatabaseName(), SystemTables.baseName(path.getObjectName())),
                "read");
        return system;
    }

    private static boolean systemTableExists(LakeEngine engine, ObjectPath path) {
        String name = path.getObjectName();
        return SystemTables.of(name).isPresent()
                && kind(engine, new ObjectPath(path.getDatabaseName(), SystemTables.baseName(name)))
                        .equals(Optional.of(LakeObject.Kind.TABLE));
    }

    /**
     * True when the path names a table; false for a missing one if {@code ignoreIfNotExists}; fails
     * for a missing one otherwise, and for a DuckLake view.
     */
    private boolean isTable(
            LakeEngine engine, ObjectPath path, boolean ignoreIfNotExists, String use)
            throws TableNotExistException {
        Optional<LakeObject.Kind> kind = kind(engine, path);
        if (kind.isEmpty() && ignoreIfNotExists) {
            return false;
        }
        requireTable(kind, path, use);
        return true;
    }

    /**
     * Fails unless the path names a table: a missing one, or a DuckLake view, which Flink cannot
     * use.
     */
    private Void requireTable(LakeEngine engine, ObjectPath path, String use)
            throws TableNotExistException {
        return requireTable(kind(engine, path), path, use);
    }

    /** Fails unless the looked-up kind is a table. */
    private Void requireTable(Optional<LakeObject.Kind> kind, ObjectPath path, String use)
            throws TableNotExistException {
        if (kind.isEmpty()) {
            throw new TableNotExistException(getName(), path);
        }
        if (kind.get() == LakeObject.Kind.VIEW) {
            throw new CatalogException(
                    getName()
                            + "."
                            + path
                            + " is a DuckLake view; Flink cannot "
                            + use
                            + " DuckLake views, whose query is DuckDB SQL. Use it from DuckDB, or define the query as a"
                            + " Flink view");
        }
        return null;
    }
}
