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

package dev.ducklake.flink.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.ducklake.engine.LakeEngine;
import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.testutils.TestLakes;
import dev.ducklake.engine.transform.TransformMode;
import dev.ducklake.engine.transform.TransformRequest;
import dev.ducklake.engine.transform.TransformResult;
import dev.ducklake.flink.sink.testutils.NoEngineLeftOpen;
import dev.ducklake.flink.sink.testutils.TestJobs;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.table.api.config.TableConfigOptions;
import org.apache.flink.table.catalog.Catalog;
import org.apache.flink.table.catalog.ObjectPath;
import org.apache.flink.table.catalog.TableChange;
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
 * The {@code 'type' = 'ducklake'} catalog at SQL level, on a lake of the subclass's kind:
 * databases, tables with key, partitioning, comment and options, reads and writes with no {@code
 * WITH} clause, and the refusals, each checked against the lake read with plain DuckDB.
 */
abstract class CatalogSqlITCaseBase {

    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = TestJobs.miniCluster(2);

    @TempDir Path dir;

    CatalogLocation catalog;
    TableEnvironment tEnv;

    /** The lake of the test, under {@code dir}. */
    abstract CatalogLocation lake(Path dir);

    @BeforeEach
    void createCatalog() {
        catalog = lake(dir);
        tEnv = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        useLake(tEnv, "");
    }

    /** Creates the catalog {@code lake} on the test's lake, with further options, and uses it. */
    private void useLake(TableEnvironment env, String moreOptions) {
        env.executeSql(
                "CREATE CATALOG lake WITH ('type' = 'ducklake', 'catalog' = '"
                        + catalog.key()
                        + "',"
                        + " 'data-path' = '"
                        + dir.resolve("data")
                        + "/', 'duckdb.memory-limit' = '512MB',"
                        + " 'duckdb.temp-directory' = '"
                        + dir.resolve("tmp")
                        + "'"
                        + moreOptions
                        + ")");
        env.executeSql("USE CATALOG lake");
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

        tEnv.executeSql(
                "CREATE TABLE shop.orders (id BIGINT, region STRING, amount DECIMAL(12, 2),"
                        + " PRIMARY KEY (id) NOT ENFORCED) COMMENT 'one row per order' PARTITIONED BY (region)"
                        + " WITH ('sink.parallelism' = '1', 'scan.discovery-interval' = '5 s')");
        assertThat(strings("SHOW TABLES IN shop")).containsExactly("orders");
        assertThat(rows("DESCRIBE shop.orders"))
                .containsExactly(
                        "id|BIGINT|false|PRI(id)|null|null",
                        "region|STRING|true|null|null|null",
                        "amount|DECIMAL(12, 2)|true|null|null|null");
        String ddl = strings("SHOW CREATE TABLE shop.orders").get(0);
        assertThat(ddl)
                .contains(
                        "CREATE TABLE `lake`.`shop`.`orders`",
                        "CONSTRAINT `PK_orders` PRIMARY KEY (`id`)" + " NOT ENFORCED",
                        "COMMENT 'one row per order'",
                        "PARTITIONED BY (`region`)",
                        "'sink.parallelism' = '1'",
                        "'scan.discovery-interval' = '5 s'")
                .doesNotContain("'catalog'", "data-path", "duckdb.", "connector");

        tEnv.executeSql("INSERT INTO shop.orders VALUES (1, 'eu', 9.99), (2, 'us', 20.00)").await();
        tEnv.executeSql("INSERT INTO shop.orders VALUES (1, 'eu', 10.50)").await();
        assertThat(rows("SELECT * FROM shop.orders"))
                .containsExactlyInAnyOrder("1|eu|10.50", "2|us|20.00");
        assertThat(plain("SELECT id, region, amount FROM plain.shop.orders ORDER BY id"))
                .containsExactly("1|eu|10.50", "2|us|20.00");
        assertThat(
                        plain(
                                "SELECT comment FROM duckdb_tables() WHERE database_name = 'plain' AND table_name = 'orders'"))
                .containsExactly("one row per order");

        tEnv.executeSql("ALTER TABLE shop.orders RENAME TO purchases");
        assertThat(strings("SHOW TABLES IN shop")).containsExactly("purchases");
        assertThat(rows("SELECT id, amount FROM shop.purchases"))
                .containsExactlyInAnyOrder("1|10.50", "2|20.00");
        assertThat(strings("SHOW CREATE TABLE shop.purchases").get(0))
                .contains(
                        "'sink.parallelism' = '1'",
                        "PRIMARY KEY (`id`)",
                        "PARTITIONED BY (`region`)");
        assertThat(
                        plain(
                                "SELECT table_name FROM duckdb_tables() WHERE database_name = 'plain'"
                                        + " AND schema_name = 'shop'"))
                .containsExactly("purchases");

        assertThat(failure("DROP DATABASE shop")).contains("shop");
        assertThat(plain("SELECT count(*) FROM plain.shop.purchases")).containsExactly("2");
        tEnv.executeSql("CREATE TABLE shop.notes (note STRING)");
        tEnv.executeSql("DROP TABLE shop.notes");
        tEnv.executeSql("DROP TABLE IF EXISTS shop.notes");
        assertThat(strings("SHOW TABLES IN shop")).containsExactly("purchases");
        tEnv.executeSql("DROP DATABASE shop CASCADE");
        assertThat(strings("SHOW DATABASES")).containsExactly("main");
        assertThat(
                        plain(
                                "SELECT schema_name FROM duckdb_schemas() WHERE database_name = 'plain'"
                                        + " AND schema_name = 'shop'"))
                .isEmpty();
    }

