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

package dev.ducklake.engine.transform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ducklake.engine.LakeEngine;
import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.error.LakeValidationException;
import dev.ducklake.engine.error.TableNotFoundException;
import dev.ducklake.engine.maintenance.MaintenanceRequest;
import dev.ducklake.engine.read.RowReader;
import dev.ducklake.engine.read.ScanRequest;
import dev.ducklake.engine.schema.LakeType.Primitive;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.testutils.TestLake;
import dev.ducklake.engine.testutils.TestLakes;
import dev.ducklake.engine.testutils.TestSchemas;
import dev.ducklake.engine.write.MergeSession;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Versioned SQL transforms: each write mode against a model computed in Java from the input rows
 * read at the recorded version, inputs pinned while another client writes them, the no-op rule,
 * errors, and the recorded input versions read back with plain DuckDB.
 */
class SqlTransformTest {

    private static final TableName ORDERS = TableName.of("shop", "orders");
    private static final TableName TOTALS = TableName.of("shop", "totals");
    private static final TableName REGIONS = TableName.of("shop", "regions");
    private static final String TOTALS_SQL =
            "SELECT customer, sum(amount) AS total, count(*) AS orders"
                    + " FROM {orders} GROUP BY customer";

    @RegisterExtension final TestLake lake = TestLake.of(CatalogLocation.Kind.DUCKDB);

    LakeEngine engine;

    @BeforeEach
    void openDuckDbFileLake() {
        engine = lake.engine();
        createTables();
    }

    private void createTables() {
        engine.createSchema("shop", true);
        engine.createTable(
                ORDERS,
                TestSchemas.columns("id BIGINT", "customer VARCHAR", "amount DECIMAL(10,2)")
                        .primaryKey("id")
                        .build());
        engine.createTable(
                TOTALS,
                TestSchemas.columns("customer VARCHAR", "total DECIMAL(12,2)", "orders INTEGER")
                        .primaryKey("customer")
                        .build());
    }

    @Test
    void replaceWritesTheQueryAtThePinnedVersionsAndRecordsThem() throws Exception {
        long first = order(1, "ada", "10.00");
        order(2, "bob", "5.50");
        long third = order(3, "ada", "2.25");

        TransformResult latest = engine.transform(totals(TransformMode.REPLACE).build());
        assertThat(latest.committed()).isTrue();
        assertThat(latest.inputs()).isEqualTo(Map.of(ORDERS, third));
        assertThat(totalsAt(latest.version())).isEqualTo(model(ordersAt(third)));

        TransformResult pinned =
                engine.transform(
                        TransformRequest.builder(TOTALS_SQL)
                                .input("orders", ORDERS, first)
                                .output(TOTALS, TransformMode.REPLACE)
                                .build());
        assertThat(pinned.inputs()).isEqualTo(Map.of(ORDERS, first));
        assertThat(totalsAt(pinned.version()))
                .isEqualTo(model(ordersAt(first)))
                .containsOnlyKeys("ada");
        assertThat(engine.inputsOf(TOTALS, pinned.version())).isEqualTo(Map.of(ORDERS, first));

        engine.close();
        assertThat(
                        TestLakes.plainRows(
                                lake.catalog(),
                                lake.dir(),
                                "SELECT snapshot_id, json_extract(commit_extra_info,"
                                        + " '$.inputs') FROM plain.snapshots() WHERE snapshot_id IN ("
                                        + latest.version()
                                        + ", "
                                        + pinned.version()
                                        + ") ORDER BY snapshot_id"))
                .containsExactly(
                        latest.version() + "|{\"shop.orders\":" + third + "}",
                        pinned.version() + "|{\"shop.orders\":" + first + "}");
        engine = lake.reopen();
    }

