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

package dev.ducklake.flink.source.table;

import static dev.ducklake.flink.common.DuckLakeConnectorOptions.DATA_PATH;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ducklake.engine.EngineRegistry;
import dev.ducklake.engine.LakeEngine;
import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.testutils.TestLakes;
import dev.ducklake.engine.testutils.TestSchemas;
import dev.ducklake.engine.write.MergeSession;
import dev.ducklake.engine.write.WriteMode;
import dev.ducklake.engine.write.WriteSession;
import dev.ducklake.flink.common.EngineSpec;
import dev.ducklake.flink.sink.testutils.NoEngineLeftOpen;
import dev.ducklake.flink.sink.testutils.OrderEvents;
import dev.ducklake.flink.sink.testutils.TestJobs;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;
import org.apache.flink.util.ExceptionUtils;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code 'connector' = 'ducklake'} as a Flink SQL source: changelogs, time travel, push-downs,
 * errors.
 */
@ExtendWith(NoEngineLeftOpen.class)
class DuckLakeTableSourceITCase {

    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = TestJobs.miniCluster(4);

    static final TableName ORDERS = TableName.of("orders");

    private static final String ORDERS_COLUMNS =
            "order_id STRING NOT NULL, seq BIGINT NOT NULL, amount DECIMAL(12, 2),"
                    + " PRIMARY KEY (order_id) NOT ENFORCED";

    @TempDir Path dir;

    CatalogLocation catalog;
    long created;
    long v1;
    long v2;

    @BeforeEach
    void setUp() {
        catalog = TestLakes.catalog(CatalogLocation.Kind.DUCKDB, dir);
        try (EngineRegistry.Lease lease = lease()) {
            created = lease.engine().createTable(ORDERS, OrderEvents.lakeSchema(true));
            try (WriteSession write = lease.engine().openWriteSession(ORDERS, WriteMode.APPEND)) {
                write.write(new Object[] {"a", 1L, new BigDecimal("1.00")});
                write.write(new Object[] {"b", 2L, new BigDecimal("20.00")});
                write.write(new Object[] {"c", 3L, new BigDecimal("3.00")});
                write.write(new Object[] {"d", 4L, new BigDecimal("40.00")});
                v1 = write.commit().version();
            }
            try (MergeSession merge = lease.engine().openMergeSession(ORDERS)) {
                merge.upsert(new Object[] {"a", 5L, new BigDecimal("10.00")});
                merge.upsert(new Object[] {"b", 6L, new BigDecimal("2.00")});
                merge.upsert(new Object[] {"d", 7L, new BigDecimal("50.00")});
                merge.upsert(new Object[] {"e", 8L, new BigDecimal("30.00")});
                merge.deleteKey("c");
                v2 = merge.commit().version();
            }
        }
    }

    @Test
    void aStreamingReadIsTheChangelogOfTheFilteredProjectedTable() throws Exception {
        TableEnvironment tEnv =
                withOrders(EnvironmentSettings.inStreamingMode(), changesBetween(v1, v2));

        assertThat(collect(tEnv, "SELECT order_id, amount FROM orders WHERE amount >= 10"))
                .containsExactlyInAnyOrder(
                        "+I[a, 10.00]",
                        "-D[b, 20.00]",
                        "-U[d, 40.00]",
                        "+U[d, 50.00]",
                        "+I[e, 30.00]");
        assertThat(collect(tEnv, "SELECT * FROM orders"))
                .containsExactlyInAnyOrder(
                        "-U[a, 1, 1.00]",
                        "+U[a, 5, 10.00]",
                        "-U[b, 2, 20.00]",
                        "+U[b, 6, 2.00]",
                        "-D[c, 3, 3.00]",
                        "-U[d, 4, 40.00]",
                        "+U[d, 7, 50.00]",
                        "+I[e, 8, 30.00]");
    }