    @Test
    void refusedStatementsLeaveTheLakeUnchanged() throws Exception {
        tEnv.executeSql("CREATE TABLE kept (id INT)");
        List<String> snapshots = plain("SELECT max(snapshot_id) FROM plain.snapshots()");

        assertThat(failure("CREATE TABLE t (id INT) WITH ('catalog.password' = 'secret')"))
                .contains("'catalog.password'", "set it on the catalog (CREATE CATALOG ... WITH)");
        assertThat(failure("CREATE TABLE t (id INT) WITH ('duckdb.secret.s3.key_id' = 'k')"))
                .contains("'duckdb.secret.s3.key_id'", "set it on the catalog");
        assertThat(failure("CREATE TABLE t (id INT) WITH ('table-name' = 'other')"))
                .contains("'table-name'");
        assertThat(failure("CREATE TABLE t (id INT) WITH ('sink.paralelism' = '2')"))
                .contains("unknown option 'sink.paralelism'");
        assertThat(failure("CREATE TABLE t (id INT) WITH ('scan.discovery-interval' = 'soon')"))
                .contains("'scan.discovery-interval' = 'soon'");
        assertThat(failure("CREATE TABLE t (id INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts)"))
                .contains("watermark");
        assertThat(failure("CREATE TABLE t (id INT, twice AS id * 2)"))
                .contains("'twice'", "computed");
        assertThat(failure("CREATE TABLE t (id INT, ts9 TIMESTAMP_LTZ(9))"))
                .contains("'ts9'", "TIMESTAMP_LTZ(9)");
        assertThat(failure("CREATE TABLE nowhere.t (id INT)")).contains("nowhere");
        assertThat(failure("CREATE TABLE kept (id INT)")).contains("kept");
        assertThat(failure("ALTER TABLE kept RENAME TO kept")).contains("kept");
        assertThat(failure("INSERT INTO kept /*+ OPTIONS('duckdb.threads' = '8') */ VALUES (1)"))
                .contains("'duckdb.threads'", "set it on the catalog");

        assertThat(plain("SELECT max(snapshot_id) FROM plain.snapshots()")).isEqualTo(snapshots);
        assertThat(strings("SHOW TABLES")).containsExactly("kept");
    }

    @Test
    void createTableLikeAndAsSelectMakeLakeTables() throws Exception {
        tEnv.executeSql(
                "CREATE TABLE orders (id BIGINT, region STRING, amount DECIMAL(12, 2),"
                        + " PRIMARY KEY (id) NOT ENFORCED) PARTITIONED BY (region) WITH ('sink.parallelism' = '1')");
        tEnv.executeSql(
                        "INSERT INTO orders VALUES (1, 'eu', 9.99), (2, 'us', 20.00), (3, 'eu', 5.01)")
                .await();

        tEnv.executeSql("CREATE TABLE orders_copy LIKE orders");
        assertThat(rows("DESCRIBE orders_copy")).isEqualTo(rows("DESCRIBE orders"));
        assertThat(strings("SHOW CREATE TABLE orders_copy").get(0))
                .contains(
                        "PRIMARY KEY (`id`)",
                        "PARTITIONED BY (`region`)",
                        "'sink.parallelism' = '1'");
        assertThat(rows("SELECT * FROM orders_copy")).isEmpty();
        tEnv.executeSql("INSERT INTO orders_copy SELECT * FROM orders").await();
        tEnv.executeSql("INSERT INTO orders_copy VALUES (1, 'eu', 1.00)").await();
        assertThat(rows("SELECT id, amount FROM orders_copy"))
                .as("the copy has the key: the second write of id 1 replaced the first")
                .containsExactlyInAnyOrder("1|1.00", "2|20.00", "3|5.01");

        tEnv.executeSql(
                        "CREATE TABLE region_totals AS SELECT region, sum(amount) AS total FROM orders GROUP BY region")
                .await();
        assertThat(rows("DESCRIBE region_totals"))
                .containsExactly(
                        "region|STRING|true|null|null|null",
                        "total|DECIMAL(38, 2)|true|null|null|null");
        assertThat(plain("SELECT region, total FROM plain.main.region_totals ORDER BY region"))
                .containsExactly("eu|15.00", "us|20.00");

        tEnv.executeSql(
                        "CREATE TABLE amounts (PRIMARY KEY (id) NOT ENFORCED) AS SELECT id, amount FROM orders")
                .await();
        assertThat(rows("DESCRIBE amounts"))
                .containsExactly(
                        "id|BIGINT|false|PRI(id)|null|null",
                        "amount|DECIMAL(12, 2)|true|null|null|null");
        tEnv.executeSql("INSERT INTO amounts VALUES (2, 0.50)").await();
        assertThat(plain("SELECT id, amount FROM plain.main.amounts ORDER BY id"))
                .containsExactly("1|9.99", "2|0.50", "3|5.01");
        assertThat(failure("CREATE TABLE orders AS SELECT * FROM orders_copy"))
                .contains("orders", "already exists");
    }

