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

package dev.ducklake.testing.postgres;

import dev.ducklake.testing.process.ProjectRoot;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * A real PostgreSQL server on loopback for catalog tests, started through the project's {@code
 * .ci/postgres.sh} (idempotent: quick when {@code .ci/run} already started it). Each test gets a
 * database of its own.
 */
public final class PostgresServer {

    /** A role that must give its password; {@code .ci/postgres.sh} creates it. */
    public static final String PASSWORD_ROLE = "ducklake_pw";

    /** The password of {@link #PASSWORD_ROLE}, as {@code .ci/postgres.sh} sets it. */
    public static final String PASSWORD_ROLE_PASSWORD = "Ducklake-pw-S3cret";

    private static String adminConnection;

    private PostgresServer() {}

    /** Starts the server if needed; returns the libpq connection string of its admin database. */
    public static synchronized String start() {
        if (adminConnection == null) {
            String[] lines = script().strip().split("\n");
            adminConnection = lines[lines.length - 1].strip();
        }
        return adminConnection;
    }

    /** Stops the server and starts it again, as an operator's restart does; its databases stay. */
    public static synchronized void restart() {
        start();
        script("stop");
        script();
    }

    private static String script(String... arguments) {
        Path script = ProjectRoot.containing(".ci/postgres.sh").resolve(".ci/postgres.sh");
        List<String> command = new ArrayList<>(List.of("bash", script.toString()));
        command.addAll(List.of(arguments));
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            String output =
                    new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (process.waitFor() != 0) {
                throw new IllegalStateException("Could not run " + command + ":\n" + output);
            }
            return output;
        } catch (IOException e) {
            throw new IllegalStateException("Could not run " + script, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Creates a fresh database and returns its libpq connection string. */
    public static String createDatabase() {
        String admin = start();
        String name = "lake_" + UUID.randomUUID().toString().replace("-", "");
        execute(admin, "CREATE DATABASE " + name);
        return admin.replaceAll("dbname=\\S+", "dbname=" + name);
    }

    /**
     * The libpq connection string of a database as {@link #PASSWORD_ROLE}, without its password.
     */
    public static String asPasswordRole(String connectionString) {
        return connectionString.replaceAll("user=\\S+", "user=" + PASSWORD_ROLE);
    }

    /** Drops a database made by {@link #createDatabase()}. */
    public static void dropDatabase(String connectionString) {
        String name = connectionString.replaceAll(".*dbname=(\\S+).*", "$1");
        execute(start(), "DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
    }

    private static void execute(String libpq, String sql) {
        try (Connection c = DriverManager.getConnection(jdbcUrl(libpq), "postgres", "");
                Statement st = c.createStatement()) {
            st.execute(sql);
        } catch (SQLException e) {
            throw new IllegalStateException("PostgreSQL refused: " + sql, e);
        }
    }

    /** The JDBC URL of a libpq connection string. */
    public static String jdbcUrl(String libpq) {
        String host = libpq.replaceAll(".*host=(\\S+).*", "$1");
        String port = libpq.replaceAll(".*port=(\\S+).*", "$1");
        String db = libpq.replaceAll(".*dbname=(\\S+).*", "$1");
        return "jdbc:postgresql://" + host + ":" + port + "/" + db;
    }
}
