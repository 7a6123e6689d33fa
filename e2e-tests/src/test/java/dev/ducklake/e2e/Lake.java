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

package dev.ducklake.e2e;

import dev.ducklake.engine.testutils.TestLakes;
import dev.ducklake.testing.postgres.PostgresServer;
import dev.ducklake.testing.s3.S3Server;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.stream.Collectors;

/**
 * A lake for the cluster tests: a PostgreSQL catalog of its own and the data on the S3 server (or a
 * local directory), under a prefix of its own; its options as a table's {@code WITH} clause or a
 * job's arguments take them, and plain DuckDB reading it over S3.
 */
final class Lake implements AutoCloseable {

    static final String BUCKET = "lake";

    final String catalog;
    final String prefix;
    private final S3Server s3;

    private final String dataPath;
    private final boolean environmentCredentials;

    /** A lake with its data on the S3 server. */
    Lake(S3Server s3) {
        this(s3, null, false);
    }

    /**
     * A lake with its data under a local directory, or on the S3 server when {@code localData} is
     * null.
     */
    Lake(S3Server s3, Path localData) {
        this(s3, localData, false);
    }

    /**
     * A lake whose secret gives the S3 server's keys, or, with {@code environmentCredentials},
     * takes them from the processes' environment ({@code PROVIDER credential_chain}; see {@link
     * #environment}).
     */
    Lake(S3Server s3, Path localData, boolean environmentCredentials) {
        this.s3 = s3;
        this.environmentCredentials = environmentCredentials;
        this.catalog = PostgresServer.createDatabase();
        this.prefix = "lake-" + UUID.randomUUID();
        this.dataPath =
                localData != null
                        ? localData.resolve(prefix).resolve("data") + "/"
                        : "s3://" + BUCKET + "/" + prefix + "/data/";
        s3.createBucket(BUCKET);
    }

    /** The lake's options: the catalog, the data path, and the S3 secret. */
    Map<String, String> options() {
        Map<String, String> options = new LinkedHashMap<>();
        options.put("catalog", "postgres:" + catalog);
        options.put("data-path", dataPath);
        Map<String, String> secret = new LinkedHashMap<>(s3.secret());
        if (environmentCredentials) {
            secret.remove("key_id");
            secret.remove("secret");
            secret.put("provider", "credential_chain");
            secret.put("chain", "env");
        }
        secret.forEach(
                (parameter, value) -> options.put("duckdb.secret.lake_s3." + parameter, value));
        return options;
    }

    /** The environment that gives a lake with environment credentials the S3 server's keys. */
    static Map<String, String> environment() {
        return Map.of(
                "AWS_ACCESS_KEY_ID", S3Server.KEY_ID, "AWS_SECRET_ACCESS_KEY", S3Server.SECRET);
    }

    /** The options as the body of a {@code WITH} clause, for a table of the given name. */
    String with(String table) {
        Map<String, String> options = new LinkedHashMap<>(options());
        options.put("connector", "ducklake");
        options.put("table-name", table);
        return options.entrySet().stream()
                .map(e -> "'" + e.getKey() + "' = '" + e.getValue() + "'")
                .collect(Collectors.joining(", "));
    }

    /** The options as {@code key=value} arguments of a job. */
    List<String> arguments() {
        return options().entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).toList();
    }

    /**
     * A table's rows by their first column, each row's values joined by '|', read by plain DuckDB
     * over S3.
     */
    Map<String, String> rowsByKey(String table) throws SQLException {
        Map<String, String> rows = new TreeMap<>();
        for (List<Object> row : query("SELECT * FROM plain." + table)) {
            String previous =
                    rows.put(
                            row.get(0).toString(),
                            row.stream().map(String::valueOf).collect(Collectors.joining("|")));
            if (previous != null) {
                throw new AssertionError("Two rows of " + table + " for " + row.get(0));
            }
        }
        return rows;
    }

    /** Snapshots that a Flink sink committed. */
    long sinkSnapshots() throws SQLException {
        return ((Number)
                        query(
                                        "SELECT count(*) FROM __ducklake_metadata_plain.ducklake_snapshot_changes"
                                                + " WHERE commit_extra_info LIKE '%sink-id%'")
                                .get(0)
                                .get(0))
                .longValue();
    }

    /**
     * Runs statements on plain DuckDB with the lake attached as {@code plain}, as any DuckDB user
     * writes it.
     */
    void execute(String... statements) throws SQLException {
        try (Connection connection = plainDuckDb(false);
                Statement statement = connection.createStatement()) {
            for (String sql : statements) {
                statement.execute(sql);
            }
        }
    }

    /** A query on plain DuckDB that reads the lake over S3 with a secret of its own. */
    List<List<Object>> query(String sql) throws SQLException {
        try (Connection connection = plainDuckDb(true);
                Statement statement = connection.createStatement()) {
            return TestLakes.rows(statement, sql);
        }
    }

    private Connection plainDuckDb(boolean readOnly) throws SQLException {
        Connection connection = DriverManager.getConnection("jdbc:duckdb:");
        try (Statement statement = connection.createStatement()) {
            statement.execute("LOAD httpfs");
            statement.execute("LOAD ducklake");
            statement.execute(s3.createSecretSql());
            statement.execute(
                    "ATTACH 'ducklake:postgres:"
                            + catalog
                            + "' AS plain"
                            + (readOnly ? " (READ_ONLY)" : ""));
        } catch (SQLException e) {
            connection.close();
            throw e;
        }
        return connection;
    }

    @Override
    public void close() {
        PostgresServer.dropDatabase(catalog);
    }
}
