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

package dev.ducklake.examples.quickstart;

import dev.ducklake.engine.EngineRegistry;
import dev.ducklake.engine.LakeEngine;
import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.config.EngineConfig;
import dev.ducklake.engine.read.RowReader;
import dev.ducklake.engine.read.ScanRequest;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.version.TableVersion;
import dev.ducklake.examples.ExampleEnvironment;
import dev.ducklake.flink.sink.DuckLakeSink;
import dev.ducklake.flink.source.DuckLakeSource;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.connector.source.util.ratelimit.RateLimiterStrategy;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.data.RowData;
import org.apache.flink.types.RowKind;
import org.apache.flink.util.CloseableIterator;
import org.apache.flink.util.FileUtils;

/**
 * The quickstart: a real pipeline on the embedded default, a DuckLake with a local DuckDB-file
 * catalog. Two Flink jobs run side by side in this JVM:
 *
 * <ol>
 *   <li>{@code write orders}: generated order events (new orders, status changes, cancellations) go
 *       through {@link DuckLakeSink} into the keyed table {@code orders}, one commit per checkpoint
 *       (every second);
 *   <li>{@code read changelog}: a {@link DuckLakeSource} follows the table and emits every change
 *       as {@code +I}, {@code -U}/{@code +U} or {@code -D} with its before and after images.
 * </ol>
 *
 * <p>The main thread replays the changelog into a {@link ChangelogView}, prints progress every
 * second and, once the writer has finished and the view holds the table's last version, a summary
 * and a plain-DuckDB command to look at the table. Run from the repository's root:
 *
 * <pre>{@code
 * mvn -q -pl examples -am install -DskipTests && mvn -q -pl examples exec:exec
 * }</pre>
 *
 * <p>Arguments, both optional: the lake's directory (default {@code target/quickstart-lake}, made
 * afresh on each run) and the number of events (default 24,000, written at 1,500 per second).
 */
public final class Quickstart {

    private static final TableName ORDERS = TableName.of("orders");
    private static final int ORDER_COUNT = 3_000;
    private static final double EVENTS_PER_SECOND = 1_500;
    private static final Duration CATCH_UP_TIMEOUT = Duration.ofSeconds(60);

