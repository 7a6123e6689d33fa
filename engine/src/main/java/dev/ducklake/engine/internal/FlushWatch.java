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

import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.internal.catalog.MetadataTables;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Attaches the lake again before a read or commit could meet DuckLake's stale view of the catalog.
 * A flush of inlined data ({@code ducklake_flush_inlined_data}) drops the inlined-data tables of a
 * table's older columns; the DuckLake of every other DuckDB keeps listing them until attached again
 * (duckdb/ducklake#1305). There a read then fails, on SQLite cleanly, on PostgreSQL, for a read at
 * a version, with an internal error that invalidates the whole DuckDB. So before each read and
 * commit one catalog statement finds the latest snapshot and looks for flushes in the snapshots
 * after those it already checked (on the catalog's key, whatever the length of the history), and a
 * flush since then attaches the lake again. A read of the latest rows needs that statement anyway,
 * so the watch costs it nothing. A DuckDB-file catalog needs no watch: no other process opens it
 * while the engine holds it.
 */
final class FlushWatch {

    /** The lake's latest snapshot. */
    static final String LATEST_SNAPSHOT_SQL =
            "SELECT max(snapshot_id) FROM " + MetadataTables.METADATA + ".ducklake_snapshot";

    /**
     * The snapshots up to this one were checked, or made after the lake was last attached; -1
     * before the first check.
     */
    private long checkedUpTo = -1;

    private final boolean needed;

    FlushWatch(CatalogLocation catalog) {
        this.needed = catalog.kind() != CatalogLocation.Kind.DUCKDB;
    }

    /** Whether the catalog can be flushed by another process while the engine holds it. */
    boolean needed() {
        return needed;
    }

    /**
     * Finds the lake's latest snapshot and, where {@link #needed}, whether snapshots after the last
     * check flushed inlined data; notes the latest snapshot as checked.
     */
    synchronized Check check(Connection connection) throws SQLException {
        String latestQuery = LATEST_SNAPSHOT_SQL;
        if (!needed) {
            return new Check(Jdbc.queryLong(connection, latestQuery), false);
        }
        String sql =
                "SELECT ("
                        + latestQuery
                        + "), coalesce(bool_or(contains(changes_made, 'flushed_inlined')"
                        + " OR contains(changes_made, 'inline_flush')), false) FROM "
                        + MetadataTables.METADATA
                        + ".ducklake_snapshot_changes WHERE snapshot_id > "
                        + Math.max(checkedUpTo, 0);
        try (Statement st = connection.createStatement();
                ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            boolean first = checkedUpTo < 0;
            long latest = rs.getLong(1);
            checkedUpTo = Math.max(checkedUpTo, latest);
            return new Check(latest, !first && rs.getBoolean(2));
        }
    }

    /**
     * What a {@link #check} found.
     *
     * @param latestSnapshot the lake's latest snapshot
     * @param flushed whether snapshots after the previous check flushed inlined data
     */
    record Check(long latestSnapshot, boolean flushed) {}
}
