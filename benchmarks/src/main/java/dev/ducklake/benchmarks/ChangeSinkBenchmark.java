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

package dev.ducklake.benchmarks;

import dev.ducklake.engine.EngineRegistry;
import dev.ducklake.engine.LakeEngine;
import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.config.EngineConfig;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.flink.cdc.ChangeRecord;
import dev.ducklake.flink.cdc.ChangeRecordTypeInfo;
import dev.ducklake.flink.sink.DuckLakeSink;
import dev.ducklake.flink.sink.metrics.DuckLakeSinkMetrics;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.configuration.TaskManagerOptions;
import org.apache.flink.metrics.HistogramStatistics;
import org.apache.flink.runtime.testutils.InMemoryReporter;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.util.FileUtils;

/**
 * The change-record sink ({@link DuckLakeSink#forChangeRecords()}) writing many keyed tables: the
 * same generated change stream ({@link ChangeEvents}: per table 60% inserts, 30% upserts of
 * existing keys, 10% deletes, the tables taking turns) goes into Flink's blackhole sink and into
 * the sink on a local DuckDB-file catalog in a fresh temporary directory, once per table count. Per
 * table count it prints both jobs' events per second and their ratio, the commits, the rows they
 * committed (upserts of a key within a checkpoint count once, deletes of absent keys not at all),
 * the mean tables per commit (from the tables' versions), and the commit duration per checkpoint
 * (median, p99 and maximum of the committer's {@code commitDurationMs}, which keeps the last 1,024
 * commits). A first blackhole job warms the JVM up. Each job runs on a local MiniCluster, timed
 * from {@code execute()} to its return, the last commit included. The sink runs with its defaults
 * except {@code maxOpenTables}, which is the table count unless given: the tables take turns, so a
 * writer with fewer open tables than tables seals a file at almost every event.
 *
 * <p>Arguments, all optional: {@code --events} (default 10,000,000), {@code --tables} (a
 * comma-separated list, default 100), {@code --checkpoint-ms} (1,000), {@code --parallelism} (1),
 * {@code --max-open-tables}, {@code --history} (0: the snapshots committed, one row each, to
 * another table of the lake before the DuckLake job, for costs that must not grow with the
 * history).
 *
 * <pre>{@code
 * mvn -q -pl benchmarks -am install -DskipTests
 * mvn -q -pl benchmarks exec:exec -Dexec.mainClass=dev.ducklake.benchmarks.ChangeSinkBenchmark
 * mvn -q -pl benchmarks exec:exec -Dexec.mainClass=dev.ducklake.benchmarks.ChangeSinkBenchmark \
 *     -Dbenchmark.args="--events 500000 --tables 10,100,500"
 * }</pre>
 */
public final class ChangeSinkBenchmark {

    private ChangeSinkBenchmark() {}

    /**
     * The command line's settings; {@code maxOpenTables} 0 means the table count, {@code history}
     * the snapshots committed to another table before the DuckLake job.
     */
    private record Settings(
            long events,
            int[] tables,
            long checkpointMs,
            int parallelism,
            int maxOpenTables,
            int history) {

        static Settings parse(String[] args) {
            long events = 10_000_000L;
            int[] tables = {100};
            long checkpointMs = 1_000;
            int parallelism = 1;
            int maxOpenTables = 0;
            int history = 0;
            for (int a = 0; a < args.length; a += 2) {
                if (a + 1 == args.length) {
                    throw new IllegalArgumentException("No value for " + args[a]);
                }
                String value = args[a + 1];
                switch (args[a]) {
                    case "--events" -> events = Long.parseLong(value);
                    case "--tables" ->
                            tables =
                                    Arrays.stream(value.split(","))
                                            .mapToInt(Integer::parseInt)
                                            .toArray();
                    case "--checkpoint-ms" -> checkpointMs = Long.parseLong(value);
                    case "--parallelism" -> parallelism = Integer.parseInt(value);
                    case "--max-open-tables" -> maxOpenTables = Integer.parseInt(value);
                    case "--history" -> history = Integer.parseInt(value);
                    default ->
                            throw new IllegalArgumentException(
                                    "Unknown argument "
                                            + args[a]
                                            + "; expected"
                                            + " --events, --tables, --checkpoint-ms, --parallelism, --max-open-tables or --history");
                }
            }
            return new Settings(events, tables, checkpointMs, parallelism, maxOpenTables, history);
        }

        int openTables(int tableCount) {
            return maxOpenTables > 0 ? maxOpenTables : tableCount;
        }
    }

