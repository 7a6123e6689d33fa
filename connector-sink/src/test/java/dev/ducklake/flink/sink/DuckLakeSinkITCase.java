package dev.ducklake.flink.sink;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ducklake.engine.CatalogLocation;
import dev.ducklake.engine.EngineRegistry;
import dev.ducklake.engine.testutils.TestLakes;
import dev.ducklake.flink.sink.testutils.FailOnce;
import dev.ducklake.flink.sink.testutils.LakeContents;
import dev.ducklake.flink.sink.testutils.LakeContents.SinkSnapshot;
import dev.ducklake.flink.sink.testutils.OrderEvents;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Exactly-once writes through the DataStream API on a MiniCluster, checked with plain DuckDB. */
class DuckLakeSinkITCase {

    @RegisterExtension
    static final MiniClusterExtension MINI_CLUSTER = new MiniClusterExtension(
            new MiniClusterResourceConfiguration.Builder().setNumberTaskManagers(1).setNumberSlotsPerTaskManager(4)
                    .build());

    @TempDir
    Path dir;

    CatalogLocation catalog;

    @BeforeEach
    void setUp() {
        catalog = TestLakes.catalog(CatalogLocation.Kind.DUCKDB, dir);
        FailOnce.reset();
    }

    @AfterEach
    void nothingLeftOpen() {
        assertThat(EngineRegistry.shared().openEngines()).isZero();
    }

    @ParameterizedTest(name = "parallelism {0}")
    @ValueSource(ints = {1, 4})
    void appendsEveryRowOnceAcrossAFailureAfterACheckpoint(int parallelism) throws Exception {
        long count = 30_000;
        StreamExecutionEnvironment env = environment();
        env.fromSource(OrderEvents.source(OrderEvents::append, count, 10_000), WatermarkStrategy.noWatermarks(),
                        "orders")
                .map(new FailOnce<>(count / 2)).returns(InternalTypeInfo.of(OrderEvents.ROW_TYPE))
                .sinkTo(sink("orders").build()).setParallelism(parallelism);
        env.execute("append with a failure");

        assertThat(FailOnce.failures()).isEqualTo(1);
        assertThat(LakeContents.rowsByFirstColumn(catalog, dir, "orders")).isEqualTo(expectedRows(
                OrderEvents.expectedAppend(count)));
        assertOneSnapshotPerCheckpoint();
        assertStagingEmpty();
    }

    @ParameterizedTest(name = "parallelism {0}")
    @ValueSource(ints = {1, 4})
    void upsertsLeaveEveryKeyAtItsLastValueAcrossAFailureAfterACheckpoint(int parallelism) throws Exception {
        long count = 30_000;
        int keys = 1_000;
        StreamExecutionEnvironment env = environment();
        env.fromSource(OrderEvents.source(i -> OrderEvents.upsert(i, keys), count, 10_000),
                        WatermarkStrategy.noWatermarks(), "order changes")
                .map(new FailOnce<>(count / 2)).returns(InternalTypeInfo.of(OrderEvents.ROW_TYPE))
                .sinkTo(sink("orders").primaryKey("order_id").build()).setParallelism(parallelism);
        env.execute("upsert with a failure");

        assertThat(FailOnce.failures()).isEqualTo(1);
        assertThat(LakeContents.rowsByFirstColumn(catalog, dir, "orders")).isEqualTo(expectedRows(
                OrderEvents.expectedUpsert(count, keys)));
        assertOneSnapshotPerCheckpoint();
        assertStagingEmpty();
    }

    private StreamExecutionEnvironment environment() {
        Configuration conf = new Configuration();
        conf.set(RestartStrategyOptions.RESTART_STRATEGY, "fixed-delay");
        conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_ATTEMPTS, 3);
        conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_DELAY, Duration.ofMillis(100));
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        env.enableCheckpointing(200);
        env.setParallelism(1);
        return env;
    }

    private DuckLakeSinkBuilder<RowData> sink(String table) {
        return DuckLakeSink.forRowData()
                .catalog(catalog.key())
                .dataPath(dir.resolve("data") + "/")
                .table(table)
                .rowType(OrderEvents.ROW_TYPE)
                .memoryLimit("256MB");
    }

    /** The model's rows as plain DuckDB returns them (DECIMAL as BigDecimal, BIGINT as Long). */
    private static Map<String, List<Object>> expectedRows(Map<String, List<Object>> model) {
        return model.entrySet().stream().collect(Collectors.toMap(Map.Entry::getKey,
                e -> List.of(e.getValue().get(0), e.getValue().get(1), (BigDecimal) e.getValue().get(2)),
                (a, b) -> a, java.util.TreeMap::new));
    }

    private void assertOneSnapshotPerCheckpoint() throws Exception {
        List<SinkSnapshot> snapshots = LakeContents.sinkSnapshots(catalog, dir);
        assertThat(snapshots).isNotEmpty();
        assertThat(snapshots.stream().map(SinkSnapshot::checkpointId)).doesNotHaveDuplicates();
        assertThat(snapshots.stream().map(SinkSnapshot::commitKey)).allMatch(k -> !k.isEmpty());
    }

    private void assertStagingEmpty() throws Exception {
        Path staging = dir.resolve("data.flink-staging");
        if (Files.exists(staging)) {
            try (Stream<Path> files = Files.walk(staging)) {
                assertThat(files.filter(Files::isRegularFile)).isEmpty();
            }
        }
    }
}