    @Test
    void viewsAndColumnsWithoutAFlinkTypeAreListedAndRefusedWhenUsed() throws Exception {
        releaseLake();
        TestLakes.plainExecute(
                catalog,
                dir,
                "CREATE VIEW plain.main.v AS SELECT 1 AS one",
                "CREATE TABLE plain.main.odd (id INTEGER, u UUID)");
        assertThat(strings("SHOW TABLES")).containsExactlyInAnyOrder("v", "odd");
        assertThat(strings("SHOW VIEWS")).containsExactly("v");
        assertThat(failure("SELECT * FROM v")).contains("lake.main.v is a DuckLake view");
        assertThat(failure("DROP TABLE v")).contains("lake.main.v is a DuckLake view");
        assertThat(failure("SELECT * FROM odd")).contains("lake.main.odd", "column 'u'", "UUID");
        assertThat(failure("INSERT INTO odd VALUES (1)"))
                .contains("lake.main.odd", "column 'u'", "UUID");
        assertThat(strings("SHOW TABLES")).containsExactlyInAnyOrder("v", "odd");
    }

    @Test
    void theSnapshotsSystemTableShowsTheInputsOfAVersion() throws Exception {
        tEnv.executeSql(
                "CREATE TABLE orders (id BIGINT, region STRING, amount DECIMAL(12, 2),"
                        + " PRIMARY KEY (id) NOT ENFORCED)");
        tEnv.executeSql(
                "CREATE TABLE totals (region STRING, total DECIMAL(12, 2), PRIMARY KEY (region) NOT ENFORCED)");
        tEnv.executeSql("INSERT INTO orders VALUES (1, 'eu', 9.99), (2, 'us', 5.00)").await();
        releaseLake();
        TransformResult transform;
        try (LakeEngine engine = LakeEngine.open(TestLakes.config(catalog, dir).build())) {
            transform =
                    engine.transform(
                            TransformRequest.builder(
                                            "SELECT region, sum(amount) AS total FROM {orders} GROUP BY region")
                                    .input("orders", TableName.of("orders"))
                                    .output(TableName.of("totals"), TransformMode.REPLACE)
                                    .build());
        }
        long ordersVersion = transform.inputs().get(TableName.of("orders"));

        assertThat(
                        rows(
                                "SELECT version, inputs['main.orders'], cardinality(inputs) FROM `totals$snapshots`"
                                        + " WHERE commit_mode = 'snapshot'"))
                .containsExactly(transform.version() + "|" + ordersVersion + "|1");
        assertThat(
                        rows(
                                "SELECT cardinality(inputs) FROM `orders$snapshots` WHERE commit_mode = 'merge'"))
                .as("written directly")
                .containsExactly("0");
        assertThat(
                        plain(
                                "SELECT commit_extra_info->'inputs'->>'main.orders' FROM plain.snapshots() WHERE snapshot_id = "
                                        + transform.version()))
                .containsExactly(String.valueOf(ordersVersion));
    }