    @Test
    @Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aReadEndsAtAnEndVersionItsTableNeverReachesOnceTheLakePassesIt() throws Exception {
        long otherTable;
        try (EngineRegistry.Lease lease = lease()) {
            otherTable =
                    lease.engine()
                            .createTable(TableName.of("other"), OrderEvents.lakeSchema(false));
        }
        TableEnvironment tEnv =
                withOrders(EnvironmentSettings.inStreamingMode(), changesBetween(v1, otherTable));

        assertThat(collect(tEnv, "SELECT order_id FROM orders WHERE order_id = 'e'"))
                .containsExactly("+I[e]");
    }

    @Test
    void theDefaultStreamingReadStartsWithTheTableAsInserts() throws Exception {
        TableEnvironment tEnv =
                withOrders(
                        EnvironmentSettings.inStreamingMode(), "'scan.end.version' = '" + v2 + "'");

        assertThat(collect(tEnv, "SELECT order_id FROM orders"))
                .containsExactlyInAnyOrder("+I[a]", "+I[b]", "+I[d]", "+I[e]");
    }

    @Test
    void aBatchReadIsTheTableAtAVersion() throws Exception {
        TableEnvironment latest = withOrders(EnvironmentSettings.inBatchMode(), null);
        assertThat(collect(latest, "SELECT order_id, amount FROM orders WHERE order_id <> 'e'"))
                .containsExactlyInAnyOrder("+I[a, 10.00]", "+I[b, 2.00]", "+I[d, 50.00]");

        TableEnvironment travel =
                withOrders(EnvironmentSettings.inBatchMode(), "'scan.version' = '" + v1 + "'");
        assertThat(collect(travel, "SELECT order_id, seq FROM orders"))
                .containsExactlyInAnyOrder("+I[a, 1]", "+I[b, 2]", "+I[c, 3]", "+I[d, 4]");
    }

    @Test
    void timestampsPickTheLastVersionCommittedAtOrBeforeThem() throws Exception {
        long v1Millis;
        try (EngineRegistry.Lease lease = lease()) {
            // Commit times have microseconds: the millisecond after v1's commit started is at or
            // after it.
            v1Millis = lease.engine().version(ORDERS, v1).committedAt().toEpochMilli() + 1;
            assertThat(lease.engine().version(ORDERS, v2).committedAt().toEpochMilli())
                    .isGreaterThan(v1Millis);
        }
        TableEnvironment travel =
                withOrders(
                        EnvironmentSettings.inBatchMode(),
                        "'scan.timestamp-millis' = '" + v1Millis + "'");
        assertThat(collect(travel, "SELECT order_id FROM orders"))
                .containsExactlyInAnyOrder("+I[a]", "+I[b]", "+I[c]", "+I[d]");

        TableEnvironment stream =
                withOrders(
                        EnvironmentSettings.inStreamingMode(),
                        "'scan.startup.mode' = 'timestamp', 'scan.startup.timestamp-millis' = '"
                                + v1Millis
                                + "', 'scan.end.version' = '"
                                + v2
                                + "'");
        assertThat(collect(stream, "SELECT order_id FROM orders WHERE order_id IN ('c', 'e')"))
                .containsExactlyInAnyOrder("-D[c]", "+I[e]");
    }

    @Test
    void metadataColumnsNameTheVersionThatMadeEachChange() throws Exception {
        String at1;
        String at2;
        try (EngineRegistry.Lease lease = lease()) {
            at1 = versionAndCommitTime(lease.engine(), v1);
            at2 = versionAndCommitTime(lease.engine(), v2);
        }
        String columns =
                "order_id STRING NOT NULL, seq BIGINT NOT NULL, amount DECIMAL(12, 2),"
                        + " v BIGINT METADATA FROM 'version' VIRTUAL,"
                        + " committed TIMESTAMP_LTZ(3) METADATA FROM 'commit_timestamp' VIRTUAL,"
                        + " PRIMARY KEY (order_id) NOT ENFORCED";
        TableEnvironment stream =
                withOrders(
                        EnvironmentSettings.inStreamingMode(),
                        columns,
                        changesBetween(created, v2));
        // Read version by version: v1's inserts keep v1, not the net change over both versions.
        assertThat(
                        collect(
                                stream,
                                "SELECT order_id, seq, v, committed FROM orders WHERE order_id IN ('a', 'c')"))
                .containsExactlyInAnyOrder(
                        "+I[a, 1, " + at1 + "]",
                        "+I[c, 3, " + at1 + "]",
                        "-U[a, 1, " + at2 + "]",
                        "+U[a, 5, " + at2 + "]",
                        "-D[c, 3, " + at2 + "]");

        TableEnvironment batch =
                withOrders(
                        EnvironmentSettings.inBatchMode(),
                        columns,
                        "'scan.version' = '" + v1 + "'");
        assertThat(collect(batch, "SELECT order_id, v, committed FROM orders"))
                .containsExactlyInAnyOrder(
                        "+I[a, " + at1 + "]",
                        "+I[b, " + at1 + "]",
                        "+I[c, " + at1 + "]",
                        "+I[d, " + at1 + "]");
    }

