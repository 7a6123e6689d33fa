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

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.OptionalLong;
import java.util.function.Supplier;
import org.duckdb.DuckDBConnection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finds the lake's latest snapshot with a statement prepared once, on a connection held for it: a
 * read of the latest rows asks before each scan, and a new connection and its prepare were most of
 * that question's cost (0.47 ms of a 5 ms key lookup). For catalogs no other process changes
 * beneath the engine (see {@link FlushWatch#needed()}).
 */
final class SnapshotProbe implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(SnapshotProbe.class);

    private final Supplier<DuckDBConnection> connect;
    private DuckDBConnection connection;
    private PreparedStatement statement;
    private long preparedOn;

    SnapshotProbe(Supplier<DuckDBConnection> connect) {
        this.connect = connect;
    }

    /**
     * The latest snapshot; empty when the held statement failed, which drops it, so the caller asks
     * on a connection of its own. {@code attachment} is the lake's current attachment (see {@link
     * EngineContext#attachment()}): a statement prepared on another one is prepared again.
     */
    synchronized OptionalLong latest(long attachment) {
        try {
            if (statement != null && preparedOn != attachment) {
                close();
            }
            if (statement == null) {
                connection = connect.get();
                statement = connection.prepareStatement(FlushWatch.LATEST_SNAPSHOT_SQL);
                preparedOn = attachment;
            }
            try (ResultSet rs = statement.executeQuery()) {
                rs.next();
                return OptionalLong.of(rs.getLong(1));
            }
        } catch (SQLException e) {
            LOG.debug("The held probe of the latest snapshot failed; preparing it again", e);
            close();
            return OptionalLong.empty();
        }
    }

    @Override
    public synchronized void close() {
        try {
            if (statement != null) {
                statement.close();
            }
        } catch (SQLException e) {
            LOG.debug("Could not close the probe of the latest snapshot", e);
        }
        Jdbc.closeQuietly(connection);
        statement = null;
        connection = null;
    }
}