    public static void main(String[] args) throws Exception {
        // A checkpoint triggered while the job finishes is declined with a stack trace; it is
        // expected.
        System.setProperty(
                "org.slf4j.simpleLogger.log.org.apache.flink.runtime.checkpoint", "error");
        Settings settings = Settings.parse(args);
        System.out.printf(
                Locale.ROOT,
                "Change-record sink benchmark: %,d change events (60%% inserts, 30%% upserts,"
                        + " 10%% deletes), tables %s, %d ms checkpoints, parallelism %d, maxOpenTables %s, %,d snapshots before%n",
                settings.events(),
                Arrays.toString(settings.tables()),
                settings.checkpointMs(),
                settings.parallelism(),
                settings.maxOpenTables() > 0 ? settings.maxOpenTables() : "= tables",
                settings.history());
        run(settings, settings.tables()[0], new DiscardingSink<>(), null); // warms the JVM up
        List<String> lines = new ArrayList<>();
        for (int tables : settings.tables()) {
            lines.add(measure(settings, tables));
        }
        System.out.println("summary:");
        System.out.println(
                "  tables  blackhole ev/s   ducklake ev/s  ratio  commits  rows committed  tables/commit"
                        + "  events/commit  commit ms p50    p99    max");
        lines.forEach(line -> System.out.println("  " + line));
    }

    private static String measure(Settings settings, int tables) throws Exception {
        double blackhole = run(settings, tables, new DiscardingSink<>(), null).perSecond();
        Path dir = Files.createTempDirectory("ducklake-change-sink-bench");
        try {
            CatalogLocation catalog = CatalogLocation.duckDbFile(dir.resolve("metadata.ducklake"));
            String dataPath = dir.resolve("data") + "/";
            InMemoryReporter metrics = InMemoryReporter.createWithRetainedMetrics();
            if (settings.history() > 0) {
                LakeHistory.addSnapshots(
                        EngineConfig.builder(catalog).dataPath(dataPath).build(),
                        settings.history());
            }
            TimedJob lake =
                    run(
                            settings,
                            tables,
                            DuckLakeSink.forChangeRecords()
                                    .catalog(catalog.key())
                                    .dataPath(dataPath)
                                    .maxOpenTables(settings.openTables(tables))
                                    .build(),
                            metrics);
            HistogramStatistics durations = lake.commitDurations(metrics);
            long commits = lake.counter(metrics, DuckLakeSinkMetrics.COMMITS);
            long rows = lake.counter(metrics, DuckLakeSinkMetrics.ROWS_COMMITTED);
            metrics.close();
            double tablesPerCommit = (double) tableVersions(catalog, dataPath, tables) / commits;
            String line =
                    String.format(
                            Locale.ROOT,
                            "%6d  %,14.0f  %,14.0f  %4.2fx  %7d  %,14d  %13.1f  %,13d"
                                    + "  %13.0f  %5.0f  %5d",
                            tables,
                            blackhole,
                            lake.perSecond(),
                            lake.perSecond() / blackhole,
                            commits,
                            rows,
                            tablesPerCommit,
                            settings.events() / commits,
                            durations.getQuantile(0.5),
                            durations.getQuantile(0.99),
                            durations.getMax());
            System.out.println(line);
            return line;
        } finally {
            FileUtils.deleteDirectory(dir.toFile());
        }
    }

    /** The versions of all tables: each commit that wrote a table made one version of it. */
    private static long tableVersions(CatalogLocation catalog, String dataPath, int tables) {
        EngineConfig config = EngineConfig.builder(catalog).dataPath(dataPath).build();
        try (EngineRegistry.Lease lease = EngineRegistry.shared().acquire(config)) {
            LakeEngine engine = lease.engine();
            long versions = 0;
            for (int t = 0; t < tables; t++) {
                versions +=
                        engine.versions(
                                        TableName.parse(ChangeEvents.table(t)),
                                        0,
                                        Integer.MAX_VALUE)
                                .size();
            }
            return versions;
        }
    }

    private static TimedJob run(
            Settings settings, int tables, Sink<ChangeRecord> sink, InMemoryReporter metrics)
            throws Exception {
        Configuration conf = new Configuration();
        conf.set(TaskManagerOptions.NUM_TASK_SLOTS, settings.parallelism());
        // A failed job ends the benchmark: a restarted one would report a slower run as a result.
        conf.set(RestartStrategyOptions.RESTART_STRATEGY, "none");
        return TimedJob.generate(
                TimedJob.environment(
                        conf, metrics, settings.parallelism(), settings.checkpointMs()),
                new ChangeEvents(tables),
                settings.events(),
                ChangeRecordTypeInfo.INSTANCE,
                sink,
                (metrics == null ? "blackhole, " : "ducklake, ") + tables + " tables");
    }
}
