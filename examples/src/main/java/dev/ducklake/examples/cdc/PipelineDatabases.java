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

package dev.ducklake.examples.cdc;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;

/**
 * The PostgreSQL databases of a CDC pipeline run: recreated for each run, addressed by JDBC URL or
 * libpq string, and the replication slot a stopped Debezium connector leaves, which must go so that
 * it holds no WAL.
 */
public final class PipelineDatabases {

    /** The server that {@code .ci/postgres.sh} starts, as user {@code postgres}. */
    public static final String LOCAL_SERVER =
            "jdbc:postgresql://127.0.0.1:55432/postgres?user=postgres";

    private static final Duration RELEASE = Duration.ofSeconds(30);

    private PipelineDatabases() {}

    /** The JDBC URL of another database on the same server. */
    public static String database(String jdbcUrl, String database) {
        return jdbcUrl.replaceFirst("/[^/?]+(\\?|$)", "/" + database + "$1");
    }

    /**
     * A JDBC URL's host, port and database as a libpq connection string, as user {@code postgres}.
     */
    public static String libpq(String jdbcUrl) {
        return jdbcUrl.replaceAll(
                "jdbc:postgresql://([^:/]+):(\\d+)/([^?]+).*",
                "host=$1 port=$2 dbname=$3 user=postgres");
    }

    /** A database of the server as a lake's catalog, as DuckDB's {@code ATTACH 'ducklake:...'}. */
    public static String lakeCatalog(String serverJdbcUrl, String database) {
        return "postgres:" + libpq(database(serverJdbcUrl, database));
    }

    /**
     * The settings of a Debezium connector that captures the schema {@code shop} of the database at
     * {@code jdbcUrl} as user {@code postgres}, from the moment it starts ({@code
     * snapshot.mode=no_data}: every row it sees comes from a transaction), through its own slot and
     * publication.
     */
    public static Map<String, String> debeziumSettings(
            String jdbcUrl, String topicPrefix, String slot) {
        return Map.of(
                "database.hostname",
                jdbcUrl.replaceAll("jdbc:postgresql://([^:/]+).*", "$1"),
                "database.port",
                jdbcUrl.replaceAll("jdbc:postgresql://[^:/]+:(\\d+).*", "$1"),
                "database.dbname",
                jdbcUrl.replaceAll("jdbc:postgresql://[^/]+/([^?]+).*", "$1"),
                "database.user",
                "postgres",
                "database.password",
                "",
                "topic.prefix",
                topicPrefix,
                "schema.include.list",
                "shop",
                "slot.name",
                slot,
                "publication.name",
                slot,
                "snapshot.mode",
                "no_data");
    }

    /** Drops the replication slot, then drops and creates the databases. */
    public static void recreate(String serverJdbcUrl, String slot, String... databases)
            throws SQLException, InterruptedException {
        dropSlot(serverJdbcUrl, slot);
        try (Connection connection = DriverManager.getConnection(serverJdbcUrl);
                Statement statement = connection.createStatement()) {
            for (String database : databases) {
                statement.execute("DROP DATABASE IF EXISTS " + database + " WITH (FORCE)");
                statement.execute("CREATE DATABASE " + database);
            }
        }
    }

    /**
     * Drops the replication slot if it exists, once its last consumer let go of it; after 30 s,
     * ends the server process that still holds it.
     */
    public static void dropSlot(String jdbcUrl, String slot)
            throws SQLException, InterruptedException {
        try (Connection connection = DriverManager.getConnection(jdbcUrl);
                PreparedStatement active =
                        connection.prepareStatement(
                                "SELECT active, active_pid FROM pg_replication_slots WHERE slot_name = ?")) {
            active.setString(1, slot);
            long deadline = System.nanoTime() + RELEASE.toNanos();
            while (true) {
                try (ResultSet rs = active.executeQuery()) {
                    if (!rs.next()) {
                        return;
                    }
                    if (!rs.getBoolean(1)) {
                        break;
                    }
                    if (System.nanoTime() > deadline) {
                        try (PreparedStatement end =
                                connection.prepareStatement(
                                        "SELECT pg_terminate_backend(?, 10000)")) {
                            end.setInt(1, rs.getInt(2));
                            end.execute();
                        }
                        break;
                    }
                }
                Thread.sleep(100); // the server has no event to wait on
            }
            try (PreparedStatement drop =
                    connection.prepareStatement("SELECT pg_drop_replication_slot(?)")) {
                drop.setString(1, slot);
                drop.execute();
            }
        }
    }
}