    @Test
    void aTableWithoutAKeyIsReadAsInsertsAndDeletes() throws Exception {
        TableName events = TableName.of("events");
        long start;
        long end;
        try (EngineRegistry.Lease lease = lease()) {
            lease.engine()
                    .createTable(events, TestSchemas.columns("name VARCHAR", "n BIGINT").build());
        }
        try (Connection plain = TestLakes.plainDuckDb(catalog, dir);
                Statement sql = plain.createStatement()) {
            sql.execute("INSERT INTO plain.events VALUES ('x', 1), ('x', 1), ('y', 2)");
            try (ResultSet version =
                    sql.executeQuery("SELECT id FROM ducklake_current_snapshot('plain')")) {
                version.next();
                start = version.getLong(1);
            }
            sql.execute("UPDATE plain.events SET n = 3 WHERE name = 'y'");
            sql.execute("DELETE FROM plain.events WHERE name = 'x'");
            sql.execute("INSERT INTO plain.events VALUES ('x', 1)");
        }
        try (EngineRegistry.Lease lease = lease()) {
            end = lease.engine().latestVersion(events);
        }
        TableEnvironment tEnv = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        tEnv.executeSql(ddl("events", "name STRING, n BIGINT", changesBetween(start, end)));
        assertThat(collect(tEnv, "SELECT * FROM events"))
                .containsExactlyInAnyOrder("-D[x, 1]", "-D[y, 2]", "+I[y, 3]");
    }

    /**
     * A table the sink created from CHAR(n) columns could not be read with the same DDL. The sink
     * writes CHAR values without their pad spaces, so a padded and an unpadded value are one key
     * and plain DuckDB sees the values as written; the source reads them padded again.
     */
    @Test
    void charColumnsWrittenByTheSinkAreReadBackWithTheSameDdl() throws Exception {
        String ddl =
                ddl(
                        "codes",
                        "code CHAR(5) NOT NULL, label CHAR(3), PRIMARY KEY (code) NOT ENFORCED",
                        null);
        TableEnvironment write = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        write.executeSql(ddl);
        write.executeSql(
                        "INSERT INTO codes VALUES ('ab', CAST('x' AS CHAR(3))), ('cd', CAST(NULL AS CHAR(3)))")
                .await();
        write.executeSql("INSERT INTO codes VALUES (CAST('ab' AS CHAR(5)), 'new')").await();

        TableEnvironment read = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        read.executeSql(ddl);
        assertThat(collect(read, "SELECT code, label, CHAR_LENGTH(code) FROM codes"))
                .containsExactlyInAnyOrder("+I[ab   , new, 5]", "+I[cd   , null, 5]");
        // Filters on CHAR columns give what they give on the same values in Flink itself.
        read.executeSql(
                "CREATE TEMPORARY VIEW model AS SELECT * FROM (VALUES (CAST('ab' AS CHAR(5)),"
                        + " CAST('new' AS CHAR(3))), (CAST('cd' AS CHAR(5)), CAST(NULL AS CHAR(3)))) AS t (code, label)");
        String filtered =
                "SELECT 1, code FROM %1$s WHERE code = 'ab' UNION ALL SELECT 2, code FROM %1$s"
                        + " WHERE code = CAST('cd' AS CHAR(5)) UNION ALL SELECT 3, code FROM %1$s WHERE code > 'b'";
        assertThat(collect(read, String.format(filtered, "codes")))
                .containsExactlyInAnyOrderElementsOf(
                        collect(read, String.format(filtered, "model")));
        try (Connection plain = TestLakes.plainDuckDb(catalog, dir);
                Statement sql = plain.createStatement();
                ResultSet rows =
                        sql.executeQuery(
                                "SELECT code || '|' || coalesce(label, '') FROM plain.codes ORDER BY 1")) {
            List<String> stored = new ArrayList<>();
            while (rows.next()) {
                stored.add(rows.getString(1));
            }
            assertThat(stored).containsExactly("ab|new", "cd|");
        }
    }