    @Test
    void systemTablesShowTheVersionsAndFilesOfATable() throws Exception {
        // Files rather than rows inlined into the catalog, so that $files has rows.
        tEnv.executeSql("USE CATALOG default_catalog");
        tEnv.executeSql("DROP CATALOG lake");
        String noInlining = ", 'data-inlining-row-limit' = '0'";
        useLake(tEnv, noInlining);
        tEnv.executeSql(
                "CREATE TABLE orders (id BIGINT, region STRING, amount DECIMAL(12, 2),"
                        + " PRIMARY KEY (id) NOT ENFORCED) PARTITIONED BY (region)");
        assertThat(rows("SELECT * FROM `orders$files`"))
                .as("the files of a table without rows")
                .isEmpty();
        TableResult first =
                tEnv.executeSql(
                        "INSERT INTO orders VALUES (1, 'eu', 9.99), (2, 'eu', 5.00),"
                                + " (4, 'us', 20.00)");
        first.await();
        TableResult second =
                tEnv.executeSql("INSERT INTO orders VALUES (1, 'eu', 10.50), (3, 'eu', 1.00)");
        second.await();

        // The versions, as DuckDB reads them from the lake: every snapshot after the lake's first
        // is one of orders.
        List<String> model =
                plain(
                                "SELECT snapshot_id, epoch_ms(snapshot_time), author, CASE"
                                        + " WHEN list_contains(changes['tables_created'], 'main.orders') THEN 'create'"
                                        + " WHEN len(changes['tables_inserted_into']) > 0 AND len(changes['tables_deleted_from']) > 0 THEN 'write'"
                                        + " WHEN len(changes['tables_inserted_into']) > 0 THEN 'insert' ELSE 'other' END, commit_message,"
                                        + " commit_extra_info->>'inserted', commit_extra_info->>'updated', commit_extra_info->>'deleted',"
                                        + " commit_extra_info->>'mode', commit_extra_info->'producer'->>'flink-job-id',"
                                        + " commit_extra_info->'producer'->>'checkpoint-id', commit_extra_info->'producer'->>'sink-id'"
                                        + " FROM ducklake_snapshots('plain') WHERE snapshot_id > 0 ORDER BY snapshot_id")
                        .stream()
                        .map(CatalogSqlITCaseBase::epochMillisAsInstant)
                        .toList();
        List<String> snapshots =
                rows(
                        "SELECT version, committed_at, author, operation, commit_message, rows_inserted,"
                                + " rows_updated, rows_deleted, commit_mode, flink_job_id, flink_checkpoint_id, flink_sink_id"
                                + " FROM `orders$snapshots`");
        assertThat(snapshots).containsExactlyInAnyOrderElementsOf(model);
        assertThat(
                        rows(
                                "SELECT operation, rows_inserted, rows_updated, rows_deleted, flink_job_id"
                                        + " FROM `orders$snapshots`"))
                .containsExactlyInAnyOrder(
                        "create|0|0|0|null",
                        "insert|3|0|0|" + first.getJobClient().orElseThrow().getJobID(),
                        "write|1|1|0|" + second.getJobClient().orElseThrow().getJobID());

        // The files, as DuckLake lists them, and the rows DuckDB counts in each.
        List<String[]> files =
                rows(
                                "SELECT content, path, file_size_bytes, record_count, data_file, added_snapshot,"
                                        + " partition_values['region'] FROM `orders$files`")
                        .stream()
                        .map(r -> r.split("\\|"))
                        .toList();
        List<String> versions =
                rows("SELECT CAST(version AS STRING) FROM `orders$snapshots` ORDER BY version");
        List<String> asListed = new ArrayList<>();
        for (String[] f : files) {
            assertThat(plain("SELECT count(*) FROM read_parquet('" + f[1] + "')"))
                    .containsExactly(f[3]);
            assertThat(versions).contains(f[5]);
            // The partition of a delete file is its data file's.
            assertThat(f[0].equals("data") ? f[1] : f[4]).contains("/region=" + f[6] + "/");
            if (f[0].equals("data")) {
                asListed.add(
                        f[1]
                                + "|"
                                + f[2]
                                + "|"
                                + files.stream()
                                        .filter(d -> d[4].equals(f[1]))
                                        .map(d -> d[1] + "|" + d[2])
                                        .findFirst()
                                        .orElse("null|null"));
            }
        }
        assertThat(asListed)
                .containsExactlyInAnyOrderElementsOf(
                        plain(
                                "SELECT data_file, data_file_size_bytes,"
                                        + " delete_file, delete_file_size_bytes FROM ducklake_list_files('plain', 'orders')"));
        assertThat(files)
                .extracting(f -> f[0] + "|" + f[3] + "|" + f[6])
                .containsExactlyInAnyOrder("data|2|eu", "data|1|us", "data|2|eu", "deletes|1|eu");

        // Bounded in streaming mode too: the job ends by itself.
        TableEnvironment streaming = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        try {
            useLake(streaming, noInlining);
            TableResult result =
                    streaming.executeSql("SELECT version, operation FROM `orders$snapshots`");
            JobClient job = result.getJobClient().orElseThrow();
            await("the streaming read of orders$snapshots ends")
                    .atMost(Duration.ofMinutes(2))
                    .until(() -> job.getJobStatus().get(), JobStatus::isGloballyTerminalState);
            assertThat(job.getJobStatus().get()).isEqualTo(JobStatus.FINISHED);
            assertThat(collect(result))
                    .containsExactlyInAnyOrderElementsOf(
                            rows("SELECT version, operation FROM `orders$snapshots`"));
        } finally {
            streaming.executeSql("USE CATALOG default_catalog");
            streaming.executeSql("DROP CATALOG IF EXISTS lake");
        }

        assertThat(strings("SHOW TABLES")).containsExactly("orders");
        assertThat(rows("DESCRIBE `orders$files`"))
                .extracting(r -> r.split("\\|")[0])
                .containsExactly(
                        "content",
                        "path",
                        "file_format",
                        "record_count",
                        "file_size_bytes",
                        "partition_values",
                        "added_snapshot",
                        "data_file");
        assertThat(failure("INSERT INTO `orders$files` SELECT * FROM `orders$files`"))
                .contains("lake.main.orders$files", "read-only");
        assertThat(failure("SELECT * FROM `orders$history`"))
                .contains("lake.main.orders$history", "$snapshots, $files");
        assertThat(failure("SELECT * FROM `orders$files` /*+ OPTIONS('scan.parallelism' = '2') */"))
                .contains("lake.main.orders$files", "takes no options");
        assertThat(failure("SELECT * FROM `missing$files`")).contains("missing$files");
        assertThat(failure("DROP TABLE `orders$files`")).contains("orders$files does not exist");
        assertThat(strings("SHOW TABLES")).containsExactly("orders");
    }

    /**
     * A model row with the commit time as epoch millis in its second field, that field as the
     * Instant Flink gives.
     */
    private static String epochMillisAsInstant(String row) {
        String[] fields = row.split("\\|", -1);
        fields[1] = Instant.ofEpochMilli(Long.parseLong(fields[1])).toString();
        return String.join("|", fields);
    }

