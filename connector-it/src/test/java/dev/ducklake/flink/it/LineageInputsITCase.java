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

package dev.ducklake.flink.it;

import static dev.ducklake.flink.common.DuckLakeConnectorOptions.DATA_PATH;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.ducklake.engine.EngineRegistry;
import dev.ducklake.engine.LakeEngine;
import dev.ducklake.engine.read.RowReader;
import dev.ducklake.engine.read.ScanRequest;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.testutils.TestSchemas;
import dev.ducklake.engine.version.TableVersion;
import dev.ducklake.engine.write.MergeSession;
import dev.ducklake.flink.common.EngineSpec;
import dev.ducklake.flink.sink.DuckLakeSink;
import dev.ducklake.flink.sink.testutils.DuckDbLakeTestBase;
import dev.ducklake.flink.sink.testutils.FailOnce;
import dev.ducklake.flink.sink.testutils.TestJobs;
import dev.ducklake.flink.source.DuckLakeSource;
import dev.ducklake.flink.source.DuckLakeSourceBuilder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.types.RowKind;
import org.apache.flink.util.Collector;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A job follows table A with the change source (snapshot watermarks), aggregates per group and
 * upserts the totals into table B (lineage input A), with a task failure, while the test commits
 * changes to A in phases and waits for the job to catch up after each. Every version of B records
 * the version of A its job had fully emitted before the checkpoint, and these never go back; where
 * the job had caught up at that checkpoint (A's next version was committed after B's version, so
 * none of it can be in B), B must equal the totals computed here from A's rows at the recorded
 * version.
 */
class LineageInputsITCase extends DuckDbLakeTestBase {

    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = TestJobs.miniCluster(8);

    private static final TableName EVENTS = TableName.of("events");
    private static final TableName TOTALS = TableName.of("totals");
    private static final RowType TOTALS_ROW =
            RowType.of(
                    new LogicalType[] {
                        new VarCharType(false, 20), new BigIntType(), new BigIntType()
                    },
                    new String[] {"grp", "total", "events"});
    private static final int PHASES = 5;
    private static final int VERSIONS_PER_PHASE = 8;

    String dataPath;

    @BeforeEach
    void setUp() {
        dataPath = dir.resolve("data") + "/";
    }

    @Test
    void everyVersionOfTheAggregateRecordsTheVersionOfItsInputItReflects() throws Exception {
        try (EngineRegistry.Lease lease = lease()) {
            LakeEngine engine = lease.engine();
            long created = createEvents(engine);

            StreamExecutionEnvironment env = TestJobs.environment();
            env.fromSource(
                            events().startAfterVersion(created)
                                    .discoveryInterval(Duration.ofMillis(50))
                                    .build(),
                            WatermarkStrategy.noWatermarks(),
                            "events")
                    .setParallelism(2)
                    .keyBy(row -> row.getString(1).toString())
                    .process(new GroupTotals())
                    .returns(InternalTypeInfo.of(TOTALS_ROW))
                    .setParallelism(2)
                    .map(new FailOnce<>(200))
                    .returns(InternalTypeInfo.of(TOTALS_ROW))
                    .sinkTo(totals())
                    .setParallelism(2);
            JobClient job = env.executeAsync("totals with lineage");
            try {
                Random random = new Random(7);
                for (int phase = 0; phase < PHASES; phase++) {
                    long last = 0;
                    for (int i = 0; i < VERSIONS_PER_PHASE; i++) {
                        last = commitChanges(engine, random);
                    }
                    Map<String, String> want = totals(engine, last);
                    await("the totals of version " + last + " of events")
                            .atMost(Duration.ofSeconds(90))
                            .until(
                                    () ->
                                            engine.tableExists(TOTALS)
                                                    ? rows(
                                                            engine,
                                                            TOTALS,
                                                            engine.latestVersion(TOTALS))
                                                    : Map.of(),
                                    want::equals);
                }
            } finally {
                TestJobs.cancel(job);
            }
            assertThat(FailOnce.failures()).as("the induced failure").isEqualTo(1);

            List<Long> eventVersions = new ArrayList<>();
            engine.versions(EVENTS, 0, Integer.MAX_VALUE).forEach(v -> eventVersions.add(v.id()));
            List<TableVersion> totalVersions =
                    new ArrayList<>(engine.versions(TOTALS, 0, Integer.MAX_VALUE));
            Collections.reverse(totalVersions);
            int checked = 0;
            long previous = 0;
            for (TableVersion version : totalVersions) {
                Map<TableName, Long> inputs = engine.inputsOf(TOTALS, version.id());
                if (inputs.isEmpty()) {
                    continue; // the creation, and commits of a job restored before its readers
                    // finished a version
                }
                long read = inputs.get(EVENTS);
                assertThat(eventVersions).as("a version of events").contains(read);
                assertThat(read)
                        .as("recorded inputs never go back")
                        .isGreaterThanOrEqualTo(previous)
                        .isLessThan(version.id());
                previous = read;
                long next =
                        eventVersions.stream()
                                .filter(v -> v > read)
                                .min(Long::compare)
                                .orElse(Long.MAX_VALUE);
                if (next > version.id()) {
                    assertThat(rows(engine, TOTALS, version.id()))
                            .as("totals version %s, events version %s", version.id(), read)
                            .isEqualTo(totals(engine, read));
                    checked++;
                }
            }
            // Each phase ends caught up; its last commit records its last version unless the
            // restart came just before it (a restored reader's announcement may come after its last
            // changes).
            assertThat(checked)
                    .as("versions of totals whose job had caught up")
                    .isGreaterThanOrEqualTo(PHASES - 1);
        }
    }

