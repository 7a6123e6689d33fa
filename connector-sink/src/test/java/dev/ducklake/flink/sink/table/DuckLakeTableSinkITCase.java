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

package dev.ducklake.flink.sink.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ducklake.engine.LakeEngine;
import dev.ducklake.engine.schema.PartitionField;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.testutils.TestLakes;
import dev.ducklake.engine.testutils.TestSchemas;
import dev.ducklake.flink.sink.testutils.DuckDbLakeTestBase;
import dev.ducklake.flink.sink.testutils.LakeContents;
import dev.ducklake.flink.sink.testutils.NoEngineLeftOpen;
import dev.ducklake.flink.sink.testutils.TestJobs;
import java.util.List;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.ExplainDetail;
import org.apache.flink.table.api.Schema;
import org.apache.flink.table.api.Table;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;
import org.apache.flink.table.connector.ChangelogMode;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.types.Row;
import org.apache.flink.types.RowKind;
import org.apache.flink.util.ExceptionUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code 'connector' = 'ducklake'} as a Flink SQL sink, checked with plain DuckDB. */
@ExtendWith(NoEngineLeftOpen.class)
class DuckLakeTableSinkITCase extends DuckDbLakeTestBase {

    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = TestJobs.miniCluster(4);

    @Test
    void insertIntoCreatesTheTableFromTheFlinkSchemaAndAppendsEveryType() throws Exception {
        TableEnvironment tEnv = streaming();
        tEnv.executeSql(
                "CREATE TABLE events (id BIGINT, name STRING, flag BOOLEAN, tiny TINYINT, small SMALLINT,"
                        + " num INT, ratio FLOAT, score DOUBLE, amount DECIMAL(12, 2), payload BYTES, born_on DATE, at_time TIME,"
                        + " at_ts TIMESTAMP(3), at_ltz TIMESTAMP_LTZ(6), tags ARRAY<STRING>, attrs MAP<STRING, INT>,"
                        + " address ROW<city STRING, zip INT>) WITH ("
                        + options("events")
                        + ")");
        tEnv.executeSql(
                        "INSERT INTO events VALUES (1, 'a', TRUE, CAST(1 AS TINYINT), CAST(2 AS SMALLINT), 3,"
                                + " CAST(1.5 AS FLOAT), 2.25, CAST(12.34 AS DECIMAL(12, 2)), X'CAFE', DATE '2026-11-29',"
                                + " TIME '12:34:56', TIMESTAMP '2026-11-29 12:34:56.789',"
                                + " TO_TIMESTAMP_LTZ(1764419696789, 3), ARRAY['x', 'y'], MAP['k', 7], ROW('Paris', 75001)),"
                                + " (2, CAST(NULL AS STRING), CAST(NULL AS BOOLEAN), CAST(NULL AS TINYINT), CAST(NULL AS SMALLINT),"
                                + " CAST(NULL AS INT), CAST(NULL AS FLOAT), CAST(NULL AS DOUBLE), CAST(NULL AS DECIMAL(12, 2)),"
                                + " CAST(NULL AS BYTES), CAST(NULL AS DATE), CAST(NULL AS TIME), CAST(NULL AS TIMESTAMP(3)),"
                                + " CAST(NULL AS TIMESTAMP_LTZ(6)), CAST(NULL AS ARRAY<STRING>), CAST(NULL AS MAP<STRING, INT>),"
                                + " CAST(NULL AS ROW<city STRING, zip INT>))")
                .await();

        List<List<Object>> rows =
                LakeContents.rows(
                        catalog,
                        dir,
                        "SELECT id, name, flag, tiny, small, num, ratio,"
                                + " score, amount::VARCHAR, hex(payload), born_on::VARCHAR, at_time::VARCHAR, at_ts::VARCHAR,"
                                + " epoch_ms(at_ltz), tags::VARCHAR, attrs::VARCHAR, address::VARCHAR FROM plain.events ORDER BY id");
        assertThat(rows.get(0))
                .containsExactly(
                        1L,
                        "a",
                        true,
                        (byte) 1,
                        (short) 2,
                        3,
                        1.5f,
                        2.25,
                        "12.34",
                        "CAFE",
                        "2026-11-29",
                        "12:34:56",
                        "2026-11-29 12:34:56.789",
                        1764419696789L,
                        "[x, y]",
                        "{k=7}",
                        "{'city': Paris, 'zip': 75001}");
        assertThat(rows.get(1).subList(1, rows.get(1).size())).containsOnlyNulls();
        assertThat(
                        LakeContents.rows(
                                        catalog,
                                        dir,
                                        "SELECT column_type FROM (DESCRIBE plain.events)")
                                .stream()
                                .map(r -> r.get(0))
                                .toList())
                .containsExactly(
                        "BIGINT",
                        "VARCHAR",
                        "BOOLEAN",
                        "TINYINT",
                        "SMALLINT",
                        "INTEGER",
                        "FLOAT",
                        "DOUBLE",
                        "DECIMAL(12,2)",
                        "BLOB",
                        "DATE",
                        "TIME",
                        "TIMESTAMP",
                        "TIMESTAMP WITH TIME ZONE",
                        "VARCHAR[]",
                        "MAP(VARCHAR, INTEGER)",
                        "STRUCT(city VARCHAR, zip INTEGER)");
    }