    @Test
    void aTransformWhoseInputsDidNotMoveIsANoOp() {
        order(1, "ada", "10.00");
        TransformResult first = engine.transform(totals(TransformMode.REPLACE).build());
        long snapshot = engine.latestSnapshot();

        TransformResult again = engine.transform(totals(TransformMode.REPLACE).build());
        assertThat(again.upToDate()).isTrue();
        assertThat(again.committed()).isFalse();
        assertThat(again.version()).isEqualTo(first.version());
        assertThat(engine.latestSnapshot()).as("no snapshot").isEqualTo(snapshot);

        TransformResult appendAgain =
                engine.transform(
                        TransformRequest.builder(TOTALS_SQL)
                                .input("orders", ORDERS)
                                .output(TOTALS, TransformMode.MERGE)
                                .build());
        assertThat(appendAgain.upToDate()).as("another mode is another transform").isFalse();

        long moved = order(2, "bob", "1.00");
        TransformResult after = engine.transform(totals(TransformMode.REPLACE).build());
        assertThat(after.committed()).isTrue();
        assertThat(after.inputs()).isEqualTo(Map.of(ORDERS, moved));
        assertThat(totalsAt(after.version())).isEqualTo(model(ordersAt(moved)));
    }

    @Test
    void appendAddsAndMergeUpsertsByKey() {
        engine.createTable(
                REGIONS,
                TestLakes.keyValueSchema(
                        "customer", Primitive.VARCHAR, "region", Primitive.VARCHAR));
        try (MergeSession merge = engine.openMergeSession(REGIONS)) {
            merge.upsert(new Object[] {"ada", "north"});
            merge.upsert(new Object[] {"bob", "south"});
            merge.commit();
        }
        TableName log = TableName.of("shop", "order_log");
        engine.createTable(
                log,
                TestLakes.twoColumnSchema("id", Primitive.BIGINT, "region", Primitive.VARCHAR));
        String joined = "SELECT o.id, r.region FROM {orders} o JOIN {regions} r USING (customer)";
        TransformRequest appendJoined =
                TransformRequest.builder(joined)
                        .input("orders", ORDERS)
                        .input("regions", REGIONS)
                        .output(log, TransformMode.APPEND)
                        .build();
        long v1 = order(1, "ada", "1.00");
        TransformResult firstAppend = engine.transform(appendJoined);
        assertThat(firstAppend.inputs()).containsEntry(ORDERS, v1).containsKey(REGIONS);
        order(2, "bob", "1.00");
        engine.transform(appendJoined);
        assertThat(rows(log, engine.latestVersion(log)))
                .as("each run's rows added")
                .containsExactlyInAnyOrder("1|north", "1|north", "2|south");

        order(3, "cy", "7.00");
        try (MergeSession merge = engine.openMergeSession(TOTALS)) {
            merge.upsert(new Object[] {"zed", new BigDecimal("1.00"), 1});
            merge.commit();
        }
        TransformResult merged = engine.transform(totals(TransformMode.MERGE).build());
        Map<String, String> want = model(ordersAt(merged.inputs().get(ORDERS)));
        want.put("zed", "1.00|1");
        assertThat(totalsAt(merged.version())).as("rows of other keys stay").isEqualTo(want);

        order(4, "cy", "2.00");
        TransformResult mergedAgain = engine.transform(totals(TransformMode.MERGE).build());
        assertThat(mergedAgain.rowsYielded()).as("a total per customer").isEqualTo(3);
        assertThat(mergedAgain.rowsWritten()).as("cy's total, the one that changed").isEqualTo(1);
    }

    /**
     * Another client, a second engine with a DuckDB of its own on a PostgreSQL catalog, commits to
     * the input while this engine transforms it: each result is the query over the version it
     * recorded.
     */
    @Test
    void inputsArePinnedWhileAnotherClientCommitsToThem() throws Exception {
        engine.close();
        CatalogLocation postgres = TestLakes.catalog(CatalogLocation.Kind.POSTGRES, lake.dir());
        try (LakeEngine onPostgres = TestLakes.open(postgres, lake.dir())) {
            engine = onPostgres;
            transformWhileAnotherClientCommits(postgres);
        } finally {
            TestLakes.drop(postgres);
        }
    }

