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

import dev.ducklake.engine.error.AlreadyExistsException;
import dev.ducklake.engine.error.SchemaNotFoundException;
import dev.ducklake.engine.error.UnsupportedChangeException;
import dev.ducklake.engine.internal.EngineContext;
import dev.ducklake.engine.internal.Jdbc;
import dev.ducklake.engine.internal.catalog.MetadataTables;
import dev.ducklake.engine.internal.write.CommitExecutor;
import dev.ducklake.engine.internal.write.CommitOutcome;
import dev.ducklake.engine.schema.Identifiers;
import dev.ducklake.engine.schema.LakeObject;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.version.CommitMetadata;
import dev.ducklake.engine.write.CommitOptions;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;

/**
 * Lists, drops and renames the tables of a schema. Tables and views are listed whoever created
 * them; dropping and renaming take what the engine keeps of a table (before-images, properties)
 * along, in the same snapshot.
 */
public final class TableDdl {

    private static final String META = MetadataTables.METADATA;

    private final EngineContext context;
    private final CommitExecutor commits;

    public TableDdl(EngineContext context, CommitExecutor commits) {
        this.context = context;
        this.commits = commits;
    }

    /** The tables and views of the schema, by name. */
    public List<LakeObject> list(String schema) {
        Identifiers.requireValid(schema, "schema");
        return context.withConnection(
                "list the tables of " + schema,
                c -> {
                    if (!SchemaCatalog.exists(c, schema)) {
                        throw new SchemaNotFoundException(
                                "Schema " + schema + " does not exist in the lake");
                    }
                    String current =
                            " s ON s.schema_id = o.schema_id WHERE o.end_snapshot IS NULL AND s.end_snapshot IS NULL"
                                    + " AND lower(s.schema_name) = ?";
                    return Jdbc.query(
                            c,
                            "SELECT s.schema_name, o.table_name AS name, 'TABLE' FROM "
                                    + META
                                    + ".ducklake_table o JOIN "
                                    + META
                                    + ".ducklake_schema"
                                    + current
                                    + " UNION ALL SELECT s.schema_name, o.view_name, 'VIEW' FROM "
                                    + META
                                    + ".ducklake_view o JOIN "
                                    + META
                                    + ".ducklake_schema"
                                    + current
                                    + " ORDER BY name",
                            rs ->
                                    new LakeObject(
                                            TableName.of(rs.getString(1), rs.getString(2)),
                                            LakeObject.Kind.valueOf(rs.getString(3))),
                            schema.toLowerCase(Locale.ROOT),
                            schema.toLowerCase(Locale.ROOT));
                });
    }

    /**
     * Drops the table; a missing one is fine if {@code ifExists}. Returns whether it dropped one.
     */
    public boolean drop(TableName name, boolean ifExists) {
        EngineTableData data =
                context.withConnection(
                        "look up " + name,
                        c ->
                                MetadataTables.identity(c, name, Long.MAX_VALUE).isPresent()
                                        ? EngineTableData.of(c, name)
                                        : null);
        if (data == null) {
            if (ifExists) {
                return false;
            }
            throw MetadataTables.notFound(name);
        }
        commit(
                name,
                c -> {
                    data.drop(c);
                    Jdbc.execute(c, "DROP TABLE " + name.sql(EngineContext.LAKE_ALIAS));
                });
        return true;
    }

    /**
     * Renames the table within its schema (DuckLake cannot move a table to another schema). The
     * table keeps its DuckLake id, so its versions, properties and before-images stay with it.
     */
    public long rename(TableName from, TableName to) {
        if (!from.schema().equalsIgnoreCase(to.schema())) {
            throw new UnsupportedChangeException(
                    "Cannot rename "
                            + from
                            + " to "
                            + to
                            + ": DuckLake renames a table"
                            + " within its schema only");
        }
        EngineTableData data =
                context.withConnection(
                        "look up " + from,
                        c -> {
                            EngineTableData found = EngineTableData.of(c, from);
                            if (!from.table().equalsIgnoreCase(to.table()) && taken(c, to)) {
                                throw new AlreadyExistsException(
                                        "Cannot rename "
                                                + from
                                                + " to "
                                                + to
                                                + ": a table or view named "
                                                + to
                                                + " exists");
                            }
                            return found;
                        });
        return commit(
                from,
                c -> {
                    data.rename(c, to);
                    Jdbc.execute(
                            c,
                            "ALTER TABLE "
                                    + from.sql(EngineContext.LAKE_ALIAS)
                                    + " RENAME TO "
                                    + Identifiers.quote(to.table()));
                });
    }

    /** True when a table or view of the schema has the name. */
    private static boolean taken(Connection connection, TableName name) throws SQLException {
        return Jdbc.queryLong(
                        connection,
                        "SELECT count(*) FROM (SELECT table_name AS name, schema_id FROM "
                                + META
                                + ".ducklake_table WHERE end_snapshot IS NULL UNION ALL SELECT view_name, schema_id FROM "
                                + META
                                + ".ducklake_view WHERE end_snapshot IS NULL) o JOIN "
                                + META
                                + ".ducklake_schema s"
                                + " ON s.schema_id = o.schema_id AND s.end_snapshot IS NULL"
                                + " WHERE lower(s.schema_name) = ? AND lower(o.name) = ?",
                        name.schema().toLowerCase(Locale.ROOT),
                        name.table().toLowerCase(Locale.ROOT))
                > 0;
    }

    /** Statements of one change to a table's definition. */
    @FunctionalInterface
    interface Statements {
        void run(Connection connection) throws SQLException;
    }

    /**
     * Runs the statements as one commit of the table, in mode {@code schema}; returns its version.
     */
    long commit(TableName name, Statements statements) {
        return commits.commit(
                        name,
                        CommitMetadata.MODE_SCHEMA,
                        CommitOptions.defaults(),
                        (connection, commitId) -> {
                            statements.run(connection);
                            return CommitOutcome.changed(0, 0, 0, 0, true);
                        })
                .version();
    }
}
