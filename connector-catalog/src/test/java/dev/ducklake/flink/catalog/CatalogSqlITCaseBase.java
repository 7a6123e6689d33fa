package dev.ducklake.flink.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.testutils.TestLakes;
import dev.ducklake.flink.sink.testutils.NoEngineLeftOpen;
import dev.ducklake.flink.sink.testutils.TestJobs;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;
import org.apache.flink.util.ExceptionUtils;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code 'type' = 'ducklake'} catalog at SQL level, on a lake of the subclass's kind: databases,
 * tables with key, partitioning, comment and options, reads and writes with no {@code WITH}
 * clause, and the refusals, each checked against the lake read with plain DuckDB.
 */
abstract class CatalogSqlITCaseBase {

    @RegisterExtension
    static final MiniClusterExtension MINI_CLUSTER = TestJobs.miniCluster(2);

    @TempDir
    Path dir;

    CatalogLocation catalog;
    TableEnvironment tEnv;

    /** The lake of the test, under {@code dir}. */
    abstract CatalogLocation lake(Path dir);

    @BeforeEach
    void createCatalog() {
        catalog = lake(dir);
        tEnv = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        tEnv.executeSql("CREATE CATALOG lake WITH ('type' = 'ducklake', 'catalog' = '" + catalog.key() + "',"
                + " 'data-path' = '" + dir.resolve("data") + "/', 'duckdb.memory-limit' = '512MB',"
                + " 'duckdb.temp-directory' = '" + dir.resolve("tmp") + "')");
        tEnv.executeSql("USE CATALOG lake");
    }

    @AfterEach
    void dropCatalog() throws Exception {
        tEnv.executeSql("USE CATALOG default_catalog");
        tEnv.executeSql("DROP CATALOG lake");
        NoEngineLeftOpen.awaitNone();
    }

    @Test
    void databasesAndTablesAreTheLakesSchemasAndTables() throws Exception {
        assertThat(strings("SHOW DATABASES")).containsExactly("main");
        tEnv.executeSql("CREATE DATABASE shop");
        tEnv.executeSql("CREATE DATABASE IF NOT EXISTS shop");
        assertThat(strings("SHOW DATABASES")).containsExactlyInAnyOrder("main", "shop");

        tEnv.executeSql("CREATE TABLE shop.orders (id BIGINT, region STRING, amount DECIMAL(12, 2),"
                + " PRIMARY KEY (id) NOT ENFORCED) COMMENT 'one row per order' PARTITIONED BY (region)"
                + " WITH ('sink.parallelism' = '1', 'scan.discovery-interval' = '5 s')");
        assertThat(strings("SHOW TABLES IN shop")).containsExactly("orders");
        assertThat(rows("DESCRIBE shop.orders")).containsExactly(
                "id|BIGINT|false|PRI(id)|null|null",
                "region|STRING|true|null|null|null",
                "amount|DECIMAL(12, 2)|true|null|null|null");
        String ddl = strings("SHOW CREATE TABLE shop.orders").get(0);
        assertThat(ddl).contains("CREATE TABLE `lake`.`shop`.`orders`", "CONSTRAINT `PK_orders` PRIMARY KEY (`id`)"
                + " NOT ENFORCED", "COMMENT 'one row per order'", "PARTITIONED BY (`region`)",
                "'sink.parallelism' = '1'", "'scan.discovery-interval' = '5 s'")
                .doesNotContain("'catalog'", "data-path", "duckdb.", "connector");

        tEnv.executeSql("INSERT INTO shop.orders VALUES (1, 'eu', 9.99), (2, 'us', 20.00)").await();
        tEnv.executeSql("INSERT INTO shop.orders VALUES (1, 'eu', 10.50)").await();
        assertThat(rows("SELECT * FROM shop.orders")).containsExactlyInAnyOrder("1|eu|10.50", "2|us|20.00");
        assertThat(plain("SELECT id, region, amount FROM plain.shop.orders ORDER BY id"))
                .containsExactly("1|eu|10.50", "2|us|20.00");
        assertThat(plain("SELECT comment FROM duckdb_tables() WHERE database_name = 'plain' AND table_name = 'orders'"))
                .containsExactly("one row per order");

        tEnv.executeSql("ALTER TABLE shop.orders RENAME TO purchases");
        assertThat(strings("SHOW TABLES IN shop")).containsExactly("purchases");
        assertThat(rows("SELECT id, amount FROM shop.purchases")).containsExactlyInAnyOrder("1|10.50", "2|20.00");
        assertThat(strings("SHOW CREATE TABLE shop.purchases").get(0)).contains("'sink.parallelism' = '1'",
                "PRIMARY KEY (`id`)", "PARTITIONED BY (`region`)");
        assertThat(plain("SELECT table_name FROM duckdb_tables() WHERE database_name = 'plain'"
                + " AND schema_name = 'shop'")).containsExactly("purchases");

        assertThat(failure("DROP DATABASE shop")).contains("shop");
        assertThat(plain("SELECT count(*) FROM plain.shop.purchases")).containsExactly("2");
        tEnv.executeSql("CREATE TABLE shop.notes (note STRING)");
        tEnv.executeSql("DROP TABLE shop.notes");
        tEnv.executeSql("DROP TABLE IF EXISTS shop.notes");
        assertThat(strings("SHOW TABLES IN shop")).containsExactly("purchases");
        tEnv.executeSql("DROP DATABASE shop CASCADE");
        assertThat(strings("SHOW DATABASES")).containsExactly("main");
        assertThat(plain("SELECT schema_name FROM duckdb_schemas() WHERE database_name = 'plain'"
                + " AND schema_name = 'shop'")).isEmpty();
    }

