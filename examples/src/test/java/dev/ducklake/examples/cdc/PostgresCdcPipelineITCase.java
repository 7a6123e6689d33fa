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

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.testutils.TestLakes;
import dev.ducklake.flink.cdc.ChangeRecord;
import dev.ducklake.flink.cdc.ChangeRecordTypeInfo;
import dev.ducklake.flink.sink.testutils.FailOnce;
import dev.ducklake.testing.cdc.DebeziumConnector;
import dev.ducklake.testing.cdc.KafkaServer;
import dev.ducklake.testing.postgres.PostgresServer;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The whole CDC pipeline on loopback, every part real: {@link ShopWorkload}'s transactions on
 * PostgreSQL, Debezium's PostgreSQL connector publishing into a Kafka broker, Flink's Kafka source,
 * and the change sink into a lake on a PostgreSQL catalog. With whole source transactions, beside a
 * second connection whose transactions interleave with the workload's in the WAL, through a schema
 * change, a Flink task failure after a completed checkpoint, a Kafka broker restart, a Debezium
 * crash (which re-sends what it published since its last flushed offsets) and a clean Debezium
 * restart, every lake table ends equal to its PostgreSQL table, and at every snapshot the job wrote
 * the workload's cross-table invariants hold. With changes as they arrive, some snapshot breaks
 * them.
 */
class PostgresCdcPipelineITCase {

    private static final long TRANSACTIONS = 50_000;
    private static final List<String> AUDITED_TABLES =
            List.of("shop.customers", "shop.orders", "shop.order_lines", "shop.audit");

    @TempDir Path dir;

    String source;
    String sourceJdbc;
    String slot;
    CatalogLocation lake;
    KafkaServer kafka;
    DebeziumConnector debezium;

    @BeforeEach
    void setUp() {
        source = PostgresServer.createDatabase();
        sourceJdbc = PostgresServer.jdbcUrl(source) + "?user=postgres";
        slot = "ducklake_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        lake = TestLakes.catalog(CatalogLocation.Kind.POSTGRES, dir);
        kafka = KafkaServer.start(dir.resolve("kafka"));
        FailOnce.reset();
    }

    @AfterEach
    void tearDown() throws Exception {
        if (debezium != null) {
            debezium.close();
        }
        if (kafka != null) {
            kafka.close();
        }
        PipelineDatabases.dropSlot(sourceJdbc, slot);
        PostgresServer.dropDatabase(source);
    }

    @Test
    void
            everySnapshotHoldsWholeSourceTransactionsThroughASchemaChangeAndFaultsOfFlinkKafkaAndDebezium()
                    throws Exception {
        ShopWorkload workload = new ShopWorkload(sourceJdbc, 21);
        workload.createSchema();
        execute("CREATE TABLE shop.audit (id BIGINT PRIMARY KEY, note TEXT NOT NULL)");
        Map<String, String> settings =
                new HashMap<>(PipelineDatabases.debeziumSettings(sourceJdbc, "shop", slot));
        // Offsets flushed every 5 s: a crash re-sends the events of up to 5 s.
        settings.put("offset.flush.interval.ms", "5000");
        debezium =
                DebeziumConnector.start(
                        dir.resolve("debezium"), settings, kafka.bootstrapServers());
        AtomicLong done = new AtomicLong();
        CompletableFuture<Void> transactions =
                CompletableFuture.runAsync(
                        () -> {
                            try {
                                workload.run(TRANSACTIONS, TRANSACTIONS / 2, done::set);
                            } catch (SQLException e) {
                                throw new IllegalStateException(e);
                            }
                        });
        // Transactions of a second connection that span the workload's commits: their changes
        // interleave with the workload's in the WAL, while their commits keep commit order.
        AtomicBoolean auditing = new AtomicBoolean(true);
        long interleaved;
        CompletableFuture<Long> audits = CompletableFuture.supplyAsync(() -> audit(auditing));
        JobClient job = job(true, new FailOnce<>(100_000)).executeAsync("CDC pipeline");
        try {
            awaitWhileRunning(job, "a Flink task failure", Duration.ofMinutes(3))
                    .until(() -> FailOnce.failures() == 1);
            awaitWhileRunning(job, "a fifth of the workload", Duration.ofMinutes(3))
                    .until(() -> done.get() >= TRANSACTIONS / 5);
            kafka.stop();
            kafka.start();
            awaitWhileRunning(job, "half of the workload", Duration.ofMinutes(3))
                    .until(() -> done.get() >= TRANSACTIONS / 2);
            debezium.kill();
            debezium.start();
            awaitWhileRunning(job, "three quarters of the workload", Duration.ofMinutes(3))
                    .until(() -> done.get() >= TRANSACTIONS * 3 / 4);
            debezium.stop();
            debezium.start();
            transactions.get();
            auditing.set(false);
            interleaved = audits.get();
            assertThat(interleaved).isPositive();
            awaitWhileRunning(job, "the lake to catch up with PostgreSQL", Duration.ofMinutes(5))
                    .pollInterval(Duration.ofSeconds(2))
                    .until(
                            () -> {
                                try (ShopComparison comparison = comparison()) {
                                    return comparison.differing(AUDITED_TABLES).isEmpty();
                                }
                            });
        } finally {
            auditing.set(false);
            CdcPipelineJob.stop(job);
        }
        List<Long> snapshots;
        List<Long> broken;
        try (ShopComparison comparison = comparison()) {
            snapshots = comparison.sinkSnapshots();
            broken = comparison.snapshotsBreakingInvariants(snapshots);
        }
        System.out.printf(
                "CDC pipeline: %d source transactions and %d interleaved ones, %d lake snapshots, %d breaking"
                        + " an invariant%n",
                TRANSACTIONS, interleaved, snapshots.size(), broken.size());
        assertThat(broken)
                .as("snapshots where an invariant of the source's transactions breaks")
                .isEmpty();
        assertThat(snapshots.size()).isGreaterThan(10);
    }