    private Quickstart() {}

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args.length > 0 ? args[0] : "target/quickstart-lake").toAbsolutePath();
        long events = args.length > 1 ? Long.parseLong(args[1]) : 24_000;
        FileUtils.deleteDirectory(dir.toFile());
        Files.createDirectories(dir);
        Path catalog = dir.resolve("metadata.ducklake");

        EngineConfig lake = EngineConfig.builder(CatalogLocation.duckDbFile(catalog)).build();
        try (EngineRegistry.Lease lease = EngineRegistry.shared().acquire(lake)) {
            LakeEngine engine = lease.engine();
            System.out.printf(
                    "Writing %,d order events at %,.0f/s into %s, one commit per checkpoint,"
                            + " and following the table's changelog.%n",
                    events, EVENTS_PER_SECOND, catalog);
            long started = System.nanoTime();
            // The writer's result, not its status: a local job's MiniCluster shuts down as the job
            // ends, after which its status can no longer be asked.
            CompletableFuture<JobExecutionResult> writer =
                    writeOrders(catalog.toString(), events)
                            .executeAsync("quickstart: write orders")
                            .getJobExecutionResult();
            long created = awaitTable(engine, writer);
            System.out.printf("The sink created table %s at version %d.%n", ORDERS, created);

            ChangelogView view = new ChangelogView();
            long lastVersion;
            try (CloseableIterator<RowData> changelog =
                    readChangelog(catalog.toString(), created)
                            .executeAndCollect("quickstart: read changelog")) {
                ChangeQueue changes = new ChangeQueue(changelog);
                lastVersion = follow(engine, writer, changes, view, started);
            }
            report(engine, view, created, lastVersion, catalog, started);
        }
    }

    /** Waits for the sink to create the table; returns the version that created it. */
    private static long awaitTable(LakeEngine engine, CompletableFuture<JobExecutionResult> writer)
            throws Exception {
        long deadline = System.nanoTime() + CATCH_UP_TIMEOUT.toNanos();
        while (!engine.tableExists(ORDERS)) {
            if (writer.isDone()) {
                writer.get();
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(
                        "The sink did not create "
                                + ORDERS
                                + " within "
                                + CATCH_UP_TIMEOUT.toSeconds()
                                + " s");
            }
            Thread.sleep(50);
        }
        List<TableVersion> versions = engine.versions(ORDERS, 0, Integer.MAX_VALUE);
        return versions.get(versions.size() - 1).id();
    }

    /** Generated events through the sink; one source subtask keeps each order's events in order. */
    private static StreamExecutionEnvironment writeOrders(String catalog, long events) {
        StreamExecutionEnvironment env = ExampleEnvironment.create();
        DataGeneratorSource<OrderEvent> generator =
                new DataGeneratorSource<>(
                        OrderEvent.generator(ORDER_COUNT),
                        events,
                        RateLimiterStrategy.perSecond(EVENTS_PER_SECOND),
                        TypeInformation.of(OrderEvent.class));
        DuckLakeSink<OrderEvent> sink =
                DuckLakeSink.<OrderEvent>builder()
                        .catalog(catalog)
                        .table(ORDERS.toString())
                        .rowType(OrderEvent.ROW_TYPE)
                        .primaryKey("order_id")
                        .converter(OrderEvent::toRowData)
                        .build();
        env.fromSource(generator, WatermarkStrategy.noWatermarks(), "order events")
                .setParallelism(1)
                .sinkTo(sink)
                .name("orders in DuckLake");
        return env;
    }

    /** The table's changes after its creation, as they are committed. */
    private static DataStream<RowData> readChangelog(String catalog, long createdVersion) {
        DuckLakeSource source =
                DuckLakeSource.builder()
                        .catalog(catalog)
                        .table(ORDERS.toString())
                        .rowType(OrderEvent.ROW_TYPE)
                        .startAfterVersion(createdVersion)
                        .build();
        return ExampleEnvironment.create()
                .fromSource(source, WatermarkStrategy.noWatermarks(), "orders changelog");
    }

    /**
     * Applies the changelog as it arrives, with a progress line a second, until the writer has
     * finished and the view holds the table at its last version. Returns that version.
     */
    private static long follow(
            LakeEngine engine,
            CompletableFuture<JobExecutionResult> writer,
            ChangeQueue changes,
            ChangelogView view,
            long started)
            throws Exception {
        long nextProgress = 0;
        long lastVersion = -1;
        Map<String, List<Object>> table = null;
        long deadline = Long.MAX_VALUE;
        while (table == null || !view.holds(table)) {
            RowData change = changes.poll(Duration.ofMillis(100));
            if (change != null) {
                view.apply(change);
            }
            long elapsed = System.nanoTime() - started;
            if (elapsed >= nextProgress) {
                nextProgress = elapsed + TimeUnit.SECONDS.toNanos(1);
                System.out.printf(
                        "[%3d s] table at version %d | changelog: %s | view: %,d orders%n",
                        TimeUnit.NANOSECONDS.toSeconds(elapsed),
                        engine.latestVersion(ORDERS),
                        counts(view),
                        view.size());
            }
            if (table == null && writer.isDone()) {
                writer.get();
                lastVersion = engine.latestVersion(ORDERS);
                table = rows(engine, lastVersion);
                deadline = System.nanoTime() + CATCH_UP_TIMEOUT.toNanos();
                System.out.printf(
                        "[%3d s] writer finished at version %d; catching up%n",
                        TimeUnit.NANOSECONDS.toSeconds(elapsed), lastVersion);
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(
                        "The changelog did not reach version "
                                + lastVersion
                                + " within "
                                + CATCH_UP_TIMEOUT.toSeconds()
                                + " s: "
                                + view.difference(table));
            }
        }
        return lastVersion;
    }

    private static void report(
            LakeEngine engine,
            ChangelogView view,
            long created,
            long lastVersion,
            Path catalog,
            long started) {
        System.out.println();
        System.out.printf(
                "Done in %d s.%n", TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started));
        System.out.printf(
                "  table     %s: %,d orders at version %d; %d versions written by the sink after its creation%n",
                ORDERS,
                view.size(),
                lastVersion,
                engine.versions(ORDERS, 0, Integer.MAX_VALUE).size() - 1);
        System.out.printf(
                "  changelog %s; %,d before-images differed from the replayed row%n",
                counts(view), view.mismatchedImages());
        System.out.printf(
                "  replayed, the changelog after version %d equals the table at version %d%n",
                created, lastVersion);
        System.out.println(
                "Look at it with plain DuckDB (offline, scripts/install-duckdb-extensions.sh installs it):");
        System.out.printf(
                "  python3 -c \"import duckdb; duckdb.sql(\\\"ATTACH 'ducklake:%s' AS lake (READ_ONLY)\\\");"
                        + " duckdb.sql('SELECT status, count(*) AS orders, sum(amount) AS amount FROM lake.orders"
                        + " GROUP BY status ORDER BY status').show()\"%n",
                catalog);
    }

    private static String counts(ChangelogView view) {
        return String.format(
                "+I %,d, -U/+U %,d, -D %,d",
                view.count(RowKind.INSERT),
                view.count(RowKind.UPDATE_AFTER),
                view.count(RowKind.DELETE));
    }

    private static Map<String, List<Object>> rows(LakeEngine engine, long version) {
        Map<String, List<Object>> rows = new HashMap<>();
        try (RowReader reader =
                engine.read(ORDERS, ScanRequest.builder().version(version).build())) {
            reader.forEachRemaining(row -> rows.put((String) row[0], Arrays.asList(row)));
        }
        return rows;
    }
}
