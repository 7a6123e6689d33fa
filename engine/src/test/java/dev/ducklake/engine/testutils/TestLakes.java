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

package dev.ducklake.engine.testutils;

import dev.ducklake.engine.LakeEngine;
import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.config.EngineConfig;
import dev.ducklake.engine.read.ScanRequest;
import dev.ducklake.engine.schema.LakeType;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.schema.TableSchema;
import dev.ducklake.engine.write.WriteMode;
import dev.ducklake.engine.write.WriteSession;
import dev.ducklake.testing.postgres.PostgresServer;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/** Catalog locations and plain DuckDB connections for tests. */
public final class TestLakes {

    private TestLakes() {}

    /** A catalog of the given kind under {@code dir} (PostgreSQL: a fresh database). */
    public static CatalogLocation catalog(CatalogLocation.Kind kind, Path dir) {
        return switch (kind) {
            case DUCKDB -> CatalogLocation.duckDbFile(dir.resolve("metadata.ducklake"));
            case SQLITE -> CatalogLocation.sqliteFile(dir.resolve("metadata.sqlite"));
            case POSTGRES -> CatalogLocation.postgres(PostgresServer.createDatabase());
        };
    }

    /**
     * Drops what {@link #catalog} made outside {@code dir}: a PostgreSQL catalog's database. The
     * other catalogs are files under {@code dir}.
     */
    public static void drop(CatalogLocation catalog) {
        if (catalog.kind() == CatalogLocation.Kind.POSTGRES) {
            PostgresServer.dropDatabase(catalog.location());
        }
    }

    /** Engine settings with the data files under {@code dir}. */
    public static EngineConfig.Builder config(CatalogLocation catalog, Path dir) {
        return EngineConfig.builder(catalog)
                .dataPath(dir.resolve("data").toString() + "/")
                .temporaryDirectory(dir.resolve("tmp"))
                .memoryLimit("512MB");
    }

    /** An engine on the catalog with the {@link #config default test settings}. */
    public static LakeEngine open(CatalogLocation catalog, Path dir) {
        return LakeEngine.open(config(catalog, dir).build());
    }

    /** A table of a key column and one value column, keyed by the first. */
    public static TableSchema keyValueSchema(
            String key, LakeType keyType, String value, LakeType valueType) {
        return TableSchema.builder()
                .column(key, keyType)
                .column(value, valueType)
                .primaryKey(key)
                .build();
    }

    /** A table of two columns and no key. */
    public static TableSchema twoColumnSchema(
            String first, LakeType firstType, String second, LakeType secondType) {
        return TableSchema.builder().column(first, firstType).column(second, secondType).build();
    }

    /**
     * Appends the rows {@code (i, 'name-' + i)}, {@code i} from {@code from} up to {@code to}, in
     * one commit to a table of a BIGINT key {@code id} and a VARCHAR {@code name}, which it creates
     * if the table does not exist.
     */
    public static void appendNames(LakeEngine engine, TableName table, long from, long to) {
        engine.createTableIfNotExists(
                table,
                keyValueSchema(
                        "id", LakeType.Primitive.BIGINT, "name", LakeType.Primitive.VARCHAR));
        try (WriteSession session = engine.openWriteSession(table, WriteMode.APPEND)) {
            for (long i = from; i < to; i++) {
                session.write(new Object[] {i, "name-" + i});
            }
            session.commit();
        }
    }

    /**
     * A scan whose filter fails at the row whose {@code id} column holds {@code id}: a query that
     * fails after the rows before that one have streamed.
     */
    public static ScanRequest failingAtId(long id) {
        return ScanRequest.builder()
                .filter(
                        column ->
                                "CASE WHEN "
                                        + column.apply("id")
                                        + " = "
                                        + id
                                        + " THEN error('boom')::BOOLEAN ELSE true END")
                .build();
    }

    /**
     * A plain DuckDB connection, not the engine, with the lake attached as {@code plain}: what any
     * DuckDB user would do to read the lake.
     */
    public static Connection plainDuckDb(CatalogLocation catalog, Path dir) throws SQLException {
        return plainDuckDb(
                "ATTACH 'ducklake:"
                        + catalog.key().replace("'", "''")
                        + "' AS plain (DATA_PATH '"
                        + dir.resolve("data")
                        + "/')");
    }

    /** A plain DuckDB connection with the {@code ducklake} extension loaded and a lake attached. */
    public static Connection plainDuckDb(String attach) throws SQLException {
        Connection connection = DriverManager.getConnection("jdbc:duckdb:");
        try (Statement st = connection.createStatement()) {
            st.execute("LOAD ducklake");
            st.execute(attach);
        } catch (SQLException e) {
            connection.close();
            throw e;
        }
        return connection;
    }

    /** Runs statements on plain DuckDB with the lake attached as {@code plain}. */
    public static void plainExecute(CatalogLocation catalog, Path dir, String... statements)
            throws SQLException {
        try (Connection connection = plainDuckDb(catalog, dir);
                Statement st = connection.createStatement()) {
            for (String statement : statements) {
                st.execute(statement);
            }
        }
    }

    /**
     * Runs a query on plain DuckDB with the lake attached as {@code plain}; each row's values
     * joined by '|'.
     */
    public static List<String> plainRows(CatalogLocation catalog, Path dir, String query)
            throws SQLException {
        try (Connection connection = plainDuckDb(catalog, dir);
                Statement st = connection.createStatement()) {
            return rows(st, query).stream()
                    .map(row -> row.stream().map(String::valueOf).collect(Collectors.joining("|")))
                    .toList();
        }
    }

    /** A query's rows, each a list of its values as JDBC returns them. */
    public static List<List<Object>> rows(Statement statement, String query) throws SQLException {
        List<List<Object>> rows = new ArrayList<>();
        try (ResultSet rs = statement.executeQuery(query)) {
            int columns = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                List<Object> row = new ArrayList<>(columns);
                for (int i = 1; i <= columns; i++) {
                    row.add(rs.getObject(i));
                }
                rows.add(row);
            }
        }
        return rows;
    }
}
