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

package dev.ducklake.engine.internal.write;

import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.internal.EngineContext;
import dev.ducklake.engine.schema.Identifiers;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.duckdb.DuckDBConnection;

/**
 * Keeps the lake's cached schemas alive while a commit runs. The {@code ducklake} extension of
 * DuckDB 1.5.5 caches each version of the lake's schemas in DuckDB's object cache, pinned only by
 * the query using it, and a transaction that creates a table keeps a bare reference to its schema
 * from the CREATE TABLE to the COMMIT (duckdb/ducklake#1248, fixed upstream after 1.5). When
 * another connection of the instance reloads that schema version, or memory pressure evicts the
 * cache, in between, the COMMIT reads freed memory: a JVM crash in {@code StringUtil::CIHash}, or a
 * garbage schema name in the snapshot's changes. An open query over the lake's schemas on a
 * connection of its own holds the cache entry until the commit ends.
 *
 * <p>Not on a SQLite catalog, where an open read of the catalog would lock the commit out. {@code
 * SchemaCacheEvictionTest} shows the defect in plain DuckDB, {@code DdlWhileReadingStressTest} the
 * engine under it.
 */
final class SchemaCachePin implements AutoCloseable {

    /** Holds nothing: a SQLite catalog. */
    private static final SchemaCachePin NONE = new SchemaCachePin(null, null, null);

    private final DuckDBConnection connection;
    private final Statement statement;
    private final ResultSet schemas;

    private SchemaCachePin(DuckDBConnection connection, Statement statement, ResultSet schemas) {
        this.connection = connection;
        this.statement = statement;
        this.schemas = schemas;
    }

    /** Pins the cached schemas until closed; pins nothing on a SQLite catalog. */
    static SchemaCachePin take(EngineContext context) throws SQLException {
        if (context.config().catalog().kind() == CatalogLocation.Kind.SQLITE) {
            return NONE;
        }
        DuckDBConnection connection = context.connect();
        Statement statement = null;
        try {
            statement = connection.createStatement();
            ResultSet schemas =
                    statement.executeQuery(
                            "SELECT schema_name FROM duckdb_schemas() WHERE database_name = "
                                    + Identifiers.literal(EngineContext.LAKE_ALIAS));
            return new SchemaCachePin(connection, statement, schemas);
        } catch (SQLException | RuntimeException e) {
            if (statement != null) {
                statement.close();
            }
            connection.close();
            throw e;
        }
    }

    @Override
    public void close() throws SQLException {
        try (connection;
                statement;
                schemas) {
            // closes the results, the statement, then the connection; null ones are skipped
        }
    }
}
