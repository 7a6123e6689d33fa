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

package dev.ducklake.engine.internal;

import dev.ducklake.engine.schema.Identifiers;
import dev.ducklake.engine.secret.SecretMasking;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Small JDBC helpers: run a statement, read one value or a list of rows, with bound parameters;
 * write a list of string literals; close a connection whatever fails.
 */
public final class Jdbc {

    private static final Logger LOG = LoggerFactory.getLogger(Jdbc.class);

    private Jdbc() {}

    /** Maps the current row of a result set. */
    @FunctionalInterface
    public interface RowMapper<T> {
        T map(ResultSet rs) throws SQLException;
    }

    public static void execute(Connection connection, String sql) throws SQLException {
        try (Statement st = connection.createStatement()) {
            st.execute(sql);
        }
    }

    public static int update(Connection connection, String sql, Object... parameters)
            throws SQLException {
        try (PreparedStatement ps = prepare(connection, sql, parameters)) {
            return ps.executeUpdate();
        }
    }

    public static <T> List<T> query(
            Connection connection, String sql, RowMapper<T> mapper, Object... parameters)
            throws SQLException {
        try (PreparedStatement ps = prepare(connection, sql, parameters);
                ResultSet rs = ps.executeQuery()) {
            List<T> rows = new ArrayList<>();
            while (rs.next()) {
                rows.add(mapper.map(rs));
            }
            return rows;
        }
    }

    /**
     * The first row, mapped. The rest of the result is drained: with DuckDB's streamed results a
     * statement commits only once its result is read to the end, which matters for table functions
     * with effects such as DuckLake's maintenance calls.
     */
    public static <T> Optional<T> queryFirst(
            Connection connection, String sql, RowMapper<T> mapper, Object... parameters)
            throws SQLException {
        try (PreparedStatement ps = prepare(connection, sql, parameters);
                ResultSet rs = ps.executeQuery()) {
            Optional<T> first = rs.next() ? Optional.ofNullable(mapper.map(rs)) : Optional.empty();
            while (rs.next()) {
                // drain, see above
            }
            return first;
        }
    }

    /** The first column of the first row as a long; 0 when the query yields no row or NULL. */
    public static long queryLong(Connection connection, String sql, Object... parameters)
            throws SQLException {
        return queryFirst(connection, sql, rs -> rs.getLong(1), parameters).orElse(0L);
    }

    /**
     * The texts as SQL string literals separated by commas, for an {@code IN (...)} or a list
     * {@code [...]}.
     */
    public static String literals(Collection<String> texts) {
        return texts.stream().map(Identifiers::literal).collect(Collectors.joining(", "));
    }

    /** Closes the connection, if any; a failure to close is logged, not thrown. */
    public static void closeQuietly(Connection connection) {
        if (connection != null) {
            try {
                connection.close();
            } catch (SQLException e) {
                LOG.debug("Closing a DuckDB connection failed", SecretMasking.mask(e));
            }
        }
    }

    private static PreparedStatement prepare(
            Connection connection, String sql, Object... parameters) throws SQLException {
        PreparedStatement ps = connection.prepareStatement(sql);
        try {
            for (int i = 0; i < parameters.length; i++) {
                ps.setObject(i + 1, parameters[i]);
            }
            return ps;
        } catch (SQLException e) {
            ps.close();
            throw e;
        }
    }
}
