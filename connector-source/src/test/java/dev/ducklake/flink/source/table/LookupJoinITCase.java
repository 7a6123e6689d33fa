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

import dev.ducklake.engine.EngineRegistry;
import dev.ducklake.engine.LakeEngine;
import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.testutils.TestLakes;
import dev.ducklake.engine.testutils.TestSchemas;
import dev.ducklake.engine.write.MergeSession;
import dev.ducklake.flink.common.EngineSpec;
import dev.ducklake.flink.sink.testutils.NoEngineLeftOpen;
import dev.ducklake.flink.sink.testutils.TestJobs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.connector.source.util.ratelimit.RateLimiterStrategy;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.Schema;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.types.Row;
import org.apache.flink.types.RowKind;
import org.apache.flink.util.CloseableIterator;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Lookup joins against a DuckLake table: while another client updates the table, every joined row
 * was current at most the cache mode's staleness bound before the lookup, for each cache mode;
 * missing keys; lookups on columns that are not the key.
 */
@ExtendWith(NoEngineLeftOpen.class)
class LookupJoinITCase {

    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = TestJobs.miniCluster(4);

    private static final TableName CUSTOMERS = TableName.of("customers");
    private static final int CUSTOMERS_COUNT = 500;

    /** Ids the orders name that no customer has. */
    private static final int MISSING = 50;

    @TempDir Path dir;

    CatalogLocation catalog;

    @BeforeEach
    void setUp() {
        catalog = TestLakes.catalog(CatalogLocation.Kind.DUCKDB, dir);
        try (EngineRegistry.Lease lease =
                EngineRegistry.shared().acquire(spec().toEngineConfig())) {
            LakeEngine engine = lease.engine();
            engine.createTable(
                    CUSTOMERS,
                    TestSchemas.columns("id BIGINT", "rev BIGINT", "tier VARCHAR")
                            .primaryKey("id")
                            .build());
            try (MergeSession merge = engine.openMergeSession(CUSTOMERS)) {
                for (long id = 0; id < CUSTOMERS_COUNT; id++) {
                    merge.upsert(new Object[] {id, 0L, "t" + id % 7});
                }
                merge.commit();
            }
        }
    }

