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
import dev.ducklake.engine.testutils.TestLakes;
import dev.ducklake.flink.common.EngineSpec;
import dev.ducklake.flink.sink.testutils.NoEngineLeftOpen;
import dev.ducklake.flink.sink.testutils.TestJobs;
import dev.ducklake.flink.source.testutils.EdgeTable;
import dev.ducklake.flink.source.testutils.RandomFilters;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.Schema;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;
import org.apache.flink.table.runtime.typeutils.ExternalTypeInfo;
import org.apache.flink.table.types.DataType;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.types.Row;
import org.apache.flink.types.RowKind;
import org.apache.flink.util.CloseableIterator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Filters that the SQL source pushes down to DuckDB select exactly the rows Flink selects when it
 * evaluates the same filters itself. Random filters over {@link EdgeTable} (every comparison,
 * {@code IN}, {@code IS NULL}, {@code AND}/{@code OR}/{@code NOT}, literals at the edges of each
 * type) run against the lake, and against the same rows, read once without a filter, handed to
 * Flink as a stream it cannot push anything into. In a change stream each change counts as the row
 * it adds or retracts. Run another seed with {@code -Dfilters.seed=...}.
 */
class FilterPushDownITCase {

    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = TestJobs.miniCluster(2);

    private static final String ZONE = "America/New_York";
    private static final long SEED = Long.getLong("filters.seed", 24L);
    private static final int RANDOM_FILTERS = 35;

    /** Each filter is a scan of its own; a job reads this many at once. */
    private static final int FILTERS_PER_JOB = 20;

    /** The filters of issue 24, which DuckDB once evaluated differently. */
    private static final List<String> KNOWN =
            List.of(
                    "ltz < TIMESTAMP '2024-01-01 07:00:01'",
                    "ts9 = TIMESTAMP '2024-01-01 07:00:00.000000001'",
                    "ts9 <= TIMESTAMP '2024-01-01 07:00:00.000000001'",
                    "d > 1.5E0 OR f >= 0.0E0",
                    "s = 'a ' OR s > 'z' OR s IN ('a', 'it''s')");

    @TempDir static Path dir;

    static CatalogLocation catalog;

    /**
     * Keeps the engine open between jobs: planning each scan would otherwise start DuckDB again.
     */
    static EngineRegistry.Lease lease;

    static long first;
    static long last;

    @BeforeAll
    static void fill() {
        catalog = TestLakes.catalog(CatalogLocation.Kind.DUCKDB, dir);
        lease = EngineRegistry.shared().acquire(spec().toEngineConfig());
        LakeEngine engine = lease.engine();
        engine.createTable(EdgeTable.NAME, EdgeTable.schema());
        SplittableRandom data = new SplittableRandom(SEED);
        first = EdgeTable.merge(engine, data, 40, 40);
        EdgeTable.merge(engine, data, 20, 48);
        last = EdgeTable.merge(engine, data, 20, 48);
    }

    @AfterAll
    static void nothingLeftOpen() throws Exception {
        lease.close();
        NoEngineLeftOpen.awaitNone();
    }

    @Test
    void batchReadsSelectTheRowsFlinkSelects() throws Exception {
        checkFilters(lake(EnvironmentSettings.inBatchMode(), ""));
    }

    @Test
    void changeStreamsCarryTheChangesFlinkSelects() throws Exception {
        checkFilters(
                lake(
                        EnvironmentSettings.inStreamingMode(),
                        ", 'scan.startup.mode' = 'version',"
                                + " 'scan.startup.version' = '"
                                + first
                                + "', 'scan.end.version' = '"
                                + last
                                + "'"));
    }

