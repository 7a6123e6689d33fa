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

package dev.ducklake.examples.datastream;

import dev.ducklake.examples.ExampleEnvironment;
import dev.ducklake.flink.sink.DuckLakeSink;
import dev.ducklake.flink.source.DuckLakeSource;
import dev.ducklake.flink.source.DuckLakeSourceBuilder;
import dev.ducklake.flink.source.LakeFilter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.TreeMap;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.data.RowData;
import org.apache.flink.util.CloseableIterator;
import org.apache.flink.util.FileUtils;

/**
 * A DataStream job with the connector's builders, on a local DuckLake:
 *
 * <ol>
 *   <li>two bounded jobs append page views, the application's own type, through {@link
 *       DuckLakeSink#builder()} with a converter, into a table partitioned by country (the
 *       morning's views, then the afternoon's);
 *   <li>{@link DuckLakeSource#builder()} reads the table back, bounded: as it was between the two
 *       writes (time travel by timestamp), now with a projection and a filter evaluated by DuckDB,
 *       and as the changelog of the afternoon's commits.
 * </ol>
 *
 * <pre>{@code
 * mvn -q -pl examples -am install -DskipTests
 * mvn -q -pl examples exec:exec -Dexec.mainClass=dev.ducklake.examples.datastream.PageViewsJob
 * }</pre>
 *
 * <p>The lake goes to {@code target/page-views-lake} (or the directory given as the first
 * argument), made afresh on each run.
 */
public final class PageViewsJob {

    private static final String TABLE = "web.page_views";
    private static final long MORNING_VIEWS = 6_000;
    private static final long AFTERNOON_VIEWS = 4_000;

    private PageViewsJob() {}

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args.length > 0 ? args[0] : "target/page-views-lake").toAbsolutePath();
        FileUtils.deleteDirectory(dir.toFile());
        String catalog = dir.resolve("metadata.ducklake").toString();

        append(catalog, "morning", 0, MORNING_VIEWS);
        Instant noon = Instant.now();
        append(catalog, "afternoon", MORNING_VIEWS, AFTERNOON_VIEWS);

        System.out.println("Views by country:");
        print(
                "  as of noon (time travel)",
                read(source(catalog).snapshotAtTimestamp(noon.toEpochMilli())));
        print("  now", read(source(catalog).snapshot()));
        print(
                "  now, of 30 s or longer",
                read(
                        source(catalog)
                                .snapshot()
                                .columns("country", "duration_ms")
                                .filter(new LakeFilter.Compare("duration_ms", ">=", "30000"))));
        System.out.println("Changes committed after noon, by kind:");
        Map<String, Long> kinds = new TreeMap<>();
        try (CloseableIterator<RowData> changes =
                collect(
                        source(catalog)
                                .startAfterTimestamp(noon.toEpochMilli())
                                .endAtLatestVersion()
                                .build())) {
            changes.forEachRemaining(
                    row -> kinds.merge(row.getRowKind().shortString(), 1L, Long::sum));
        }
        kinds.forEach((kind, count) -> System.out.printf("  %s %,d%n", kind, count));
        System.out.printf(
                "Look at it with plain DuckDB: python3 -c \"import duckdb; duckdb.sql(\\\"ATTACH"
                        + " 'ducklake:%s' AS lake (READ_ONLY)\\\"); duckdb.sql('SELECT country, count(*) AS views"
                        + " FROM lake.%s GROUP BY country ORDER BY country').show()\"%n",
                catalog, TABLE);
    }

    /**
     * A bounded job: {@code count} views from view {@code first}, committed on checkpoints and at
     * its end.
     */
    private static void append(String catalog, String name, long first, long count)
            throws Exception {
        StreamExecutionEnvironment env = ExampleEnvironment.create();
        DataGeneratorSource<PageView> views =
                new DataGeneratorSource<>(
                        PageView.generator(first), count, TypeInformation.of(PageView.class));
        env.fromSource(views, WatermarkStrategy.noWatermarks(), name + " views")
                .sinkTo(
                        DuckLakeSink.<PageView>builder()
                                .catalog(catalog)
                                .table(TABLE)
                                .rowType(PageView.ROW_TYPE)
                                .partitionBy("country")
                                .converter(PageView::toRowData)
                                .build());
        env.execute("page views: " + name);
        System.out.printf("Appended the %s's %,d views.%n", name, count);
    }

    private static DuckLakeSourceBuilder source(String catalog) {
        return DuckLakeSource.builder().catalog(catalog).table(TABLE);
    }

    /**
     * Views per country in what the source reads; the country is the row's {@code country} field.
     */
    private static Map<String, Long> read(DuckLakeSourceBuilder builder) throws Exception {
        DuckLakeSource source = builder.build();
        int country = source.rowType().getFieldNames().indexOf("country");
        Map<String, Long> counts = new TreeMap<>();
        try (CloseableIterator<RowData> rows = collect(source)) {
            rows.forEachRemaining(
                    row -> counts.merge(row.getString(country).toString(), 1L, Long::sum));
        }
        return counts;
    }

    private static CloseableIterator<RowData> collect(DuckLakeSource source) throws Exception {
        return ExampleEnvironment.create()
                .fromSource(source, WatermarkStrategy.noWatermarks(), "page views from DuckLake")
                .executeAndCollect("page views: read");
    }

    private static void print(String title, Map<String, Long> counts) {
        long total = counts.values().stream().mapToLong(Long::longValue).sum();
        System.out.printf("%-26s %,6d  %s%n", title, total, counts);
    }
}