    @ParameterizedTest(name = "sink.upsert.index = {0}")
    @ValueSource(strings = {"none", "flink-state"})
    void aTableWithAPrimaryKeyAppliesAChangelogAsUpsertsAndDeletes(String index) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.enableCheckpointing(200);
        StreamTableEnvironment tEnv = StreamTableEnvironment.create(env);
        DataStream<Row> stream =
                env.fromData(
                        Row.ofKind(RowKind.INSERT, "o-1", 10),
                        Row.ofKind(RowKind.INSERT, "o-2", 20),
                        Row.ofKind(RowKind.INSERT, "o-3", 30),
                        Row.ofKind(RowKind.UPDATE_BEFORE, "o-1", 10),
                        Row.ofKind(RowKind.UPDATE_AFTER, "o-1", 11),
                        Row.ofKind(RowKind.DELETE, "o-2", 20),
                        Row.ofKind(RowKind.UPDATE_BEFORE, "o-3", 30),
                        Row.ofKind(RowKind.UPDATE_AFTER, "o-3", 33),
                        Row.ofKind(RowKind.INSERT, "o-4", 40));
        Table changes =
                tEnv.fromChangelogStream(
                        stream,
                        Schema.newBuilder()
                                .column("f0", DataTypes.STRING().notNull())
                                .column("f1", DataTypes.INT())
                                .primaryKey("f0")
                                .build(),
                        ChangelogMode.all());
        tEnv.createTemporaryView("changes", changes);
        tEnv.executeSql(
                "CREATE TABLE orders (order_id STRING, amount INT, PRIMARY KEY (order_id) NOT ENFORCED)"
                        + " WITH ("
                        + options("orders")
                        + ", 'sink.parallelism' = '2', 'sink.upsert.index' = '"
                        + index
                        + "')");
        tEnv.executeSql("INSERT INTO orders SELECT f0, f1 FROM changes").await();