    @Test
    void alterTableChangesColumnsOptionsAndCommentInTheLake() throws Exception {
        tEnv.executeSql(
                "CREATE TABLE orders (id BIGINT, region STRING, qty INT, amount DECIMAL(10, 2), note STRING,"
                        + " PRIMARY KEY (id) NOT ENFORCED) PARTITIONED BY (region) WITH ('sink.parallelism' = '1')");
        tEnv.executeSql("INSERT INTO orders VALUES (1, 'eu', 3, 9.99, 'first')").await();

        tEnv.executeSql("ALTER TABLE orders ADD channel STRING");
        tEnv.executeSql("ALTER TABLE orders DROP note");
        tEnv.executeSql("ALTER TABLE orders RENAME qty TO quantity");
        tEnv.executeSql("ALTER TABLE orders MODIFY quantity BIGINT");
        tEnv.executeSql("ALTER TABLE orders MODIFY amount DECIMAL(14, 2)");
        tEnv.executeSql("ALTER TABLE orders SET ('scan.discovery-interval' = '5 s')");
        tEnv.executeSql("ALTER TABLE orders RESET ('sink.parallelism')");
        // Flink SQL has no ALTER TABLE ... COMMENT; the change comes through the Catalog API.
        alter("orders", new TableChange.ModifyTableComment("one row per order"));

        assertThat(rows("DESCRIBE orders"))
                .containsExactly(
                        "id|BIGINT|false|PRI(id)|null|null",
                        "region|STRING|true|null|null|null",
                        "quantity|BIGINT|true|null|null|null",
                        "amount|DECIMAL(14, 2)|true|null|null|null",
                        "channel|STRING|true|null|null|null");
        assertThat(strings("SHOW CREATE TABLE orders").get(0))
                .contains(
                        "COMMENT 'one row per order'",
                        "'scan.discovery-interval' = '5 s'",
                        "PARTITIONED BY (`region`)")
                .doesNotContain("sink.parallelism");
        assertThat(
                        plain(
                                "SELECT column_name, data_type FROM duckdb_columns() WHERE database_name = 'plain'"
                                        + " AND table_name = 'orders' ORDER BY column_index"))
                .containsExactly(
                        "id|BIGINT",
                        "region|VARCHAR",
                        "quantity|BIGINT",
                        "amount|DECIMAL(14,2)",
                        "channel|VARCHAR");
        assertThat(
                        plain(
                                "SELECT comment FROM duckdb_tables() WHERE database_name = 'plain' AND table_name = 'orders'"))
                .containsExactly("one row per order");
        assertThat(
                        plain(
                                "SELECT key, value FROM plain.ducklake_engine.table_properties ORDER BY key"))
                .containsExactly("scan.discovery-interval|5 s");

        tEnv.executeSql("INSERT INTO orders VALUES (2, 'us', 5000000000, 123456789012.34, 'web')")
                .await();
        assertThat(rows("SELECT * FROM orders"))
                .containsExactlyInAnyOrder(
                        "1|eu|3|9.99|null", "2|us|5000000000|123456789012.34|web");
        assertThat(plain("SELECT id, quantity, channel FROM plain.main.orders ORDER BY id"))
                .containsExactly("1|3|null", "2|5000000000|web");

        // One ALTER with several changes: one snapshot per change.
        long before = latestSnapshot();
        tEnv.executeSql("ALTER TABLE orders ADD (coupon STRING, weight DOUBLE)");
        assertThat(latestSnapshot()).isEqualTo(before + 2);
        assertThat(
                        plain(
                                "SELECT column_name FROM duckdb_columns() WHERE database_name = 'plain'"
                                        + " AND table_name = 'orders' ORDER BY column_index"))
                .containsExactly(
                        "id", "region", "quantity", "amount", "channel", "coupon", "weight");
    }

    @Test
    void refusedAltersLeaveTheLakeUnchanged() throws Exception {
        tEnv.executeSql(
                "CREATE TABLE orders (id BIGINT, region STRING, qty INT, PRIMARY KEY (id) NOT ENFORCED)"
                        + " PARTITIONED BY (region) WITH ('sink.parallelism' = '1')");
        tEnv.executeSql("INSERT INTO orders VALUES (1, 'eu', 3)").await();
        long snapshot = latestSnapshot();
        List<String> described = rows("DESCRIBE orders");

        assertThat(failure("ALTER TABLE orders DROP id")).contains("`id`", "primary key");
        // Flink refuses that one itself; the catalog refuses it as well when asked directly.
        assertThatThrownBy(() -> alter("orders", TableChange.dropColumn("id")))
                .hasMessageContaining("main.orders")
                .hasMessageContaining("'id'")
                .hasMessageContaining("primary key");
        assertThat(failure("ALTER TABLE orders DROP region")).contains("`region`", "partition");
        assertThat(failure("ALTER TABLE orders MODIFY qty SMALLINT"))
                .contains("main.orders", "'qty'", "from INTEGER to SMALLINT");
        assertThat(failure("ALTER TABLE orders MODIFY qty DOUBLE"))
                .contains("'qty'", "from INTEGER to DOUBLE");
        assertThat(failure("ALTER TABLE orders ADD extra INT FIRST"))
                .contains("main.orders", "'extra'", "FIRST");
        assertThat(failure("ALTER TABLE orders ADD extra INT AFTER id"))
                .contains("'extra'", "at the end only");
        assertThat(failure("ALTER TABLE orders ADD extra INT NOT NULL"))
                .contains("'extra'", "NOT NULL");
        assertThat(failure("ALTER TABLE orders DROP nothing"))
                .contains("nothing")
                .containsAnyOf("no such column", "does not exist");
        assertThat(failure("ALTER TABLE orders RENAME nothing TO something"))
                .contains("nothing")
                .containsAnyOf("no such column", "does not exist");
        assertThat(failure("ALTER TABLE orders RENAME qty TO region"))
                .contains("region")
                .containsAnyOf("has a column of that name", "already existed");
        // Every change is checked before the first is applied: 'fine' is not added.
        assertThat(failure("ALTER TABLE orders ADD (fine STRING, early INT FIRST)"))
                .contains("'early'", "FIRST");
        assertThat(failure("ALTER TABLE orders SET ('catalog.password' = 'secret')"))
                .contains("'catalog.password'", "set it on the catalog");
        assertThat(failure("ALTER TABLE orders SET ('scan.discovery-interval' = 'soon')"))
                .contains("'scan.discovery-interval' = 'soon'");

        assertThat(latestSnapshot()).isEqualTo(snapshot);
        assertThat(rows("DESCRIBE orders")).isEqualTo(described);
        assertThat(
                        plain(
                                "SELECT column_name FROM duckdb_columns() WHERE database_name = 'plain'"
                                        + " AND table_name = 'orders' ORDER BY column_index"))
                .containsExactly("id", "region", "qty");
        assertThat(plain("SELECT key, value FROM plain.ducklake_engine.table_properties"))
                .containsExactly("sink.parallelism|1");
    }