    private static void checkFilters(TableEnvironment lake) throws Exception {
        TableEnvironment flink =
                flinkOnly(
                        collect(lake, "SELECT * FROM edges"),
                        lake.from("edges").getResolvedSchema().toPhysicalRowDataType());
        // All but the first, which Flink evaluates: the source does not translate the form the
        // planner gives a TIMESTAMP literal compared with a TIMESTAMP_LTZ column.
        assertThat(KNOWN.subList(1, KNOWN.size()))
                .as("the known filters, pushed down")
                .allSatisfy(
                        known ->
                                assertThat(
                                                optimizedPlan(
                                                        lake.explainSql(
                                                                "SELECT * FROM edges WHERE "
                                                                        + known)))
                                        .doesNotContain("filter=[]"));
        List<String> filters = new ArrayList<>(KNOWN);
        RandomFilters random = new RandomFilters(new SplittableRandom(SEED));
        while (filters.size() < KNOWN.size() + RANDOM_FILTERS) {
            filters.add(random.next());
        }
        int pushed = 0;
        for (int from = 0; from < filters.size(); from += FILTERS_PER_JOB) {
            int to = Math.min(from + FILTERS_PER_JOB, filters.size());
            String query =
                    IntStream.range(from, to)
                            .mapToObj(
                                    i ->
                                            "SELECT "
                                                    + i
                                                    + " AS fid, * FROM edges WHERE "
                                                    + filters.get(i))
                            .collect(Collectors.joining(" UNION ALL "));
            Map<Integer, List<String>> fromLake;
            Map<Integer, List<String>> fromFlink;
            try {
                pushed += pushedScans(lake.explainSql(query));
                fromLake = byFilter(collect(lake, query));
                fromFlink = byFilter(collect(flink, query));
            } catch (Exception e) {
                throw new AssertionError("seed " + SEED + ", query " + query, e);
            }
            for (int i = from; i < to; i++) {
                String filter = filters.get(i);
                assertThat(fromLake.getOrDefault(i, List.of()))
                        .as(
                                () ->
                                        "seed "
                                                + SEED
                                                + ", filter "
                                                + filter
                                                + ", planned as\n"
                                                + optimizedPlan(
                                                        lake.explainSql(
                                                                "SELECT * FROM edges WHERE "
                                                                        + filter)))
                        .containsExactlyInAnyOrderElementsOf(fromFlink.getOrDefault(i, List.of()));
            }
        }
        assertThat(pushed).as("scans with a pushed-down filter").isGreaterThan(filters.size() / 2);
    }

    /** The rows as a table Flink filters itself: a stream of them, which takes no push-down. */
    private static TableEnvironment flinkOnly(List<Row> rows, DataType rowType) {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(1);
        StreamTableEnvironment flink = StreamTableEnvironment.create(env);
        flink.getConfig().set("table.local-time-zone", ZONE);
        flink.createTemporaryView(
                "edges",
                flink.fromChangelogStream(
                        env.fromData(rows, ExternalTypeInfo.of(rowType)),
                        Schema.newBuilder().fromRowDataType(rowType).build()));
        return flink;
    }

    private static TableEnvironment lake(EnvironmentSettings mode, String options) {
        TableEnvironment lake = TableEnvironment.create(mode);
        lake.getConfig().set("table.local-time-zone", ZONE);
        lake.getConfig().set("parallelism.default", "1");
        lake.executeSql(
                "CREATE TABLE edges ("
                        + EdgeTable.FLINK_COLUMNS
                        + ") WITH ('connector' = 'ducklake',"
                        + " 'catalog' = '"
                        + catalog.key()
                        + "', 'data-path' = '"
                        + dir.resolve("data")
                        + "/'"
                        + options
                        + ")");
        return lake;
    }

    /** Table scans of the optimized plan that DuckDB filters. */
    private static int pushedScans(String explained) {
        return optimizedPlan(explained).split("filter=\\[[^]]", -1).length - 1;
    }

    private static String optimizedPlan(String explained) {
        return explained.substring(
                explained.indexOf("== Optimized Physical Plan =="),
                explained.indexOf("== Optimized Execution Plan =="));
    }

    /** Each filter's rows, as {@code +} for a row added and {@code -} for a row retracted. */
    private static Map<Integer, List<String>> byFilter(List<Row> rows) {
        Map<Integer, List<String>> byFilter = new TreeMap<>();
        for (Row row : rows) {
            boolean adds = row.getKind() == RowKind.INSERT || row.getKind() == RowKind.UPDATE_AFTER;
            String rendered =
                    (adds ? "+" : "-")
                            + IntStream.range(1, row.getArity())
                                    .mapToObj(i -> String.valueOf(row.getField(i)))
                                    .collect(Collectors.joining(", ", "[", "]"));
            byFilter.computeIfAbsent((Integer) row.getField(0), f -> new ArrayList<>())
                    .add(rendered);
        }
        return byFilter;
    }

    private static List<Row> collect(TableEnvironment tEnv, String query) throws Exception {
        List<Row> rows = new ArrayList<>();
        try (CloseableIterator<Row> it = tEnv.executeSql(query).collect()) {
            it.forEachRemaining(rows::add);
        }
        return rows;
    }

    private static EngineSpec spec() {
        return EngineSpec.of(catalog.key()).with(DATA_PATH, dir.resolve("data") + "/");
    }
}