    @Test
    void refusedStatementsLeaveTheLakeUnchanged() throws Exception {
        tEnv.executeSql("CREATE TABLE kept (id INT)");
        List<String> snapshots = plain("SELECT max(snapshot_id) FROM plain.snapshots()");

        assertThat(failure("CREATE TABLE t (id INT) WITH ('catalog.password' = 'secret')"))
                .contains("'catalog.password'", "set it on the catalog (CREATE CATALOG ... WITH)");
        assertThat(failure("CREATE TABLE t (id INT) WITH ('duckdb.secret.s3.key_id' = 'k')"))
                .contains("'duckdb.secret.s3.key_id'", "set it on the catalog");
        assertThat(failure("CREATE TABLE t (id INT) WITH ('table-name' = 'other')")).contains("'table-name'");
        assertThat(failure("CREATE TABLE t (id INT) WITH ('sink.paralelism' = '2')"))
                .contains("unknown option 'sink.paralelism'");
        assertThat(failure("CREATE TABLE t (id INT) WITH ('scan.discovery-interval' = 'soon')"))
                .contains("'scan.discovery-interval' = 'soon'");
        assertThat(failure("CREATE TABLE t (id INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts)"))
                .contains("watermark");
        assertThat(failure("CREATE TABLE t (id INT, twice AS id * 2)")).contains("'twice'", "computed");
        assertThat(failure("CREATE TABLE t (id INT, ts9 TIMESTAMP_LTZ(9))")).contains("'ts9'", "TIMESTAMP_LTZ(9)");
        assertThat(failure("CREATE TABLE nowhere.t (id INT)")).contains("nowhere");
        assertThat(failure("CREATE TABLE kept (id INT)")).contains("kept");
        assertThat(failure("ALTER TABLE kept RENAME TO kept")).contains("kept");
        assertThat(failure("INSERT INTO kept /*+ OPTIONS('duckdb.threads' = '8') */ VALUES (1)"))
                .contains("'duckdb.threads'", "set it on the catalog");

        assertThat(plain("SELECT max(snapshot_id) FROM plain.snapshots()")).isEqualTo(snapshots);
        assertThat(strings("SHOW TABLES")).containsExactly("kept");
    }

    @Test
    void viewsAndColumnsWithoutAFlinkTypeAreListedAndRefusedWhenUsed() throws Exception {
        releaseLake();
        TestLakes.plainExecute(catalog, dir, "CREATE VIEW plain.main.v AS SELECT 1 AS one",
                "CREATE TABLE plain.main.odd (id INTEGER, u UUID)");
        assertThat(strings("SHOW TABLES")).containsExactlyInAnyOrder("v", "odd");
        assertThat(strings("SHOW VIEWS")).containsExactly("v");
        assertThat(failure("SELECT * FROM v")).contains("lake.main.v is a DuckLake view");
        assertThat(failure("DROP TABLE v")).contains("lake.main.v is a DuckLake view");
        assertThat(failure("SELECT * FROM odd")).contains("lake.main.odd", "UUID");
        assertThat(failure("INSERT INTO odd VALUES (1)")).contains("lake.main.odd", "UUID");
        assertThat(strings("SHOW TABLES")).containsExactlyInAnyOrder("v", "odd");
    }

    /** Lets plain DuckDB open a DuckDB-file lake: the catalog holds it only during calls, jobs until they end. */
    private void releaseLake() throws Exception {
        if (catalog.kind() != CatalogLocation.Kind.POSTGRES) {
            NoEngineLeftOpen.awaitNone();
        }
    }

    private List<String> plain(String query) throws Exception {
        releaseLake();
        return TestLakes.plainRows(catalog, dir, query);
    }

    private String failure(String statement) {
        Throwable[] thrown = new Throwable[1];
        assertThatThrownBy(() -> {
            TableResult result = tEnv.executeSql(statement);
            result.await();
        }).satisfies(t -> thrown[0] = t);
        return ExceptionUtils.stringifyException(thrown[0]);
    }

    private List<String> strings(String statement) throws Exception {
        return rows(statement);
    }

    private List<String> rows(String statement) throws Exception {
        List<String> rows = new ArrayList<>();
        try (CloseableIterator<Row> it = tEnv.executeSql(statement).collect()) {
            while (it.hasNext()) {
                Row row = it.next();
                List<String> values = new ArrayList<>();
                for (int i = 0; i < row.getArity(); i++) {
                    values.add(String.valueOf(row.getField(i)));
                }
                rows.add(String.join("|", values));
            }
        }
        return rows;
    }
}