    @Test
    void planningFailsOnAMissingTableAnUnreadableColumnOrAMistypedOption() {
        TableEnvironment tEnv = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        tEnv.executeSql(ddl("missing", "order_id STRING", null));
        assertThatThrownBy(() -> tEnv.executeSql("SELECT * FROM missing"))
                .satisfies(
                        e -> assertThat(ExceptionUtils.stringifyException(e)).contains("missing"));

        tEnv.executeSql(ddl("wrong", "order_id STRING, seq BOOLEAN", "'table-name' = 'orders'"));
        assertThatThrownBy(() -> tEnv.executeSql("SELECT * FROM wrong"))
                .satisfies(
                        e ->
                                assertThat(ExceptionUtils.stringifyException(e))
                                        .contains(
                                                "column 'seq' is BIGINT, which cannot be read as BOOLEAN"));

        tEnv.executeSql(ddl("orders", ORDERS_COLUMNS, "'scan.startup.mod' = 'latest'"));
        assertThatThrownBy(() -> tEnv.executeSql("SELECT * FROM orders"))
                .satisfies(
                        e ->
                                assertThat(ExceptionUtils.stringifyException(e))
                                        .contains("scan.startup.mod"));
    }

    /**
     * The options of a streaming read of the changes after version {@code after} up to {@code end}.
     */
    private static String changesBetween(long after, long end) {
        return "'scan.startup.mode' = 'version', 'scan.startup.version' = '"
                + after
                + "', 'scan.end.version' = '"
                + end
                + "'";
    }

    /** A new table environment in {@code mode} with table {@code orders} declared in it. */
    private TableEnvironment withOrders(EnvironmentSettings mode, String extraOptions) {
        return withOrders(mode, ORDERS_COLUMNS, extraOptions);
    }

    /** As {@link #withOrders(EnvironmentSettings, String)}, with other columns. */
    private TableEnvironment withOrders(
            EnvironmentSettings mode, String columns, String extraOptions) {
        TableEnvironment tEnv = TableEnvironment.create(mode);
        tEnv.executeSql(ddl("orders", columns, extraOptions));
        return tEnv;
    }

    /** The DDL of a table of this lake, with its columns and any options besides the lake's. */
    private String ddl(String table, String columns, String extraOptions) {
        return "CREATE TABLE "
                + table
                + " ("
                + columns
                + ") WITH ('connector' = 'ducklake', 'catalog' = '"
                + catalog.key()
                + "', 'data-path' = '"
                + dir.resolve("data")
                + "/'"
                + (extraOptions == null ? "" : ", " + extraOptions)
                + ")";
    }

    private static List<String> collect(TableEnvironment tEnv, String query) throws Exception {
        List<String> rows = new ArrayList<>();
        try (CloseableIterator<Row> it = tEnv.executeSql(query).collect()) {
            it.forEachRemaining(row -> rows.add(row.toString()));
        }
        return rows;
    }

    private static String versionAndCommitTime(LakeEngine engine, long version) {
        return version
                + ", "
                + Instant.ofEpochMilli(
                        engine.version(ORDERS, version).committedAt().toEpochMilli());
    }

    private EngineRegistry.Lease lease() {
        return EngineRegistry.shared().acquire(spec().toEngineConfig());
    }

    private EngineSpec spec() {
        return EngineSpec.of(catalog.key()).with(DATA_PATH, dir.resolve("data") + "/");
    }
}
