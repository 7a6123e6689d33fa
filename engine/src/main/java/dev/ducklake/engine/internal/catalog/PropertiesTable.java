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
import dev.ducklake.engine.internal.Jdbc;
import dev.ducklake.engine.schema.TableName;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Collection;
import java.util.Map;
import java.util.TreeMap;

/**
 * The key/value properties of tables, kept in a DuckLake table of the engine's own, {@code
 * ducklake_engine.table_properties (table_id, key, value)}: DuckLake records a tag only for {@code
 * COMMENT ON}, and has no SQL to write other tags. Being a lake table, the properties are versioned
 * with the lake's snapshots, written in the same transaction as the change that sets them, and seen
 * by every process that attaches the catalog. Rows are keyed by DuckLake's table id, which a rename
 * keeps. Static, on the caller's connection.
 */
public final class PropertiesTable {

    /** The table holding the properties. */
    public static final TableName NAME = TableName.of(BeforeImageTable.SCHEMA, "table_properties");

    private static final String SQL = NAME.sql(EngineContext.LAKE_ALIAS);

    private PropertiesTable() {}

    /**
     * True once any table has had properties. Reads the catalog: not inside a commit transaction.
     */
    public static boolean exists(Connection connection) throws SQLException {
        return MetadataTables.identity(connection, NAME, Long.MAX_VALUE).isPresent();
    }

    /** The properties of the table, sorted by key; empty when it has none. */
    public static Map<String, String> read(Connection connection, long tableId)
            throws SQLException {
        Map<String, String> properties = new TreeMap<>();
        if (exists(connection)) {
            Jdbc.query(
                    connection,
                    "SELECT key, value FROM " + SQL + " WHERE table_id = ?",
                    rs -> properties.put(rs.getString(1), rs.getString(2)),
                    tableId);
        }
        return properties;
    }

    /**
     * Sets the properties, replacing the values of keys the table has; creates the table on first
     * use.
     */
    public static void put(Connection connection, long tableId, Map<String, String> properties)
            throws SQLException {
        LakeStatements.createSchemaIfNotExists(connection, BeforeImageTable.SCHEMA);
        Jdbc.execute(
                connection,
                "CREATE TABLE IF NOT EXISTS "
                        + SQL
                        + " (table_id BIGINT, key VARCHAR, value VARCHAR)");
        remove(connection, tableId, properties.keySet());
        for (Map.Entry<String, String> property : properties.entrySet()) {
            Jdbc.update(
                    connection,
                    "INSERT INTO " + SQL + " VALUES (?, ?, ?)",
                    tableId,
                    property.getKey(),
                    property.getValue());
        }
    }

    /** Removes the given keys of the table; the properties table must exist. */
    public static void remove(Connection connection, long tableId, Collection<String> keys)
            throws SQLException {
        if (!keys.isEmpty()) {
            Jdbc.update(
                    connection,
                    "DELETE FROM "
                            + SQL
                            + " WHERE table_id = ? AND key IN ("
                            + Jdbc.literals(keys)
                            + ")",
                    tableId);
        }
    }

    /**
     * Removes every property of the table (it is being dropped); the properties table must exist.
     */
    public static void forget(Connection connection, long tableId) throws SQLException {
        Jdbc.update(connection, "DELETE FROM " + SQL + " WHERE table_id = ?", tableId);
    }
}
