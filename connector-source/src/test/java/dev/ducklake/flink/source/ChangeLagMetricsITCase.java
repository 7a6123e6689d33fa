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

package dev.ducklake.flink.source;

import static dev.ducklake.flink.common.DuckLakeConnectorOptions.DATA_PATH;
import static dev.ducklake.flink.source.metrics.DuckLakeSourceMetrics.EMITTED_VERSION_AGE;
import static dev.ducklake.flink.source.metrics.DuckLakeSourceMetrics.VERSIONS_BEHIND;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.ducklake.engine.EngineRegistry;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.write.MergeSession;
import dev.ducklake.flink.common.EngineSpec;
import dev.ducklake.flink.sink.testutils.DuckDbLakeTestBase;
import dev.ducklake.flink.sink.testutils.JobMetrics;
import dev.ducklake.flink.sink.testutils.OrderEvents;
import dev.ducklake.flink.sink.testutils.TestJobs;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.metrics.Gauge;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The change source's lag metrics, as a user alerting on them reads them: while its reader is held
 * back, {@code versionsBehind} counts every version committed since the last one it emitted, and
 * {@code emittedVersionAgeMs} is the age of that version; once it catches up, none is behind and
 * the age is that of the table's latest version.
 */
class ChangeLagMetricsITCase extends DuckDbLakeTestBase {

    static final JobMetrics JOB_METRICS = JobMetrics.retained();

    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = JOB_METRICS.miniCluster(2);

    static final TableName ORDERS = TableName.of("orders");
    static final Duration TIMEOUT = Duration.ofSeconds(60);

    String dataPath;

    @BeforeEach
    void setUp() {
        dataPath = dir.resolve("data") + "/";
    }

    @Test
    void versionsBehindAndTheEmittedVersionsAgeFollowAHeldBackReader() throws Exception {
        long created = createOrders();
        JobClient job = heldBack(source().startAfterVersion(created));
        try {
            upsert("o-1");
            await("the reader held at the first change")
                    .atMost(TIMEOUT)
                    .until(() -> Gate.held.getCount() == 0);
            upsert("o-2");
            upsert("o-3");
            long latest = upsert("o-4");

            await("four versions behind")
                    .atMost(TIMEOUT)
                    .until(() -> gauge(job, VERSIONS_BEHIND) == 4);
            assertThat(ageIs(job, created))
                    .as("the age of the table's creation, the last version emitted")
                    .isTrue();

            releaseAndAwaitCaughtUp(job, latest);
        } finally {
            Gate.release.countDown();
            TestJobs.cancel(job);
        }
    }

    /**
     * A source that starts with the table's rows: until its read of the table at the start version
     * is emitted, that version is behind too, and no version's age is known.
     */
    @Test
    void aReadOfTheTableAtTheStartIsBehindUntilEmitted() throws Exception {
        createOrders();
        upsert("o-1");
        JobClient job = heldBack(source().startupMode(StartupMode.FULL));
        try {
            await("the reader held at the first row")
                    .atMost(TIMEOUT)
                    .until(() -> Gate.held.getCount() == 0);
            upsert("o-2");
            long latest = upsert("o-3");

            await("the start version and two more behind")
                    .atMost(TIMEOUT)
                    .until(() -> gauge(job, VERSIONS_BEHIND) == 3);
            assertThat(gauge(job, EMITTED_VERSION_AGE)).as("no version emitted yet").isEqualTo(-1);

            releaseAndAwaitCaughtUp(job, latest);
        } finally {
            Gate.release.countDown();
            TestJobs.cancel(job);
        }
    }

    private DuckLakeSourceBuilder source() {
        return DuckLakeSource.builder()
                .catalog(catalog.key())
                .dataPath(dataPath)
                .table("orders")
                .rowType(OrderEvents.ROW_TYPE)
                .discoveryInterval(Duration.ofMillis(100));
    }

    /** Runs the source with one reader, held back by a {@link Gate} at its first record. */
    private static JobClient heldBack(DuckLakeSourceBuilder source) throws Exception {
        Gate.reset();
        StreamExecutionEnvironment env = TestJobs.environment();
        env.fromSource(source.build(), WatermarkStrategy.noWatermarks(), "orders changelog")
                .setParallelism(1)
                .map(new Gate())
                .returns(InternalTypeInfo.of(OrderEvents.ROW_TYPE))
                .setParallelism(1)
                .sinkTo(new DiscardingSink<>())
                .setParallelism(1);
        return env.executeAsync("follow the table");
    }

    private void releaseAndAwaitCaughtUp(JobClient job, long latest) {
        Gate.release.countDown();
        await("caught up")
                .atMost(TIMEOUT)
                .until(() -> gauge(job, VERSIONS_BEHIND) == 0 && ageIs(job, latest));
    }

    /** Whether the emitted version's age is the age of {@code version}, give or take a second. */
    private boolean ageIs(JobClient job, long version) {
        long committed;
        try (EngineRegistry.Lease lease = lease()) {
            committed = lease.engine().version(ORDERS, version).committedAt().toEpochMilli();
        }
        long age = gauge(job, EMITTED_VERSION_AGE);
        return Math.abs(age - (System.currentTimeMillis() - committed)) < 1_000;
    }

    private static long gauge(JobClient job, String name) {
        return JOB_METRICS
                .metrics(job.getJobID(), name)
                .findFirst()
                .map(metric -> ((Number) ((Gauge<?>) metric).getValue()).longValue())
                .orElse(Long.MIN_VALUE);
    }

    private long createOrders() {
        try (EngineRegistry.Lease lease = lease()) {
            return lease.engine().createTable(ORDERS, OrderEvents.lakeSchema(true));
        }
    }

    private long upsert(String key) {
        try (EngineRegistry.Lease lease = lease();
                MergeSession merge = lease.engine().openMergeSession(ORDERS)) {
            merge.upsert(new Object[] {key, 1L, BigDecimal.ONE});
            return merge.commit().version();
        }
    }

    private EngineRegistry.Lease lease() {
        return EngineRegistry.shared()
                .acquire(EngineSpec.of(catalog.key()).with(DATA_PATH, dataPath).toEngineConfig());
    }

    /** Holds the first record until released, and with it the reader that emitted it. */
    static final class Gate implements MapFunction<RowData, RowData> {

        static volatile CountDownLatch held;
        static volatile CountDownLatch release;

        static void reset() {
            held = new CountDownLatch(1);
            release = new CountDownLatch(1);
        }

        @Override
        public RowData map(RowData value) throws InterruptedException {
            held.countDown();
            release.await();
            return value;
        }
    }
}