        assertThat(
                        LakeContents.rows(
                                catalog,
                                dir,
                                "SELECT order_id, amount FROM plain.orders ORDER BY order_id"))
                .containsExactly(List.of("o-1", 11), List.of("o-3", 33), List.of("o-4", 40));
        try (LakeEngine engine = LakeEngine.open(TestLakes.config(catalog, dir).build())) {
            assertThat(engine.describeTable(TableName.of("orders")).primaryKey())
                    .containsExactly("order_id");
        }
    }

    /**
     * A {@code HAVING} that drops a group's new row leaves the sink the update's {@code -U} alone:
     * the key leaves the table, as it left the query's result.
     */
    @ParameterizedTest(name = "sink.upsert.index = {0}")
    @ValueSource(strings = {"none", "flink-state"})
    void anUpdateBeforeThatNoUpdateAfterFollowsDeletesItsKey(String index) throws Exception {
        TableEnvironment tEnv = streaming();
        tEnv.executeSql(
                "CREATE TABLE h (k STRING, v INT, PRIMARY KEY (k) NOT ENFORCED) WITH ("
                        + options("h")
                        + ", 'sink.upsert.index' = '"
                        + index
                        + "')");
        String query =
                "SELECT k, MAX(v) FROM (VALUES ('x', 1), ('x', 2), ('y', 1)) t(k, v) GROUP BY k"
                        + " HAVING COUNT(*) < 2";
        assertThat(tEnv.explainSql("INSERT INTO h " + query, ExplainDetail.CHANGELOG_MODE))
                .as("the plan sends the sink update-befores")
                .containsPattern(
                        "Sink\\(.*\\n\\+- Calc\\(.*where=.*changelogMode=\\[I,UB,UA\\]\\)");
        tEnv.executeSql("INSERT INTO h " + query).await();

        assertThat(LakeContents.rows(catalog, dir, "SELECT k, v FROM plain.h ORDER BY k"))
                .containsExactly(List.of("y", 1));
    }

    /** A batch job runs no index: its one commit looks the rows it replaces up. */
    @Test
    void aBatchInsertIntoAKeyedTableWithTheIndexOptionUpserts() throws Exception {
        TableEnvironment tEnv = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        tEnv.executeSql(
                "CREATE TABLE orders (order_id STRING, amount INT, PRIMARY KEY (order_id) NOT ENFORCED) WITH ("
                        + options("orders")
                        + ", 'sink.upsert.index' = 'flink-state')");
        tEnv.executeSql("INSERT INTO orders VALUES ('o-1', 1), ('o-2', 2)").await();
        tEnv.executeSql("INSERT INTO orders VALUES ('o-1', 10), ('o-3', 3)").await();

        assertThat(
                        LakeContents.rows(
                                catalog,
                                dir,
                                "SELECT order_id, amount FROM plain.orders ORDER BY order_id"))
                .containsExactly(List.of("o-1", 10), List.of("o-2", 2), List.of("o-3", 3));
    }

    @Test
    void insertOverwriteReplacesTheTableInBatchMode() throws Exception {
        TableEnvironment tEnv = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        tEnv.executeSql(
                "CREATE TABLE orders (order_id STRING, amount INT) WITH ("
                        + options("orders")
                        + ")");
        tEnv.executeSql("INSERT INTO orders VALUES ('o-1', 1), ('o-2', 2)").await();
        tEnv.executeSql("INSERT INTO orders VALUES ('o-3', 3)").await();
        assertThat(LakeContents.rows(catalog, dir, "SELECT count(*) FROM plain.orders"))
                .containsExactly(List.of(3L));

        tEnv.executeSql("INSERT OVERWRITE orders VALUES ('o-9', 9)").await();

        assertThat(LakeContents.rows(catalog, dir, "SELECT order_id, amount FROM plain.orders"))
                .containsExactly(List.of("o-9", 9));
    }

    @Test
    void partitionedByBecomesThePartitioningOfTheCreatedTable() throws Exception {
        TableEnvironment tEnv = streaming();
        tEnv.executeSql(
                "CREATE TABLE sales (id BIGINT, region STRING) PARTITIONED BY (region) WITH ("
                        + options("sales")
                        + ")");
        tEnv.executeSql("INSERT INTO sales VALUES (1, 'eu'), (2, 'us'), (3, 'eu')").await();

        try (LakeEngine engine = LakeEngine.open(TestLakes.config(catalog, dir).build())) {
            assertThat(engine.describeTable(TableName.of("sales")).partitioning())
                    .containsExactly(PartitionField.identity("region"));
        }
        assertThat(
                        LakeContents.rows(
                                catalog,
                                dir,
                                "SELECT region, count(*) FROM plain.sales GROUP BY region"
                                        + " ORDER BY region"))
                .containsExactly(List.of("eu", 2L), List.of("us", 1L));
    }

    @Test
    void anExistingTableThatDoesNotFitFailsAtPlanningShowingBothSchemas() {
        try (LakeEngine engine = LakeEngine.open(TestLakes.config(catalog, dir).build())) {
            engine.createTable(
                    TableName.of("sales", "orders"),
                    TestSchemas.columns("order_id VARCHAR", "amount VARCHAR")
                            .primaryKey("order_id")
                            .build());
        }
        TableEnvironment tEnv = streaming();
        tEnv.executeSql(
                "CREATE TABLE orders (order_id STRING, amount INT) WITH ("
                        + options("orders")
                        + ", 'table-name' = 'sales.orders')");

        assertThatThrownBy(() -> tEnv.executeSql("INSERT INTO orders VALUES ('o-1', 1)"))
                .satisfies(
                        e ->
                                assertThat(ExceptionUtils.stringifyException(e))
                                        .contains("sales.orders")
                                        .contains(
                                                "column 'amount' is INT in Flink but VARCHAR in DuckLake")
                                        .contains(
                                                "the primary key is not declared in Flink but [order_id] in DuckLake")
                                        .contains(
                                                "DuckLake: (\"order_id\" VARCHAR NOT NULL, \"amount\" VARCHAR) PRIMARY KEY [order_id]")
                                        .contains(
                                                "Flink:    ROW<`order_id` STRING, `amount` INT>"));
    }

    @Test
    void duckDbSecretsAreCreatedFromTheirOptionsAndAMalformedOneFailsNamingIt() throws Exception {
        String secret =
                ", 'duckdb.secret.lake_s3.type' = 's3', 'duckdb.secret.lake_s3.key_id' = 'AKIA-TEST',"
                        + " 'duckdb.secret.lake_s3.secret' = 'not-a-real-secret', 'duckdb.secret.lake_s3.region' = 'eu-west-1'";
        TableEnvironment tEnv = streaming();
        tEnv.executeSql(
                "CREATE TABLE orders (order_id STRING, amount INT) WITH ("
                        + options("orders")
                        + secret
                        + ")");
        tEnv.executeSql("INSERT INTO orders VALUES ('o-1', 1)").await();
        assertThat(LakeContents.rowsByFirstColumn(catalog, dir, "orders")).containsOnlyKeys("o-1");

        tEnv.executeSql(
                "CREATE TABLE broken (order_id STRING) WITH ("
                        + options("broken")
                        + ", 'duckdb.secret.lake_s3' = 's3')");
        assertThatThrownBy(() -> tEnv.executeSql("INSERT INTO broken VALUES ('o-1')"))
                .isInstanceOf(ValidationException.class)
                .satisfies(
                        e ->
                                assertThat(ExceptionUtils.stringifyException(e))
                                        .contains("'duckdb.secret.lake_s3'")
                                        .contains("duckdb.secret.<secret name>.<parameter>"));
        tEnv.executeSql(
                "CREATE TABLE untyped (order_id STRING) WITH ("
                        + options("untyped")
                        + ", 'duckdb.secret.lake_s3.key_id' = 'AKIA-TEST')");
        assertThatThrownBy(() -> tEnv.executeSql("INSERT INTO untyped VALUES ('o-1')"))
                .isInstanceOf(ValidationException.class)
                .satisfies(
                        e ->
                                assertThat(ExceptionUtils.stringifyException(e))
                                        .contains(
                                                "DuckDB secret 'lake_s3' needs 'duckdb.secret.lake_s3.type'"));
        tEnv.executeSql(
                "CREATE TABLE refused (order_id STRING) WITH ("
                        + options("refused")
                        + secret
                        + ", 'duckdb.secret.lake_s3.no_such_parameter' = 'x')");
        assertThatThrownBy(() -> tEnv.executeSql("INSERT INTO refused VALUES ('o-1')"))
                .as("the secret reaches DuckDB, which refuses a parameter it does not know")
                .satisfies(
                        e ->
                                assertThat(ExceptionUtils.stringifyException(e))
                                        .containsIgnoringCase("no_such_parameter"));
    }

    @Test
    void aStagingPathInsideTheDataPathFailsNamingBoth() {
        TableEnvironment tEnv = streaming();
        String staging = dir.resolve("data").resolve("staging").toString();
        tEnv.executeSql(
                "CREATE TABLE orders (order_id STRING) WITH ("
                        + options("orders")
                        + ", 'sink.staging-path' = '"
                        + staging
                        + "')");

        assertThatThrownBy(() -> tEnv.executeSql("INSERT INTO orders VALUES ('o-1')"))
                .isInstanceOf(ValidationException.class)
                .satisfies(
                        e ->
                                assertThat(ExceptionUtils.stringifyException(e))
                                        .contains("'sink.staging-path'")
                                        .contains(staging)
                                        .contains(dir.resolve("data").toString())
                                        .contains("main.orders"));
    }

    @Test
    void aMistypedOptionFailsNamingIt() {
        TableEnvironment tEnv = streaming();
        tEnv.executeSql(
                "CREATE TABLE orders (order_id STRING) WITH ("
                        + options("orders")
                        + ", 'sink.paralelism' = '2')");

        assertThatThrownBy(() -> tEnv.executeSql("INSERT INTO orders VALUES ('o-1')"))
                .isInstanceOf(ValidationException.class)
                .satisfies(
                        e ->
                                assertThat(ExceptionUtils.stringifyException(e))
                                        .contains("Unsupported options")
                                        .contains("sink.paralelism"));
    }

    /**
     * Flink's SQL client prints only the innermost cause that has a message; for a catalog whose
     * directory cannot be created that was {@code NoSuchFileException: /proc/ducklake-test}.
     */
    @Test
    void aCatalogThatCannotBeCreatedShowsTheConnectorsMessageWhereTheSqlClientLooks() {
        TableEnvironment tEnv = streaming();
        tEnv.executeSql(
                "CREATE TABLE orders (order_id STRING) WITH ('connector' = 'ducklake',"
                        + " 'catalog' = '/proc/ducklake-test/metadata.ducklake')");

        assertThatThrownBy(() -> tEnv.executeSql("INSERT INTO orders VALUES ('o-1')"))
                .satisfies(
                        e -> {
                            Throwable shown = e;
                            while (shown.getCause() != null
                                    && shown.getCause().getMessage() != null
                                    && !shown.getCause().getMessage().isEmpty()) {
                                shown = shown.getCause();
                            }
                            assertThat(shown.getMessage())
                                    .contains("Could not create the directory /proc/ducklake-test")
                                    .contains("NoSuchFileException");
                        });
    }

    private TableEnvironment streaming() {
        TableEnvironment tEnv = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        tEnv.getConfig().set("execution.checkpointing.interval", "200ms");
        return tEnv;
    }

    private String options(String table) {
        return TestJobs.tableOptions(catalog, dir);
    }
}
