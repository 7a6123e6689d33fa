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

import dev.ducklake.engine.internal.EngineContext;
import dev.ducklake.engine.internal.Jdbc;
import dev.ducklake.engine.internal.catalog.BeforeImageTable;
import dev.ducklake.engine.internal.catalog.MetadataTables;
import dev.ducklake.engine.internal.catalog.PropertiesTable;
import dev.ducklake.engine.schema.Identifiers;
import dev.ducklake.engine.schema.TableName;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * What the engine keeps of a table outside it, which must follow the table when it is renamed or
 * dropped: its before-image table (named after the table) and its properties (keyed by its id).
 * Looked up before a commit transaction, applied inside it.
 */
record EngineTableData(TableName table, long tableId, boolean beforeImages, boolean properties) {

    /** Looks the data up; reads the catalog, so not inside a commit transaction. */
    static EngineTableData of(Connection connection, TableName table) throws SQLException {
        return new EngineTableData(
                table,
                MetadataTables.requireIdentity(connection, table).id(),
                BeforeImageTable.exists(connection, table),
                PropertiesTable.exists(connection));
    }

    /** Drops it with the table. */
    void drop(Connection connection) throws SQLException {
        if (beforeImages) {
            Jdbc.execute(
                    connection,
                    "DROP TABLE IF EXISTS "
                            + BeforeImageTable.of(table).sql(EngineContext.LAKE_ALIAS));
        }
        if (properties) {
            PropertiesTable.forget(connection, tableId);
        }
    }

    /** Renames the before-image table after the table's new name; the properties follow the id. */
    void rename(Connection connection, TableName to) throws SQLException {
        if (beforeImages) {
            Jdbc.execute(
                    connection,
                    "ALTER TABLE "
                            + BeforeImageTable.of(table).sql(EngineContext.LAKE_ALIAS)
                            + " RENAME TO "
                            + Identifiers.quote(BeforeImageTable.of(to).table()));
        }
    }
}
