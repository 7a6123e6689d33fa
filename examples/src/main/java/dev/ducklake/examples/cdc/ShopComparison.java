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

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * Compares the lake that the CDC pipeline writes with its source, as any user could: PostgreSQL
 * read over JDBC, the lake read by plain DuckDB with the {@code ducklake} extension.
 */
public final class ShopComparison implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final String sourceJdbc;
    private final Connection lake;

    /**
     * @param sourceJdbc the source database's JDBC URL
     * @param lakeCatalog the lake's catalog, as DuckDB's {@code ATTACH 'ducklake:...'} takes it
     * @param dataPath the lake's data path
     */
    public ShopComparison(String sourceJdbc, String lakeCatalog, String dataPath)
            throws SQLException {
        this.sourceJdbc = sourceJdbc;
        this.lake = DriverManager.getConnection("jdbc:duckdb:");
        try (Statement st = lake.createStatement()) {
            st.execute("LOAD ducklake");
            st.execute(
                    "ATTACH 'ducklake:"
                            + lakeCatalog.replace("'", "''")
                            + "' AS lake (DATA_PATH '"
                            + dataPath.replace("'", "''")
                            + "')");
        } catch (SQLException e) {
            lake.close();
            throw e;
        }
    }

    /**
     * The workload's tables whose rows differ between PostgreSQL and the lake (one the lake lacks
     * included).
     */
    public List<String> differingTables() throws SQLException {
        return differing(ShopWorkload.TABLES);
    }

    /** The tables ({@code schema.table}) whose rows differ between PostgreSQL and the lake. */
    public List<String> differing(List<String> tables) throws SQLException {
        List<String> differing = new ArrayList<>();
        for (String table : tables) {
            List<String> lakeRows;
            try {
                lakeRows = rows(lake, "SELECT * FROM lake." + table + " ORDER BY ALL");
            } catch (SQLException notCreatedYet) {
                differing.add(table);
                continue;
            }
            try (Connection source = DriverManager.getConnection(sourceJdbc)) {
                if (!lakeRows.equals(rows(source, "SELECT * FROM " + table + " ORDER BY 1, 2"))) {
                    differing.add(table);
                }
            }
        }
        return differing;
    }

    /** The rows of a table in the lake now. */
    public long lakeRows(String table) throws SQLException {
        try {
            return Long.parseLong(rows(lake, "SELECT count(*) FROM lake." + table).get(0));
        } catch (SQLException notCreatedYet) {
            return 0;
        }
    }

    /** The highest order id in the lake now; -1 when it has none. */
    public long newestOrder() throws SQLException {
        return Long.parseLong(
                rows(lake, "SELECT coalesce(max(id), -1) FROM lake.shop.orders").get(0));
    }

    /** The snapshots the pipeline's sink wrote, oldest first. */
    public List<Long> sinkSnapshots() throws SQLException {
        List<Long> snapshots = new ArrayList<>();
        try (Statement st = lake.createStatement();
                ResultSet rs =
                        st.executeQuery(
                                "SELECT snapshot_id, commit_extra_info FROM lake.snapshots()"
                                        + " ORDER BY snapshot_id")) {
            while (rs.next()) {
                String metadata = rs.getString(2);
                if (metadata != null
                        && metadata.startsWith("{")
                        && JSON.readTree(metadata).path("producer").has("sink-id")) {
                    snapshots.add(rs.getLong(1));
                }
            }
        } catch (JsonProcessingException e) {
            throw new SQLException("A snapshot's commit metadata is not JSON", e);
        }
        return snapshots;
    }

    /**
     * The given snapshots at which, read with DuckDB's time travel, an invariant of the workload
     * ({@link ShopWorkload#INVARIANT_QUERIES}) breaks. Snapshots before all tables exist are
     * skipped.
     */
    public List<Long> snapshotsBreakingInvariants(List<Long> snapshots) throws SQLException {
        List<Long> broken = new ArrayList<>();
        for (long version : snapshots) {
            execute("DROP SCHEMA IF EXISTS memory.at CASCADE");
            execute("CREATE SCHEMA memory.at");
            if (!viewsAt(version)) {
                continue;
            }
            for (String query : ShopWorkload.INVARIANT_QUERIES) {
                if (!rows(lake, query.formatted("memory.at")).get(0).equals("0")) {
                    broken.add(version);
                    break;
                }
            }
        }
        execute("DROP SCHEMA IF EXISTS memory.at CASCADE");
        return broken;
    }

    /**
     * Views {@code memory.at.<table>} of the tables as of a snapshot; false if a table did not
     * exist then.
     */
    private boolean viewsAt(long version) {
        for (String table : ShopWorkload.TABLES) {
            String name = table.substring(table.indexOf('.') + 1);
            try {
                execute(
                        "CREATE VIEW memory.at."
                                + name
                                + " AS SELECT * FROM lake."
                                + table
                                + " AT (VERSION => "
                                + version
                                + ")");
                rows(lake, "SELECT 1 FROM memory.at." + name + " LIMIT 0");
            } catch (SQLException notCreatedYet) {
                return false;
            }
        }
        return true;
    }

    private void execute(String sql) throws SQLException {
        try (Statement st = lake.createStatement()) {
            st.execute(sql);
        }
    }

    private static List<String> rows(Connection connection, String query) throws SQLException {
        try (Statement st = connection.createStatement();
                ResultSet rs = st.executeQuery(query)) {
            List<String> rows = new ArrayList<>();
            while (rs.next()) {
                List<String> values = new ArrayList<>();
                for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
                    values.add(String.valueOf(rs.getObject(i)));
                }
                rows.add(String.join("|", values));
            }
            return rows;
        }
    }

    @Override
    public void close() throws SQLException {
        lake.close();
    }
}