    private void transformWhileAnotherClientCommits(CatalogLocation catalog) throws Exception {
        createTables();
        AtomicBoolean stop = new AtomicBoolean();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        List<Long> seen = new ArrayList<>();
        // Two commits of the other client per transform, made while it runs: a client committing
        // without pause would win every race for DuckLake's next snapshot id and starve the
        // transform's commits.
        Semaphore commits = new Semaphore(2);
        try (LakeEngine other = TestLakes.open(catalog, lake.dir())) {
            Thread writer =
                    new Thread(
                            () -> {
                                try {
                                    for (int id = 1; !stop.get(); id++) {
                                        if (!commits.tryAcquire(100, TimeUnit.MILLISECONDS)) {
                                            id--;
                                            continue;
                                        }
                                        try (MergeSession merge = other.openMergeSession(ORDERS)) {
                                            merge.upsert(
                                                    new Object[] {
                                                        (long) id,
                                                        "c" + id % 7,
                                                        new BigDecimal(id % 13 + ".25")
                                                    });
                                            merge.commit();
                                        }
                                    }
                                } catch (Throwable e) {
                                    failure.set(e);
                                }
                            },
                            "another client");
            writer.start();
            try {
                while (seen.size() < 8 && failure.get() == null) {
                    TransformResult result =
                            engine.transform(totals(TransformMode.REPLACE).build());
                    commits.release(2);
                    if (result.committed()) {
                        long read = result.inputs().get(ORDERS);
                        seen.add(read);
                        assertThat(totalsAt(result.version()))
                                .as("totals of version %s", read)
                                .isEqualTo(model(ordersAt(read)));
                    }
                }
            } finally {
                stop.set(true);
                writer.join();
            }
        }
        assertThat(failure.get()).isNull();
        assertThat(seen)
                .as("the other client moved the input between transforms")
                .doesNotHaveDuplicates();
    }

    @Test
    void errorsNameTheTableTheVersionAndTheColumn() {
        order(1, "ada", "10.00");
        long old = order(2, "bob", "10.00");
        TableName missing = TableName.of("shop", "nowhere");
        assertThatThrownBy(
                        () ->
                                engine.transform(
                                        TransformRequest.builder("SELECT * FROM {x}")
                                                .input("x", missing)
                                                .output(TOTALS, TransformMode.REPLACE)
                                                .build()))
                .isInstanceOf(TableNotFoundException.class)
                .hasMessageContaining("shop.nowhere");

        assertThatThrownBy(
                        () ->
                                engine.transform(
                                        TransformRequest.builder(
                                                        "SELECT 'ada' AS customer,"
                                                                + " 'lots' AS total FROM {orders}")
                                                .input("orders", ORDERS)
                                                .output(TOTALS, TransformMode.REPLACE)
                                                .build()))
                .isInstanceOf(LakeValidationException.class)
                .hasMessageContaining("total")
                .hasMessageContaining("shop.totals")
                .hasMessageContaining("lots");
        assertThatThrownBy(
                        () ->
                                engine.transform(
                                        TransformRequest.builder(
                                                        "SELECT customer, amount / 3 AS total"
                                                                + " FROM {orders}")
                                                .input("orders", ORDERS)
                                                .output(TOTALS, TransformMode.REPLACE)
                                                .build()))
                .as("3.333… does not fit DECIMAL(12,2) unchanged")
                .isInstanceOf(LakeValidationException.class)
                .hasMessageContaining("total")
                .hasMessageContaining("3.33");
        assertThatThrownBy(
                        () ->
                                engine.transform(
                                        TransformRequest.builder(
                                                        "SELECT customer, amount AS total,"
                                                                + " 1 AS bonus FROM {orders}")
                                                .input("orders", ORDERS)
                                                .output(TOTALS, TransformMode.REPLACE)
                                                .build()))
                .isInstanceOf(LakeValidationException.class)
                .hasMessageContaining("bonus");
        assertThatThrownBy(
                        () ->
                                engine.transform(
                                        TransformRequest.builder(
                                                        "SELECT 'x' AS customer FROM {orders}")
                                                .input("orders", ORDERS)
                                                .output(TOTALS, TransformMode.REPLACE)
                                                .build()))
                .isInstanceOf(LakeValidationException.class)
                .hasMessageContaining("customer='x'")
                .hasMessageContaining("rows=2");
        assertThatThrownBy(
                        () ->
                                engine.transform(
                                        TransformRequest.builder(
                                                        "SELECT * FROM {orders} JOIN {other}")
                                                .input("orders", ORDERS)
                                                .output(TOTALS, TransformMode.REPLACE)
                                                .build()))
                .isInstanceOf(LakeValidationException.class)
                .hasMessageContaining("{other}");
        assertThat(engine.latestVersion(TOTALS)).as("nothing written").isLessThan(old);

        order(3, "cy", "1.00");
        engine.maintain(
                MaintenanceRequest.builder().expireSnapshotsOlderThan(Duration.ZERO).build());
        assertThatThrownBy(
                        () ->
                                engine.transform(
                                        TransformRequest.builder(TOTALS_SQL)
                                                .input("orders", ORDERS, old)
                                                .output(TOTALS, TransformMode.REPLACE)
                                                .build()))
                .isInstanceOf(LakeValidationException.class)
                .hasMessageContaining("Version " + old)
                .hasMessageContaining("shop.orders")
                .hasMessageContaining("expired");
    }

