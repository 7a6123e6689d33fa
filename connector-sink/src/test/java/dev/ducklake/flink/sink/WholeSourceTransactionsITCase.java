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

package dev.ducklake.flink.sink;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.testutils.TestLakes;
import dev.ducklake.flink.cdc.ChangeRecord;
import dev.ducklake.flink.cdc.ChangeRecordTypeInfo;
import dev.ducklake.flink.cdc.transaction.OverdueTransactionPolicy;
import dev.ducklake.flink.cdc.transaction.SourceTransactionEvent;
import dev.ducklake.flink.cdc.transaction.SourceTransactionEventTypeInfo;
import dev.ducklake.flink.cdc.transaction.SourceTransactions;
import dev.ducklake.flink.sink.testutils.FailOnce;
import dev.ducklake.flink.sink.testutils.LakeContents;
import dev.ducklake.flink.sink.testutils.LakeContents.SinkSnapshot;
import dev.ducklake.flink.sink.testutils.NoEngineLeftOpen;
import dev.ducklake.flink.sink.testutils.OrderTransactions;
import dev.ducklake.flink.sink.testutils.TestJobs;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.connector.source.util.ratelimit.RateLimiterStrategy;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.connector.datagen.source.GeneratorFunction;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Source transactions whose changes come through three topics read at their own pace (orders, order
 * lines, transaction ends; {@link OrderTransactions}) into the change sink on a MiniCluster.
 * Released whole by {@link SourceTransactions#whole}, with a task failure after a completed
 * checkpoint, every snapshot the job wrote holds each order with its own lines (read with plain
 * DuckDB's time travel), and the end equals the model. Released as they arrive, some snapshot
 * breaks that invariant, so the check can fail.
 */
@ExtendWith(NoEngineLeftOpen.class)
class WholeSourceTransactionsITCase {

    private static final long TRANSACTIONS = 6_000;
    private static final int ORDERS = 200;
    private static final int PER_SECOND = 1_000;

    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = TestJobs.miniCluster(4);

    @TempDir Path dir;

    CatalogLocation catalog;
    final OrderTransactions shop = new OrderTransactions(ORDERS);

    @BeforeEach
    void setUp() {
        catalog = TestLakes.catalog(CatalogLocation.Kind.DUCKDB, dir);
        FailOnce.reset();
    }

    @Test
    void everySnapshotHoldsWholeSourceTransactionsThroughATaskFailure() throws Exception {
        StreamExecutionEnvironment env = TestJobs.environment();
        SourceTransactions.whole(events(env), Duration.ofMinutes(1), OverdueTransactionPolicy.FAIL)
                .map(new FailOnce<ChangeRecord>(5_000))
                .returns(ChangeRecordTypeInfo.INSTANCE)
                .sinkTo(sink());
        env.execute("whole transactions");

        assertThat(FailOnce.failures()).isOne();
        assertThat(orders()).isEqualTo(shop.expectedOrders(TRANSACTIONS));
        List<Long> broken = snapshotsBreakingTheInvariant();
        assertThat(broken).as("snapshots where an order's total is not its lines' sum").isEmpty();
    }

    @Test
    void recordsReleasedAsTheyArriveBreakTheInvariantAtSomeSnapshot() throws Exception {
        StreamExecutionEnvironment env = TestJobs.environment();
        SourceTransactions.asTheyArrive(events(env)).sinkTo(sink());
        env.execute("changes as they arrive");

        assertThat(orders()).isEqualTo(shop.expectedOrders(TRANSACTIONS));
        assertThat(snapshotsBreakingTheInvariant()).isNotEmpty();
    }

    /** The three topics, each read by a source of its own at the same transaction rate. */
    private DataStream<SourceTransactionEvent> events(StreamExecutionEnvironment env) {
        return topic(env, "orders", shop.orderChanges(), 1)
                .union(
                        topic(env, "order lines", shop.lineChanges(), OrderTransactions.LINES),
                        topic(env, "transactions", shop.ends(), 1));
    }

    private static DataStream<SourceTransactionEvent> topic(
            StreamExecutionEnvironment env,
            String name,
            GeneratorFunction<Long, SourceTransactionEvent> events,
            int perTransaction) {
        return env.fromSource(
                new DataGeneratorSource<>(
                        events,
                        TRANSACTIONS * perTransaction,
                        RateLimiterStrategy.perSecond(PER_SECOND * perTransaction),
                        SourceTransactionEventTypeInfo.INSTANCE),
                WatermarkStrategy.noWatermarks(),
                name);
    }

    private DuckLakeChangeSink sink() {
        return DuckLakeSink.forChangeRecords()
                .catalog(catalog.key())
                .dataPath(dir.resolve("data") + "/")
                .memoryLimit("512MB")
                .build();
    }

    private Map<Long, List<Long>> orders() throws Exception {
        Map<Long, List<Long>> rows = new TreeMap<>();
        for (List<Object> row :
                LakeContents.rows(catalog, dir, "SELECT id, total, tx FROM plain.shop.orders")) {
            rows.put((Long) row.get(0), row.stream().map(Long.class::cast).toList());
        }
        return rows;
    }

    /**
     * The snapshots the job wrote at which some order's total is not the sum of its lines, or its
     * lines come from another transaction than it, or lines have no order.
     */
    private List<Long> snapshotsBreakingTheInvariant() throws Exception {
        List<SinkSnapshot> snapshots = LakeContents.sinkSnapshots(catalog, dir);
        assertThat(snapshots.size()).isGreaterThan(4);
        List<Long> broken = new ArrayList<>();
        try (Connection plain = TestLakes.plainDuckDb(catalog, dir);
                Statement st = plain.createStatement()) {
            for (SinkSnapshot snapshot : snapshots) {
                String at = " AT (VERSION => " + snapshot.snapshotId() + ")";
                try (ResultSet rs =
                        st.executeQuery(
                                "SELECT count(*) FROM (SELECT * FROM plain.shop.orders"
                                        + at
                                        + ") o FULL JOIN"
                                        + " (SELECT order_id, sum(amount) AS total, min(tx) AS first, max(tx) AS last, count(*) AS n"
                                        + " FROM plain.shop.order_lines"
                                        + at
                                        + " GROUP BY order_id) l ON o.id = l.order_id"
                                        + " WHERE o.id IS NULL OR l.order_id IS NULL OR o.total <> l.total OR o.tx <> l.first"
                                        + " OR o.tx <> l.last OR l.n <> "
                                        + OrderTransactions.LINES)) {
                    rs.next();
                    if (rs.getLong(1) > 0) {
                        broken.add(snapshot.snapshotId());
                    }
                }
            }
        }
        return broken;
    }
}