    @Test
    void forSystemTimeAsOfReadsTheTableAsItWasWithItsSchemaThen() throws Exception {
        tEnv.getConfig().set(TableConfigOptions.LOCAL_TIME_ZONE, "UTC");
        tEnv.executeSql("CREATE TABLE events (id BIGINT, amount INT)");
        tEnv.executeSql("INSERT INTO events VALUES (1, 10), (2, 20)").await();
        long inserted = latestSnapshot();
        tEnv.executeSql("ALTER TABLE events ADD note STRING");
        tEnv.executeSql("ALTER TABLE events MODIFY amount BIGINT");
        tEnv.executeSql("INSERT INTO events VALUES (3, 30, 'later')").await();
        tEnv.executeSql("ALTER TABLE events DROP amount");

        // A time after the insert's commit and before the ADD COLUMN's (DuckLake keeps
        // microseconds).
        long insertedAt =
                Long.parseLong(
                        plain(
                                        "SELECT epoch_ms(snapshot_time) FROM plain.snapshots()"
                                                + " WHERE snapshot_id = "
                                                + inserted)
                                .get(0));
        long alteredAt =
                Long.parseLong(
                        plain(
                                        "SELECT epoch_ms(snapshot_time) FROM plain.snapshots()"
                                                + " WHERE snapshot_id = "
                                                + (inserted + 1))
                                .get(0));
        assertThat(alteredAt).isGreaterThan(insertedAt + 1);
        String asOf =
                " FOR SYSTEM_TIME AS OF TIMESTAMP '"
                        + LocalDateTime.ofInstant(
                                        Instant.ofEpochMilli(alteredAt - 1), ZoneOffset.UTC)
                                .format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS"))
                        + "'";

        assertThat(rows("SELECT * FROM events" + asOf)).containsExactlyInAnyOrder("1|10", "2|20");
        assertThat(rows("SELECT * FROM events"))
                .containsExactlyInAnyOrder("1|null", "2|null", "3|later");
        assertThat(
                        failure(
                                "SELECT * FROM events FOR SYSTEM_TIME AS OF TIMESTAMP '2000-01-01 00:00:00'"))
                .contains("main.events", "2000-01-01");
        assertThat(failure("SELECT * FROM `events$files`" + asOf))
                .contains(
                        "lake.main.events$files: a system table has no versions to read FOR SYSTEM_TIME AS OF");

        TableEnvironment streaming = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        streaming.getConfig().set(TableConfigOptions.LOCAL_TIME_ZONE, "UTC");
        useLake(streaming, "");
        try {
            assertThat(rows(streaming, "SELECT * FROM events" + asOf))
                    .containsExactlyInAnyOrder("1|10", "2|20");
        } finally {
            streaming.executeSql("USE CATALOG default_catalog");
            streaming.executeSql("DROP CATALOG lake");
        }
    }

    @Test
    void aCatalogTableIsTheDimensionOfLookupJoins() throws Exception {
        tEnv.executeSql(
                "CREATE TABLE tiers (customer STRING NOT NULL, tier STRING,"
                        + " PRIMARY KEY (customer) NOT ENFORCED)");
        tEnv.executeSql("INSERT INTO tiers VALUES ('alice', 'gold'), ('bob', 'silver')").await();
        tEnv.executeSql(
                "CREATE TEMPORARY VIEW payments AS SELECT id, customer, PROCTIME() AS proc_time"
                        + " FROM (VALUES (1, 'alice'), (2, 'carol'), (3, 'bob')) AS v (id, customer)");
        for (String cache : List.of("NONE", "PARTIAL", "FULL")) {
            assertThat(
                            rows(
                                    "SELECT p.id, t.tier FROM payments AS p LEFT JOIN tiers /*+ OPTIONS('lookup.cache' = '"
                                            + cache
                                            + "', 'lookup.partial-cache.max-rows' = '10') */ FOR SYSTEM_TIME AS OF p.proc_time AS t"
                                            + " ON p.customer = t.customer"))
                    .as(cache)
                    .containsExactlyInAnyOrder("1|gold", "2|null", "3|silver");
        }
    }