    @Test
    void lineageWalksBackThroughTwoHops() {
        long ordersVersion = order(1, "ada", "4.00");
        TransformResult totals = engine.transform(totals(TransformMode.REPLACE).build());
        TableName best = TableName.of("shop", "best");
        engine.createTable(best, TestSchemas.columns("customer VARCHAR").build());
        TransformResult top =
                engine.transform(
                        TransformRequest.builder(
                                        "SELECT customer FROM {totals} ORDER BY total DESC LIMIT 1")
                                .input("totals", TOTALS)
                                .output(best, TransformMode.REPLACE)
                                .build());

        assertThat(engine.inputsOf(best, top.version()))
                .isEqualTo(Map.of(TOTALS, totals.version()));
        assertThat(engine.inputsOf(TOTALS, totals.version()))
                .isEqualTo(Map.of(ORDERS, ordersVersion));
        assertThat(engine.inputsOf(ORDERS, ordersVersion)).as("written directly").isEmpty();
    }

    private TransformRequest.Builder totals(TransformMode mode) {
        return TransformRequest.builder(TOTALS_SQL).input("orders", ORDERS).output(TOTALS, mode);
    }

    private long order(long id, String customer, String amount) {
        try (MergeSession merge = engine.openMergeSession(ORDERS)) {
            merge.upsert(new Object[] {id, customer, new BigDecimal(amount)});
            return merge.commit().version();
        }
    }

    private List<Object[]> ordersAt(long version) {
        List<Object[]> rows = new ArrayList<>();
        try (RowReader reader =
                engine.read(ORDERS, ScanRequest.builder().version(version).build())) {
            reader.forEachRemaining(rows::add);
        }
        return rows;
    }

    /** The model of the totals: customer to "total|orders", from the orders' rows. */
    private static Map<String, String> model(List<Object[]> orders) {
        Map<String, BigDecimal> totals = new TreeMap<>();
        Map<String, Integer> counts = new TreeMap<>();
        for (Object[] row : orders) {
            totals.merge((String) row[1], (BigDecimal) row[2], BigDecimal::add);
            counts.merge((String) row[1], 1, Integer::sum);
        }
        Map<String, String> model = new TreeMap<>();
        totals.forEach(
                (customer, total) ->
                        model.put(customer, total.setScale(2) + "|" + counts.get(customer)));
        return model;
    }

    private Map<String, String> totalsAt(long version) {
        Map<String, String> rows = new TreeMap<>();
        try (RowReader reader =
                engine.read(TOTALS, ScanRequest.builder().version(version).build())) {
            reader.forEachRemaining(row -> rows.put((String) row[0], row[1] + "|" + row[2]));
        }
        return rows;
    }

    private List<String> rows(TableName table, long version) {
        List<String> rows = new ArrayList<>();
        try (RowReader reader =
                engine.read(table, ScanRequest.builder().version(version).build())) {
            reader.forEachRemaining(row -> rows.add(row[0] + "|" + row[1]));
        }
        return rows;
    }
}