    /**
     * The bounds: none without a cache (each lookup reads the latest version); the reload interval
     * of the full cache, in the heap or on disk; for the partial cache its expire-after-write,
     * counted from when the query that read the row started, up to half a second before the row was
     * cached. The full cache on disk also meets a task failure halfway, which replays the orders
     * from the start and opens a new store, with and without the input shuffled by key (so that
     * each subtask holds only its keys' rows); every store's files are gone when the job ends.
     */
    @ParameterizedTest(name = "lookup.cache = {0} {2}, failure: {3}, shuffled: {4}")
    @CsvSource({
        "NONE, 0, '', false, false",
        "PARTIAL, 1500, ', ''lookup.partial-cache.expire-after-write'' = ''1 s'', ''lookup.partial-cache.max-rows'' = ''10000''', false, false",
        "FULL, 1000, ', ''lookup.full-cache.periodic-reload.interval'' = ''1 s''', false, false",
        "FULL, 1000, ', ''lookup.full-cache.periodic-reload.interval'' = ''1 s'', ''lookup.full-cache.storage'' = ''disk''', true, false",
        "FULL, 1000, ', ''lookup.full-cache.periodic-reload.interval'' = ''1 s'', ''lookup.full-cache.storage'' = ''disk''', true, true"
    })
    void everyJoinedRowWasCurrentWithinTheCachesStalenessBound(
            String cache, long boundMillis, String cacheOptions, boolean failure, boolean shuffled)
            throws Exception {
        Path stores = dir.resolve("lookup-stores");
        // When each customer revision stopped being current: the wall time after the commit that
        // replaced it.
        Map<String, Long> replacedBy = new ConcurrentHashMap<>();
        AtomicBoolean stop = new AtomicBoolean();
        ExecutorService client = Executors.newSingleThreadExecutor();
        Future<Integer> updates = client.submit(() -> updateUntil(stop, replacedBy));
        List<Row> joined = new ArrayList<>();
        FAILED.set(!failure);
        try {
            StreamExecutionEnvironment env = TestJobs.environment();
            env.setParallelism(2);
            StreamTableEnvironment tEnv = StreamTableEnvironment.create(env);
            registerOrders(env, tEnv, 6_000, 1_000);
            tEnv.executeSql(
                    customersDdl(
                            "'lookup.cache' = '"
                                    + cache
                                    + "'"
                                    + cacheOptions
                                    + ", 'lookup.full-cache.disk.directory' = '"
                                    + stores
                                    + "'"));
            try (CloseableIterator<Row> rows =
                    tEnv.executeSql(
                                    "SELECT "
                                            + shuffleHint(shuffled)
                                            + "o.order_id, o.customer_id, o.emitted_at, c.id,"
                                            + " c.rev FROM orders AS o LEFT JOIN customers FOR SYSTEM_TIME AS OF o.proc_time AS c"
                                            + " ON o.customer_id = c.id")
                            .collect()) {
                rows.forEachRemaining(joined::add);
            }
        } finally {
            stop.set(true);
            client.shutdown();
        }
        assertThat(updates.get()).as("versions the other client committed").isGreaterThan(5);
        assertThat(FAILED).as("the induced failure happened").isTrue();

        if (failure) {
            assertThat(joined.stream().map(row -> row.getField(0)).distinct())
                    .as("every order joined, those before the failure again after it")
                    .hasSize(6_000);
        } else {
            assertThat(joined).hasSize(6_000);
        }
        if (Files.exists(stores)) {
            try (Stream<Path> left = Files.list(stores)) {
                assertThat(left).as("files the full caches left on disk").isEmpty();
            }
        }
        long refreshed = 0;
        for (Row row : joined) {
            long customer = (Long) row.getField(1);
            if (customer >= CUSTOMERS_COUNT) {
                assertThat(row.getField(3)).as("a missing key joins no row: %s", row).isNull();
                continue;
            }
            assertThat(row.getField(3))
                    .as("an existing key joins its row: %s", row)
                    .isEqualTo(customer);
            long rev = (Long) row.getField(4);
            refreshed += rev > 0 ? 1 : 0;
            Long replaced = replacedBy.get(customer + ":" + rev);
            long emitted = (Long) row.getField(2);
            assertThat(replaced == null || replaced >= emitted - boundMillis)
                    .as(
                            "%s: revision %s of customer %s was replaced at %s, more than %s ms before the order was"
                                    + " emitted at %s",
                            cache, rev, customer, replaced, boundMillis, emitted)
                    .isTrue();
        }
        assertThat(refreshed)
                .as("orders joined with a revision written while the job ran")
                .isPositive();
    }

    @ParameterizedTest(name = "lookup.cache = {0}, shuffled: {1}")
    @CsvSource({"NONE, false", "FULL, false", "FULL, true"})
    void aLookupOnColumnsThatAreNotTheKeyJoinsEveryMatchingRow(String cache, boolean shuffled)
            throws Exception {
        // Two subtasks of the join: with the shuffle, each holds the rows of its tiers.
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(2);
        StreamTableEnvironment tEnv = StreamTableEnvironment.create(env);
        tEnv.executeSql(customersDdl("'lookup.cache' = '" + cache + "'"));
        String[] tiers = {"t0", "t3", "t9"};
        tEnv.createTemporaryView(
                "tier_stream",
                env.fromSource(
                        new DataGeneratorSource<>(
                                i -> tiers[i.intValue()], tiers.length, Types.STRING),
                        WatermarkStrategy.noWatermarks(),
                        "tiers"));
        tEnv.executeSql(
                "CREATE TEMPORARY VIEW tiers AS SELECT f0 AS tier, PROCTIME() AS proc_time FROM"
                        + " tier_stream");
        assertThat(finalTotals(tEnv, shuffled, ""))
                .as(cache)
                .isEqualTo(tierTotals(CUSTOMERS_COUNT));
        // A condition of the join on the table's own column, which Flink pushes into the
        // lookup.
        assertThat(finalTotals(tEnv, shuffled, " AND c.id < 100"))
                .as(cache + ", id < 100")
                .isEqualTo(tierTotals(100));
    }

    /** Each tier's last count and sum of the customers joined to it (t9 has none). */
    private static Map<String, String> finalTotals(
            TableEnvironment tEnv, boolean shuffled, String condition) throws Exception {
        Map<String, String> totals = new TreeMap<>();
        try (CloseableIterator<Row> it =
                tEnv.executeSql(
                                "SELECT "
                                        + shuffleHint(shuffled)
                                        + "t.tier, COUNT(c.id), SUM(c.id) FROM tiers AS t"
                                        + " JOIN customers FOR SYSTEM_TIME AS OF t.proc_time AS c ON t.tier = c.tier"
                                        + condition
                                        + " GROUP BY t.tier")
                        .collect()) {
            it.forEachRemaining(
                    row -> {
                        if (row.getKind() == RowKind.INSERT
                                || row.getKind() == RowKind.UPDATE_AFTER) {
                            totals.put(
                                    (String) row.getField(0),
                                    row.getField(1) + "/" + row.getField(2));
                        }
                    });
        }
        return totals;
    }