    @Test
    void changesReleasedAsTheyArriveBreakTheInvariantsAtSomeSnapshot() throws Exception {
        ShopWorkload workload = new ShopWorkload(sourceJdbc, 22);
        workload.createSchema();
        debezium =
                DebeziumConnector.start(
                        dir.resolve("debezium"),
                        PipelineDatabases.debeziumSettings(sourceJdbc, "shop", slot),
                        kafka.bootstrapServers());
        JobClient job = job(false, null).executeAsync("CDC pipeline, changes as they arrive");
        try {
            workload.run(5_000, 2_500, done -> {});
            awaitWhileRunning(job, "the lake to catch up with PostgreSQL", Duration.ofMinutes(5))
                    .pollInterval(Duration.ofSeconds(2))
                    .until(this::lakeEqualsSource);
        } finally {
            CdcPipelineJob.stop(job);
        }
        try (ShopComparison comparison = comparison()) {
            List<Long> snapshots = comparison.sinkSnapshots();
            List<Long> broken = comparison.snapshotsBreakingInvariants(snapshots);
            System.out.printf(
                    "CDC pipeline, changes as they arrive: %d lake snapshots, %d breaking an invariant%n",
                    snapshots.size(), broken.size());
            assertThat(broken).isNotEmpty();
        }
    }

    private StreamExecutionEnvironment job(
            boolean wholeTransactions, FailOnce<ChangeRecord> failure) {
        Configuration conf = CdcPipelineJob.checkpointsIn(dir.resolve("checkpoints"));
        conf.set(RestartStrategyOptions.RESTART_STRATEGY, "fixed-delay");
        conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_ATTEMPTS, 10);
        conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_DELAY, Duration.ofMillis(500));
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        env.enableCheckpointing(500);
        env.setParallelism(1);
        DataStream<ChangeRecord> changes =
                CdcPipelineJob.changes(env, kafka.bootstrapServers(), "shop", wholeTransactions);
        if (failure != null) {
            changes = changes.map(failure).returns(ChangeRecordTypeInfo.INSTANCE);
        }
        changes.sinkTo(CdcPipelineJob.sink(lake.key(), dir.resolve("data") + "/"));
        return env;
    }

    /** A wait that fails at once, with the job's own failure, if the job ends first. */
    private static ConditionFactory awaitWhileRunning(
            JobClient job, String condition, Duration atMost) {
        return await(condition)
                .atMost(atMost)
                .failFast("the Flink job ended", () -> CdcPipelineJob.requireRunning(job));
    }

    /**
     * Runs transactions of two statements, a short pause between them, until told to stop; returns
     * how many.
     */
    private long audit(AtomicBoolean auditing) {
        long id = 0;
        try (Connection connection = DriverManager.getConnection(sourceJdbc);
                PreparedStatement insert =
                        connection.prepareStatement("INSERT INTO shop.audit VALUES (?, 'opened')");
                Statement pause = connection.createStatement();
                PreparedStatement close =
                        connection.prepareStatement(
                                "UPDATE shop.audit SET note = 'closed' WHERE id = ?")) {
            connection.setAutoCommit(false);
            while (auditing.get()) {
                insert.setLong(1, ++id);
                insert.executeUpdate();
                pause.execute("SELECT pg_sleep(0.002)");
                close.setLong(1, id);
                close.executeUpdate();
                connection.commit();
            }
            return id;
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private void execute(String sql) throws SQLException {
        try (Connection connection = DriverManager.getConnection(sourceJdbc);
                Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }

    private ShopComparison comparison() throws SQLException {
        return new ShopComparison(sourceJdbc, lake.key(), dir.resolve("data") + "/");
    }

    private boolean lakeEqualsSource() throws SQLException {
        try (ShopComparison comparison = comparison()) {
            return comparison.differingTables().isEmpty();
        }
    }
}
