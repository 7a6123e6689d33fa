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
import dev.ducklake.engine.error.LakeCancelledException;
import dev.ducklake.engine.error.LakeException;
import dev.ducklake.engine.error.LakeValidationException;
import dev.ducklake.engine.error.SchemaNotEmptyException;
import dev.ducklake.engine.error.SchemaNotFoundException;
import dev.ducklake.engine.internal.EngineContext;
import dev.ducklake.engine.internal.Jdbc;
import dev.ducklake.engine.internal.catalog.BeforeImageTable;
import dev.ducklake.engine.internal.catalog.LakeStatements;
import dev.ducklake.engine.internal.catalog.MetadataTables;
import dev.ducklake.engine.schema.Identifiers;
import dev.ducklake.engine.schema.LakeObject;
import dev.ducklake.engine.version.CommitMetadata;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.duckdb.DuckDBConnection;

/**
 * The lake's schemas (Flink's databases): list, create, drop. The engine's own schema, {@value
 * BeforeImageTable#SCHEMA}, is not listed and cannot be created or dropped through here. Each
 * change is one DuckLake snapshot whose commit message names it.
 */
public final class SchemaCatalog {

    private static final String META = MetadataTables.METADATA;

    private final EngineContext context;
    private final TableDdl tables;

    public SchemaCatalog(EngineContext context, TableDdl tables) {
        this.context = context;
        this.tables = tables;
    }

    /** The schemas of the lake, by name, without the engine's own. */
    public List<String> list() {
        return context.withConnection(
                "list the schemas",
                c ->
                        Jdbc.query(
                                c,
                                "SELECT schema_name FROM "
                                        + META
                                        + ".ducklake_schema WHERE end_snapshot IS NULL AND schema_name <> ? ORDER BY schema_name",
                                rs -> rs.getString(1),
                                BeforeImageTable.SCHEMA));
    }

    public boolean exists(String schema) {
        Identifiers.requireValid(schema, "schema");
        return context.withConnection("look up the schema " + schema, c -> exists(c, schema));
    }

    static boolean exists(Connection connection, String schema) throws SQLException {
        return Jdbc.queryLong(
                        connection,
                        "SELECT count(*) FROM "
                                + META
                                + ".ducklake_schema"
                                + " WHERE end_snapshot IS NULL AND lower(schema_name) = ?",
                        schema.toLowerCase(Locale.ROOT))
                > 0;
    }

    /** Creates the schema; when it exists, does nothing if {@code ifNotExists}, fails otherwise. */
    public void create(String schema, boolean ifNotExists) {
        requireUserSchema(schema);
        if (exists(schema)) {
            if (ifNotExists) {
                return;
            }
            throw new AlreadyExistsException("Schema " + schema + " already exists in the lake");
        }
        run(
                "create schema " + schema,
                c -> Jdbc.execute(c, "CREATE SCHEMA IF NOT EXISTS " + sql(schema)));
    }

    /**
     * Drops the schema. Without {@code cascade} a schema that holds tables or views is refused,
     * naming them; with it they go too, with what the engine kept of them. A missing schema is fine
     * if {@code ifExists}.
     */
    public void drop(String schema, boolean ifExists, boolean cascade) {
        requireUserSchema(schema);
        if (!exists(schema)) {
            if (ifExists) {
                return;
            }
            throw new SchemaNotFoundException("Schema " + schema + " does not exist in the lake");
        }
        List<LakeObject> objects = tables.list(schema);
        if (!objects.isEmpty() && !cascade) {
            throw new SchemaNotEmptyException(
                    "Schema "
                            + schema
                            + " is not empty, it holds "
                            + objects.stream()
                                    .map(
                                            o ->
                                                    o.kind().name().toLowerCase(Locale.ROOT)
                                                            + " "
                                                            + o.name().table())
                                    .toList()
                            + "; drop them first or drop the schema with cascade");
        }
        List<EngineTableData> data =
                context.withConnection(
                        "look up the tables of " + schema,
                        c -> {
                            List<EngineTableData> found = new ArrayList<>();
                            for (LakeObject object : objects) {
                                if (object.kind() == LakeObject.Kind.TABLE) {
                                    found.add(EngineTableData.of(c, object.name()));
                                }
                            }
                            return found;
                        });
        run(
                "drop schema " + schema,
                c -> {
                    for (EngineTableData table : data) {
                        table.drop(c);
                    }
                    Jdbc.execute(c, "DROP SCHEMA " + sql(schema) + (cascade ? " CASCADE" : ""));
                });
    }

    private static void requireUserSchema(String schema) {
        Identifiers.requireValid(schema, "schema");
        if (schema.equalsIgnoreCase(BeforeImageTable.SCHEMA)) {
            throw new LakeValidationException(
                    "Schema "
                            + schema
                            + " holds the engine's own tables (before-images,"
                            + " table properties); it cannot be created or dropped by name");
        }
    }

    private static String sql(String schema) {
        return EngineContext.LAKE_ALIAS + "." + Identifiers.quote(schema);
    }

    /**
     * Runs the statements in one transaction, one snapshot, while no other change of this engine
     * runs.
     */
    private void run(String what, TableDdl.Statements statements) {
        try {
            context.exclusively(
                    what,
                    () -> {
                        try (DuckDBConnection connection = context.connect()) {
                            Jdbc.execute(connection, "BEGIN TRANSACTION");
                            try {
                                statements.run(connection);
                                LakeStatements.setCommitMessage(
                                        connection, CommitMetadata.AUTHOR, what);
                                Jdbc.execute(connection, "COMMIT");
                            } catch (SQLException | RuntimeException e) {
                                Jdbc.execute(connection, "ROLLBACK");
                                throw e;
                            }
                        } catch (SQLException e) {
                            throw new LakeException("Could not " + what + ": " + e.getMessage(), e);
                        }
                        return null;
                    });
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LakeCancelledException("Interrupted while waiting to " + what, e);
        }
    }
}
