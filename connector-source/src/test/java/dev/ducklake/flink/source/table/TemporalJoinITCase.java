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
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.Schema;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * An event-time temporal join of a stream with a keyed DuckLake table read as a changelog with its
 * commit times: each event joins the row that was current at the event's time, as a model of the
 * table's history says, through updates and deletes between events.
 */
@ExtendWith(NoEngineLeftOpen.class)
class TemporalJoinITCase {

    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = TestJobs.miniCluster(4);

    private static final TableName RATES = TableName.of("rates");
    private static final List<String> CURRENCIES = List.of("EUR", "USD", "GBP", "JPY", "CHF");

    @TempDir Path dir;

    @Test
    @Timeout(value = 300, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void eachEventJoinsTheRowCurrentAtItsTime() throws Exception {
        CatalogLocation catalog = TestLakes.catalog(CatalogLocation.Kind.DUCKDB, dir);
        EngineSpec spec = EngineSpec.of(catalog.key()).with(DATA_PATH, dir.resolve("data") + "/");
        Random random = new Random(19);
        // The table's history: its rows after each version, by commit time in milliseconds.
        TreeMap<Long, Map<String, Long>> history = new TreeMap<>();
        long created;
        try (EngineRegistry.Lease lease = EngineRegistry.shared().acquire(spec.toEngineConfig())) {
            LakeEngine engine = lease.engine();
            created =
                    engine.createTable(
                            RATES,
                            TestSchemas.columns("currency VARCHAR", "rate BIGINT")
                                    .primaryKey("currency")
                                    .build());
            Map<String, Long> rows = new HashMap<>();
            long lastMillis = engine.version(RATES, created).committedAt().toEpochMilli();
            for (int v = 0; v < 20; v++) {
                // Distinct commit milliseconds, so that the history orders every version.
                while (System.currentTimeMillis() <= lastMillis + 1) {
                    Thread.onSpinWait();
                }
                long version;
                try (MergeSession merge = engine.openMergeSession(RATES)) {
                    for (String currency : CURRENCIES) {
                        int action = random.nextInt(4);
                        if (action == 0 && rows.containsKey(currency)) {
                            merge.deleteKey(currency);
                            rows.remove(currency);
                        } else if (action >= 2 || v == 0) {
                            long rate = 100L * v + random.nextInt(100);
                            merge.upsert(new Object[] {currency, rate});
                            rows.put(currency, rate);
                        }
                    }
                    version = merge.commit().version();
                }
                lastMillis = engine.version(RATES, version).committedAt().toEpochMilli();
                history.put(lastMillis, Map.copyOf(rows));
            }
        }
        List<Row> events = new ArrayList<>();
        long first = history.firstKey();
        long last = history.lastKey();
        for (long id = 0; id < 400; id++) {
            String currency =
                    id % 50 == 0 ? "XXX" : CURRENCIES.get(random.nextInt(CURRENCIES.size()));
            events.add(
                    Row.of(
                            id,
                            currency,
                            first - 2 + (long) random.nextInt((int) (last - first + 5))));
        }
        List<String> expected = new ArrayList<>();
        List<String> withLatestRows = new ArrayList<>();
        for (Row event : events) {
            Map.Entry<Long, Map<String, Long>> current =
                    history.floorEntry((Long) event.getField(2));
            Long rate = current == null ? null : current.getValue().get((String) event.getField(1));
            if (rate != null) {
                expected.add(
                        "+I[" + event.getField(0) + ", " + event.getField(1) + ", " + rate + "]");
            }
            Long latest = history.lastEntry().getValue().get((String) event.getField(1));
            if (latest != null) {
                withLatestRows.add(
                        "+I[" + event.getField(0) + ", " + event.getField(1) + ", " + latest + "]");
            }
        }
        assertThat(expected)
                .as("a join with the latest rows would differ")
                .isNotEqualTo(withLatestRows);

        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(2);
        StreamTableEnvironment tEnv = StreamTableEnvironment.create(env);
        DataStream<Row> orders =
                env.fromData(
                                events,
                                Types.ROW_NAMED(
                                        new String[] {"id", "currency", "t"},
                                        Types.LONG,
                                        Types.STRING,
                                        Types.LONG))
                        .assignTimestampsAndWatermarks(
                                WatermarkStrategy.<Row>forBoundedOutOfOrderness(Duration.ofHours(1))
                                        .withTimestampAssigner(
                                                (row, previous) -> (Long) row.getField(2)));
        tEnv.createTemporaryView(
                "orders",
                orders,
                Schema.newBuilder()
                        .column("id", DataTypes.BIGINT())
                        .column("currency", DataTypes.STRING())
                        .column("t", DataTypes.BIGINT())
                        .columnByMetadata("event_time", DataTypes.TIMESTAMP_LTZ(3), "rowtime")
                        .watermark("event_time", "SOURCE_WATERMARK()")
                        .build());
        // The table's changelog from its creation, each change at its version's commit time.
        tEnv.executeSql(
                "CREATE TABLE rates (currency STRING NOT NULL, rate BIGINT,"
                        + " commit_time TIMESTAMP_LTZ(3) METADATA FROM 'commit_timestamp' VIRTUAL,"
                        + " PRIMARY KEY (currency) NOT ENFORCED, WATERMARK FOR commit_time AS commit_time)"
                        + " WITH ('connector' = 'ducklake', 'catalog' = '"
                        + catalog.key()
                        + "', 'data-path' = '"
                        + dir.resolve("data")
                        + "/', 'scan.startup.mode' = 'version', 'scan.startup.version' = '"
                        + created
                        + "')");

        List<String> joined = new ArrayList<>();
        // The table source never ends: its readers go idle once they have read every version, which
        // lets the join's watermark follow the events'.
        try (CloseableIterator<Row> rows =
                tEnv.executeSql(
                                "SELECT o.id, o.currency, r.rate FROM orders AS o"
                                        + " JOIN rates FOR SYSTEM_TIME AS OF o.event_time AS r ON o.currency = r.currency")
                        .collect()) {
            while (joined.size() < expected.size() && rows.hasNext()) {
                joined.add(rows.next().toString());
            }
        }
        assertThat(joined).containsExactlyInAnyOrderElementsOf(expected);
    }
}