    @Test
    void compactProcedureRewritesAndMergesFilesAndKeepsTheRows() throws Exception {
        useLakeWithoutInlining();
        writeOrdersInSeveralCommits();
        List<String> files = rows("SELECT content, path FROM `orders$files`");
        List<String> table = rows("SELECT * FROM orders");
        long snapshot = latestSnapshot();

        assertThat(strings("SHOW PROCEDURES IN lake.sys"))
                .containsExactly("cleanup_files", "compact", "expire_snapshots");
        assertThat(strings("SHOW PROCEDURES IN lake.`system`"))
                .containsExactly("cleanup_files", "compact", "expire_snapshots");
        // A dry run reports and changes nothing.
        assertThat(rows("CALL lake.sys.compact(`table` => 'main.orders', dry_run => true)"))
                .containsExactly(
                        "flush_inlined_data|main.orders|true|0|rows|inlined rows waiting to be written to Parquet",
                        "rewrite_files_with_deletes|main.orders|true|0|files|counted only when run: data files most of whose"
                                + " rows were deleted",
                        "merge_adjacent_files|main.orders|true|3|files|data files merging would consider");
        assertThat(files).filteredOn(f -> f.startsWith("deletes")).hasSize(1);
        assertThat(latestSnapshot()).isEqualTo(snapshot);
        assertThat(rows("SELECT content, path FROM `orders$files`"))
                .containsExactlyInAnyOrderElementsOf(files);

        // Positional form, for real: the file with deletes is rewritten, the small files are
        // merged.
        List<String> done = rows("CALL lake.sys.compact('main.orders')");
        assertThat(done)
                .extracting(r -> r.split("\\|")[0] + "|" + r.split("\\|")[2])
                .containsExactly(
                        "flush_inlined_data|false",
                        "rewrite_files_with_deletes|false",
                        "merge_adjacent_files|false");
        assertThat(done.get(1)).startsWith("rewrite_files_with_deletes|main.orders|false|1|files");
        assertThat(latestSnapshot()).isGreaterThan(snapshot);
        List<String> compacted = rows("SELECT content, path FROM `orders$files`");
        assertThat(compacted).hasSizeLessThan(files.size()).noneMatch(f -> f.startsWith("deletes"));
        assertThat(rows("SELECT * FROM orders")).containsExactlyInAnyOrderElementsOf(table);
        // Compaction snapshots are no versions: the table's history is as it was.
        assertThat(rows("SELECT version FROM `orders$snapshots`")).hasSize(4);

        // Without a table, every table; a table that is not there changes nothing.
        assertThat(rows("CALL lake.`system`.compact()"))
                .extracting(r -> r.split("\\|")[1])
                .containsOnly("lake");
        long after = latestSnapshot();
        assertThat(failure("CALL lake.sys.compact(`table` => 'main.missing')"))
                .contains(
                        "CALL lake.sys.compact: argument 'table' = 'main.missing' names no table");
        assertThat(failure("CALL lake.sys.vacuum()"))
                .contains("No match found for function signature vacuum()");
        assertThat(failure("CALL lake.`system`.compact(`table` => 'nope.')"))
                .contains("CALL lake.system.compact: argument 'table' = 'nope.'");
        assertThat(latestSnapshot()).isEqualTo(after);
    }

    @Test
    void expireSnapshotsAndCleanupFilesProceduresRemoveOldVersionsAndTheirFiles() throws Exception {
        useLakeWithoutInlining();
        writeOrdersInSeveralCommits();
        List<String> table = rows("SELECT * FROM orders");
        List<String> versions =
                rows("SELECT CAST(version AS STRING) FROM `orders$snapshots` ORDER BY version");
        assertThat(versions).hasSize(4);
        rows("CALL lake.sys.compact(`table` => 'orders')");

        assertThat(failure("CALL lake.sys.expire_snapshots(older_than => '-1 h')"))
                .contains(
                        "CALL lake.sys.expire_snapshots: argument 'older_than' = '-1 h' must not be negative");
        assertThat(failure("CALL lake.sys.expire_snapshots(older_than => 'a week')"))
                .contains(
                        "CALL lake.sys.expire_snapshots: argument 'older_than' = 'a week' is not a duration");
        assertThat(failure("CALL lake.sys.expire_snapshots(older_than => '7')"))
                .as("a number without a unit, which Flink's parser would take as milliseconds")
                .contains(
                        "CALL lake.sys.expire_snapshots: argument 'older_than' = '7' is not a duration");

        // A dry run names the snapshots that would expire and expires none.
        List<String> dry =
                rows("CALL lake.sys.expire_snapshots(older_than => '0 s', dry_run => true)");
        assertThat(dry.get(0)).startsWith("expire_snapshots|lake|true|");
        assertThat(rows("SELECT CAST(version AS STRING) FROM `orders$snapshots` ORDER BY version"))
                .isEqualTo(versions);

        // Positional form, for real: the old versions go, and time travel to them fails.
        List<String> expired = rows("CALL lake.sys.expire_snapshots('0 s')");
        assertThat(expired.get(0)).isEqualTo(dry.get(0).replace("|true|", "|false|"));
        List<String> expiredIds = List.of(expired.get(0).split("\\|")[5].split(", "));
        List<String> gone = versions.stream().filter(expiredIds::contains).toList();
        assertThat(gone).contains(versions.get(1), versions.get(2)).doesNotContain(versions.get(3));
        List<String> left =
                rows("SELECT CAST(version AS STRING) FROM `orders$snapshots` ORDER BY version");
        assertThat(left).contains(versions.get(3)).doesNotContainAnyElementsOf(gone);
        assertThat(
                        failure(
                                "SELECT * FROM orders /*+ OPTIONS('scan.version' = '"
                                        + gone.get(0)
                                        + "') */"))
                .contains(gone.get(0));
        assertThat(rows("SELECT * FROM orders")).containsExactlyInAnyOrderElementsOf(table);

        // The files only expired snapshots used are unused now: the dry run lists them, the real
        // run deletes them.
        Path data = dir.resolve("data");
        List<Path> onDisk = parquetFiles(data);
        List<String> current = rows("SELECT path FROM `orders$files`");
        assertThat(onDisk).hasSizeGreaterThan(current.size());
        // A file a failed writer left behind, which the catalog does not know.
        Path orphan =
                java.nio.file.Files.copy(
                        Path.of(current.get(0)),
                        Path.of(current.get(0)).resolveSibling("left-by-a-failed-writer.parquet"));
        onDisk = parquetFiles(data);
        assertThat(failure("CALL lake.sys.cleanup_files(older_than => 'soon')"))
                .contains(
                        "CALL lake.sys.cleanup_files: argument 'older_than' = 'soon' is not a duration");
        // By default only files unused for an hour.
        assertThat(rows("CALL lake.sys.cleanup_files(dry_run => true)"))
                .containsExactly(
                        "delete_unused_files|lake|true|0|files|null",
                        "delete_orphaned_files|lake|true|0|files|null");
        List<String> planned =
                rows("CALL lake.sys.cleanup_files(older_than => '0 s', dry_run => true)");
        assertThat(parquetFiles(data)).isEqualTo(onDisk);
        List<String> cleaned = rows("CALL lake.sys.cleanup_files(older_than => '0 s')");
        assertThat(cleaned)
                .isEqualTo(planned.stream().map(r -> r.replace("|true|", "|false|")).toList());
        // Those no remaining snapshot uses (the table's latest version still uses its files before
        // compaction).
        List<String> deleted = List.of(cleaned.get(0).split("\\|")[5].split(", "));
        assertThat(cleaned.get(0))
                .startsWith("delete_unused_files|lake|false|" + deleted.size() + "|files|");
        assertThat(deleted).isNotEmpty().doesNotContainAnyElementsOf(current);
        assertThat(onDisk).extracting(Path::toString).containsAll(deleted);
        assertThat(cleaned.get(1)).isEqualTo("delete_orphaned_files|lake|false|1|files|" + orphan);
        assertThat(parquetFiles(data))
                .extracting(Path::toString)
                .containsAll(current)
                .containsExactlyInAnyOrderElementsOf(
                        onDisk.stream()
                                .map(Path::toString)
                                .filter(f -> !deleted.contains(f) && !f.equals(orphan.toString()))
                                .toList());
        assertThat(rows("SELECT * FROM orders")).containsExactlyInAnyOrderElementsOf(table);
    }