    @Test
    void aBoundedReadRecordsTheVersionItRead() throws Exception {
        try (EngineRegistry.Lease lease = lease()) {
            LakeEngine engine = lease.engine();
            createEvents(engine);
            Random random = new Random(11);
            long read = 0;
            for (int i = 0; i < 3; i++) {
                read = commitChanges(engine, random);
            }
            commitChanges(engine, random);

            StreamExecutionEnvironment env = TestJobs.environment();
            env.fromSource(
                            events().snapshotAtVersion(read).build(),
                            WatermarkStrategy.noWatermarks(),
                            "events at a version")
                    .keyBy(row -> row.getString(1).toString())
                    .process(new GroupTotals())
                    .returns(InternalTypeInfo.of(TOTALS_ROW))
                    .sinkTo(totals());
            env.execute("totals of a version");

            long version = engine.latestVersion(TOTALS);
            assertThat(engine.inputsOf(TOTALS, version)).isEqualTo(Map.of(EVENTS, read));
            assertThat(rows(engine, TOTALS, version)).isEqualTo(totals(engine, read));
        }
    }

    /** The shared engine on the test's lake. */
    private EngineRegistry.Lease lease() {
        EngineSpec spec = EngineSpec.of(catalog.key()).with(DATA_PATH, dataPath);
        return EngineRegistry.shared().acquire(spec.toEngineConfig());
    }

    /** Creates table A, {@code events}, keyed by {@code id}; returns the version that made it. */
    private static long createEvents(LakeEngine engine) {
        return engine.createTable(
                EVENTS,
                TestSchemas.columns("id BIGINT", "grp VARCHAR", "amount BIGINT")
                        .primaryKey("id")
                        .build());
    }

    /** A source of table A, whose reads record snapshot watermarks. */
    private DuckLakeSourceBuilder events() {
        return DuckLakeSource.builder()
                .catalog(catalog.key())
                .dataPath(dataPath)
                .table("events")
                .snapshotWatermarks(true);
    }

    /** The sink of table B, {@code totals}, upserted by group, whose lineage input is A. */
    private DuckLakeSink<RowData> totals() {
        return DuckLakeSink.forRowData()
                .catalog(catalog.key())
                .dataPath(dataPath)
                .table("totals")
                .rowType(TOTALS_ROW)
                .primaryKey("grp")
                .lineageInputs("main.events")
                .build();
    }

    /** A version of events: a few inserts, updates and deletes. */
    private static long commitChanges(LakeEngine engine, Random random) {
        try (MergeSession merge = engine.openMergeSession(EVENTS)) {
            for (int i = 0; i < 5; i++) {
                long id = random.nextInt(60);
                if (random.nextInt(5) == 0) {
                    merge.deleteKey(id);
                } else {
                    merge.upsert(
                            new Object[] {id, "g" + random.nextInt(6), (long) random.nextInt(100)});
                }
            }
            return merge.commit().version();
        }
    }

    /**
     * The model: each group's total and count of events, from the rows of events at the version.
     */
    private static Map<String, String> totals(LakeEngine engine, long version) {
        Map<String, long[]> sums = new TreeMap<>();
        try (RowReader reader =
                engine.read(EVENTS, ScanRequest.builder().version(version).build())) {
            reader.forEachRemaining(
                    row -> {
                        long[] sum = sums.computeIfAbsent((String) row[1], g -> new long[2]);
                        sum[0] += (Long) row[2];
                        sum[1]++;
                    });
        }
        Map<String, String> totals = new TreeMap<>();
        sums.forEach((group, sum) -> totals.put(group, sum[0] + "|" + sum[1]));
        return totals;
    }

    private static Map<String, String> rows(LakeEngine engine, TableName table, long version) {
        Map<String, String> rows = new TreeMap<>();
        try (RowReader reader =
                engine.read(table, ScanRequest.builder().version(version).build())) {
            reader.forEachRemaining(row -> rows.put((String) row[0], row[1] + "|" + row[2]));
        }
        return rows;
    }

    /**
     * Each group's total and count from the changelog of events: an upsert per change, a delete
     * when empty.
     */
    static final class GroupTotals extends KeyedProcessFunction<String, RowData, RowData> {
        private transient ValueState<long[]> sum;

        @Override
        public void open(OpenContext context) {
            sum = getRuntimeContext().getState(new ValueStateDescriptor<>("sum", long[].class));
        }

        @Override
        public void processElement(RowData change, Context context, Collector<RowData> out)
                throws Exception {
            long[] current = sum.value() == null ? new long[2] : sum.value();
            int sign =
                    change.getRowKind() == RowKind.INSERT
                                    || change.getRowKind() == RowKind.UPDATE_AFTER
                            ? 1
                            : -1;
            current[0] += sign * change.getLong(2);
            current[1] += sign;
            String group = context.getCurrentKey();
            if (current[1] == 0) {
                sum.clear();
                out.collect(
                        GenericRowData.ofKind(
                                RowKind.DELETE, StringData.fromString(group), null, null));
            } else {
                sum.update(current);
                out.collect(
                        GenericRowData.ofKind(
                                RowKind.UPDATE_AFTER,
                                StringData.fromString(group),
                                current[0],
                                current[1]));
            }
        }
    }
}
