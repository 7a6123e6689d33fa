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

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.OptionalLong;
import java.util.function.Supplier;
import org.duckdb.DuckDBConnection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finds the lake's latest snapshot on a connection held for it: a read of the latest rows asks
 * before each scan, and opening a connection was most of that question's cost (0.47 ms of a 5 ms
 * key lookup). For catalogs no other process changes beneath the engine (see {@link
 * FlushWatch#needed()}). Each probe is a statement of its own: a statement prepared once and run
 * again on the held connection went on answering the snapshot it first saw after other connections
 * committed (DuckDB 1.5.5).
 */
final class SnapshotProbe implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(SnapshotProbe.class);

    private final Supplier<DuckDBConnection> connect;
    private DuckDBConnection connection;
    private long connectedOn;

    SnapshotProbe(Supplier<DuckDBConnection> connect) {
        this.connect = connect;
    }

    /**
     * The latest snapshot; empty when the probe failed, which drops the held connection, so the
     * caller asks on a connection of its own. {@code attachment} is the lake's current attachment
     * (see {@link EngineContext#attachment()}): a connection held from another one is replaced.
     */
    synchronized OptionalLong latest(long attachment) {
        try {
            if (connection != null && connectedOn != attachment) {
                close();
            }
            if (connection == null) {
                connection = connect.get();
                connectedOn = attachment;
            }
            try (Statement statement = connection.createStatement();
                    ResultSet rs = statement.executeQuery(FlushWatch.LATEST_SNAPSHOT_SQL)) {
                rs.next();
                return OptionalLong.of(rs.getLong(1));
            }
        } catch (SQLException e) {
            LOG.debug("The probe of the latest snapshot failed; connecting again", e);
            close();
            return OptionalLong.empty();
        }
    }

    @Override
    public synchronized void close() {
        Jdbc.closeQuietly(connection);
        connection = null;
    }
}