    /** Uses the catalog again, now with every commit in files rather than inlined rows. */
    private void useLakeWithoutInlining() {
        tEnv.executeSql("USE CATALOG default_catalog");
        tEnv.executeSql("DROP CATALOG lake");
        useLake(tEnv, ", 'data-inlining-row-limit' = '0'");
    }

    /**
     * A keyed table of four versions: created, 40 rows, 2 rows, then an update of 39 of the first
     * 40: three data files and a delete file that deletes most of the first file's rows.
     */
    private void writeOrdersInSeveralCommits() throws Exception {
        tEnv.executeSql(
                "CREATE TABLE orders (id BIGINT, amount INT, PRIMARY KEY (id) NOT ENFORCED)"
                        + " WITH ('sink.parallelism' = '1')");
        tEnv.executeSql("INSERT INTO orders VALUES " + values(1, 40, 10)).await();
        tEnv.executeSql("INSERT INTO orders VALUES " + values(41, 42, 10)).await();
        tEnv.executeSql("INSERT INTO orders VALUES " + values(1, 39, 20)).await();
    }

    /** {@code (id, id * factor)} for the ids from {@code first} to {@code last}, as SQL VALUES. */
    private static String values(int first, int last, int factor) {
        List<String> rows = new ArrayList<>();
        for (int id = first; id <= last; id++) {
            rows.add("(" + id + ", " + id * factor + ")");
        }
        return String.join(", ", rows);
    }

    /** The Parquet files under a directory, sorted. */
    private static List<Path> parquetFiles(Path directory) throws Exception {
        try (var files = java.nio.file.Files.walk(directory)) {
            return files.filter(f -> f.toString().endsWith(".parquet")).sorted().toList();
        }
    }

    /** Alters a table through the Catalog API, as Flink does for an ALTER TABLE statement. */
    private void alter(String table, TableChange... changes) throws Exception {
        Catalog lake = tEnv.getCatalog("lake").orElseThrow();
        ObjectPath path = new ObjectPath("main", table);
        lake.alterTable(path, lake.getTable(path), List.of(changes), false);
    }

    /** The id of the lake's latest snapshot, read with plain DuckDB. */
    private long latestSnapshot() throws Exception {
        return Long.parseLong(plain("SELECT max(snapshot_id) FROM plain.snapshots()").get(0));
    }

    /**
     * Lets plain DuckDB open a DuckDB-file lake: the catalog holds it only during calls, jobs until
     * they end.
     */
    private void releaseLake() throws Exception {
        if (catalog.kind() != CatalogLocation.Kind.POSTGRES) {
            NoEngineLeftOpen.awaitNone();
        }
    }

    List<String> plain(String query) throws Exception {
        releaseLake();
        return TestLakes.plainRows(catalog, dir, query);
    }

    String failure(String statement) {
        Throwable[] thrown = new Throwable[1];
        assertThatThrownBy(
                        () -> {
                            TableResult result = tEnv.executeSql(statement);
                            result.await();
                        })
                .satisfies(t -> thrown[0] = t);
        return ExceptionUtils.stringifyException(thrown[0]);
    }

    List<String> strings(String statement) throws Exception {
        return rows(statement);
    }

    List<String> rows(String statement) throws Exception {
        return collect(tEnv.executeSql(statement));
    }

    private static List<String> rows(TableEnvironment env, String statement) throws Exception {
        return collect(env.executeSql(statement));
    }

    private static List<String> collect(TableResult result) throws Exception {
        List<String> rows = new ArrayList<>();
        try (CloseableIterator<Row> it = result.collect()) {
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
