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

package dev.ducklake.engine.internal.catalog;

import dev.ducklake.engine.internal.EngineContext;
import dev.ducklake.engine.internal.Hashes;
import dev.ducklake.engine.internal.Jdbc;
import dev.ducklake.engine.schema.Column;
import dev.ducklake.engine.schema.Identifiers;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.schema.TableSchema;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The before-images of a keyed table: for every row an engine merge deleted or updated, the row as
 * it was, tagged with the commit id. Kept in a DuckLake table of its own, {@code
 * ducklake_engine.before_images_<hash of the table name>}, written in the same transaction as the
 * merge. DuckLake's change feed finds a deleted row's before-image by scanning the data file that
 * held it; with these images a change read only reads what the range's snapshots wrote.
 */
public final class BeforeImageTable {

    /** The schema that holds the engine's own tables. */
    public static final String SCHEMA = "ducklake_engine";

    /** The column holding the id of the commit that deleted or replaced the row. */
    public static final String COMMIT_ID = "__ducklake_commit_id";

    private BeforeImageTable() {}

    /** The name of the before-image table of {@code table}. */
    public static TableName of(TableName table) {
        return TableName.of(
                SCHEMA,
                "before_images_"
                        + Hashes.sha256Hex(
                                table.schema().toLowerCase(Locale.ROOT)
                                        + '\u0000'
                                        + table.table().toLowerCase(Locale.ROOT),
                                8));
    }

    /**
     * Creates (or recreates, for a table created anew under an old name) the before-image table.
     */
    public static void create(Connection connection, TableName table, TableSchema schema)
            throws SQLException {
        String images = of(table).sql(EngineContext.LAKE_ALIAS);
        LakeStatements.createSchemaIfNotExists(connection, SCHEMA);
        Jdbc.execute(connection, "DROP TABLE IF EXISTS " + images);
        Jdbc.execute(
                connection,
                "CREATE TABLE "
                        + images
                        + " ("
                        + Identifiers.quote(COMMIT_ID)
                        + " VARCHAR, "
                        + schema.columns().stream()
                                .map(c -> Column.of(c.name(), c.type()).ddl())
                                .collect(Collectors.joining(", "))
                        + ")");
    }

    /** Adds a column the table gained. */
    public static void addColumn(Connection connection, TableName table, Column column)
            throws SQLException {
        Jdbc.execute(
                connection,
                "ALTER TABLE "
                        + of(table).sql(EngineContext.LAKE_ALIAS)
                        + " ADD COLUMN "
                        + column.ddl());
    }

    /**
     * Adds the columns of the table that its before-image table lacks: columns another process
     * added to the table, which the engine's own DDL would have added there too. In the caller's
     * transaction. Reads that one table's columns, not {@code duckdb_columns()}, which lists every
     * column of the lake: a commit of many tables would pay for all of them per table.
     */
    public static void addMissingColumns(Connection connection, TableName table, TableSchema schema)
            throws SQLException {
        Set<String> present =
                new HashSet<>(
                        Jdbc.query(
                                connection,
                                "SELECT lower(name) FROM pragma_table_info(?)",
                                rs -> rs.getString(1),
                                of(table).sql(EngineContext.LAKE_ALIAS)));
        for (Column column : schema.columns()) {
            if (!present.contains(column.name().toLowerCase(Locale.ROOT))) {
                addColumn(connection, table, Column.of(column.name(), column.type()));
            }
        }
    }

    /**
     * True when the table has a before-image table. Reads the catalog: not inside a commit
     * transaction.
     */
    public static boolean exists(Connection connection, TableName table) throws SQLException {
        return MetadataTables.identity(connection, of(table), Long.MAX_VALUE).isPresent();
    }
}