    /** Per tier t0 and t3: the count and sum of the customer ids below {@code end} in the tier. */
    private static Map<String, String> tierTotals(long end) {
        Map<String, String> totals = new TreeMap<>();
        for (int tier : new int[] {0, 3}) {
            long count = 0;
            long sum = 0;
            for (long id = tier; id < end; id += 7) {
                count++;
                sum += id;
            }
            totals.put("t" + tier, count + "/" + sum);
        }
        return totals;
    }

    /**
     * Replaces random customers' rows with their next revision, a commit at a time, until stopped.
     */
    private int updateUntil(AtomicBoolean stop, Map<String, Long> replacedBy) {
        Random random = new Random(17);
        long[] revs = new long[CUSTOMERS_COUNT];
        int commits = 0;
        try (EngineRegistry.Lease lease =
                EngineRegistry.shared().acquire(spec().toEngineConfig())) {
            while (!stop.get()) {
                List<String> replaced = new ArrayList<>();
                try (MergeSession merge = lease.engine().openMergeSession(CUSTOMERS)) {
                    for (int i = 0; i < 20; i++) {
                        int id = random.nextInt(CUSTOMERS_COUNT);
                        replaced.add(id + ":" + revs[id]);
                        revs[id]++;
                        merge.upsert(new Object[] {(long) id, revs[id], "t" + id % 7});
                    }
                    merge.commit();
                }
                long now = System.currentTimeMillis();
                replaced.forEach(revision -> replacedBy.putIfAbsent(revision, now));
                commits++;
            }
        }
        return commits;
    }

    /** The hint that partitions the join's input by the lookup key, if {@code shuffled}. */
    private static String shuffleHint(boolean shuffled) {
        return shuffled ? "/*+ LOOKUP('table'='c', 'shuffle'='true') */ " : "";
    }

    /** Whether the one induced failure happened, or none is wanted. */
    private static final AtomicBoolean FAILED = new AtomicBoolean();

    /** Fails the task once, halfway through the orders, unless {@link #FAILED} is set. */
    private static Row failOnce(Row order) {
        if ((Long) order.getField(0) == 3_000 && FAILED.compareAndSet(false, true)) {
            throw new IllegalStateException("Induced failure at order 3,000");
        }
        return order;
    }

    private static void registerOrders(
            StreamExecutionEnvironment env,
            StreamTableEnvironment tEnv,
            long count,
            double perSecond) {
        TypeInformation<Row> type =
                Types.ROW_NAMED(
                        new String[] {"order_id", "customer_id", "emitted_at"},
                        Types.LONG,
                        Types.LONG,
                        Types.LONG);
        DataGeneratorSource<Row> orders =
                new DataGeneratorSource<>(
                        i ->
                                Row.of(
                                        i,
                                        (i * 7919) % (CUSTOMERS_COUNT + MISSING),
                                        System.currentTimeMillis()),
                        count,
                        RateLimiterStrategy.perSecond(perSecond),
                        type);
        DataStream<Row> stream =
                env.fromSource(orders, WatermarkStrategy.noWatermarks(), "orders")
                        .map(LookupJoinITCase::failOnce)
                        .returns(type);
        tEnv.createTemporaryView(
                "orders",
                stream,
                Schema.newBuilder()
                        .column("order_id", DataTypes.BIGINT())
                        .column("customer_id", DataTypes.BIGINT())
                        .column("emitted_at", DataTypes.BIGINT())
                        .columnByExpression("proc_time", "PROCTIME()")
                        .build());
    }

    private String customersDdl(String options) {
        return "CREATE TABLE customers (id BIGINT NOT NULL, rev BIGINT, tier STRING, PRIMARY KEY (id) NOT ENFORCED)"
                + " WITH ('connector' = 'ducklake', 'catalog' = '"
                + catalog.key()
                + "', 'data-path' = '"
                + dir.resolve("data")
                + "/', "
                + options
                + ")";
    }

    private EngineSpec spec() {
        return EngineSpec.of(catalog.key()).with(DATA_PATH, dir.resolve("data") + "/");
    }
}
