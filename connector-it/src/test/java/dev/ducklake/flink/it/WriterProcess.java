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

import dev.ducklake.flink.sink.DuckLakeSink;
import dev.ducklake.flink.sink.DuckLakeSinkBuilder;
import dev.ducklake.flink.sink.metrics.DuckLakeSinkMetrics;
import dev.ducklake.flink.sink.testutils.FailOnce;
import dev.ducklake.flink.sink.testutils.OrderEvents;
import dev.ducklake.flink.source.testutils.ChangelogModel;
import dev.ducklake.flink.source.testutils.RandomChangelog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.ExternalizedCheckpointRetention;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.configuration.StateRecoveryOptions;
import org.apache.flink.configuration.TaskManagerOptions;
import org.apache.flink.connector.datagen.source.GeneratorFunction;
import org.apache.flink.metrics.Counter;
import org.apache.flink.runtime.testutils.InMemoryReporter;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;

/**
 * A Flink job in a JVM of its own, on a local MiniCluster: a deterministic stream of order events
 * through the DuckLake sink into one table of a shared lake, with checkpoints retained in a
 * directory. Started again with the same directory (after a SIGKILL, say), it resumes from the last
 * completed checkpoint there. On success it prints one line, {@code RESULT <metric>=<value> ...},
 * with the committer's metrics. The sink compacts the table every 5 s.
 *
 * <p>Arguments: {@code upsert|append catalog dataPath table parallelism events eventsPerSecond
 * checkpointDirectory failAfterRecords(-1: never) commitRetries restarts firstEvent}. Upserts are
 * {@link #upserts} over 2,000 keys with seed 7, in key space {@code firstEvent}; appends are {@link
 * OrderEvents#append} rows from {@code firstEvent} on.
 */
public final class WriterProcess {

    static final long UPSERT_SEED = 7;
    static final int UPSERT_KEYS = 2_000;
    static final String RESULT = "RESULT";

    private WriterProcess() {}

    public static void main(String[] args) throws Exception {
        boolean upsert = args[0].equals("upsert");
        String catalog = args[1];
        String dataPath = args[2];
        String table = args[3];
        int parallelism = Integer.parseInt(args[4]);
        long events = Long.parseLong(args[5]);
        double perSecond = Double.parseDouble(args[6]);
        Path checkpoints = Path.of(args[7]);
        long failAfter = Long.parseLong(args[8]);
        int commitRetries = Integer.parseInt(args[9]);
        int restarts = Integer.parseInt(args[10]);
        long firstEvent = Long.parseLong(args[11]);

        InMemoryReporter metrics = InMemoryReporter.createWithRetainedMetrics();
        Configuration conf = configuration(checkpoints, restarts);
        metrics.addToConfiguration(conf);
        Optional<Path> restore = latestCheckpoint(checkpoints);
        restore.ifPresent(
                path -> {
                    conf.set(StateRecoveryOptions.SAVEPOINT_PATH, path.toString());
                    System.out.println("Restoring from " + path);
                });
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        env.setParallelism(parallelism);

        DataStream<RowData> rows =
                env.fromSource(
                                OrderEvents.source(
                                        upsert
                                                ? upserts(firstEvent)
                                                : i -> OrderEvents.append(firstEvent + i),
                                        events,
                                        perSecond),
                                WatermarkStrategy.noWatermarks(),
                                "order events")
                        .setParallelism(1)
                        .uid("order-events");
        if (failAfter >= 0) {
            rows =
                    rows.map(new FailOnce<>(failAfter))
                            .returns(InternalTypeInfo.of(OrderEvents.ROW_TYPE))
                            .setParallelism(1)
                            .uid("fail-once");
        }
        DuckLakeSinkBuilder<RowData> sink =
                DuckLakeSink.forRowData()
                        .catalog(catalog)
                        .dataPath(dataPath)
                        .table(table)
                        .rowType(OrderEvents.ROW_TYPE)
                        .commitRetries(commitRetries, Duration.ofMillis(50))
                        .compactionInterval(Duration.ofSeconds(5));
        if (upsert) {
            sink.primaryKey("order_id");
        }
        rows.sinkTo(sink.build()).uid("ducklake-sink");
        env.execute((upsert ? "upsert " : "append ") + table);
        // One write, so that no log line of a thread still stopping lands inside it.
        System.out.println(
                String.format(
                        "%s %s=%d %s=%d %s=%d %s=%d",
                        RESULT,
                        DuckLakeSinkMetrics.COMMITS,
                        sum(metrics, DuckLakeSinkMetrics.COMMITS),
                        DuckLakeSinkMetrics.COMMIT_RETRIES,
                        sum(metrics, DuckLakeSinkMetrics.COMMIT_RETRIES),
                        "failures",
                        FailOnce.failures(),
                        DuckLakeSinkMetrics.FILES_COMPACTED,
                        sum(metrics, DuckLakeSinkMetrics.FILES_COMPACTED)));
    }

    /**
     * {@link RandomChangelog} events; with a non-zero {@code keySpace} their keys get the prefix
     * {@code keySpace + "/"}, so that writers with different key spaces share a table without
     * sharing a key.
     */
    static GeneratorFunction<Long, RowData> upserts(long keySpace) {
        RandomChangelog changes = new RandomChangelog(UPSERT_SEED, UPSERT_KEYS);
        return keySpace == 0
                ? changes
                : i -> {
                    RowData row = changes.map(i);
                    return GenericRowData.ofKind(
                            row.getRowKind(),
                            StringData.fromString(keySpace + "/" + row.getString(0)),
                            row.getLong(1),
                            row.getDecimal(2, 12, 2));
                };
    }

    /**
     * The rows {@link #upserts} events {@code 0..count-1} leave, rendered as {@link ChangelogModel}
     * holds them.
     */
    static Map<String, String> expectedUpserts(long keySpace, long count) throws Exception {
        return RandomChangelog.replay(upserts(keySpace), count);
    }

    /**
     * How many of the first {@code count} {@link #upserts} events leave exactly these rows, or
     * empty when no prefix of them does: a table a writer committed to holds such a prefix.
     */
    static OptionalLong upsertPrefix(long keySpace, long count, Map<String, String> table)
            throws Exception {
        GeneratorFunction<Long, RowData> events = upserts(keySpace);
        Map<String, String> rows = new TreeMap<>();
        for (long i = 0; i < count; i++) {
            if (rows.equals(table)) {
                return OptionalLong.of(i);
            }
            RandomChangelog.apply(events.map(i), rows);
        }
        return rows.equals(table) ? OptionalLong.of(count) : OptionalLong.empty();
    }

    private static Configuration configuration(Path checkpoints, int restarts) {
        Configuration conf = new Configuration();
        conf.set(TaskManagerOptions.NUM_TASK_SLOTS, 8);
        conf.set(CheckpointingOptions.CHECKPOINTING_INTERVAL, Duration.ofMillis(300));
        conf.set(CheckpointingOptions.CHECKPOINT_STORAGE, "filesystem");
        conf.set(CheckpointingOptions.CHECKPOINTS_DIRECTORY, checkpoints.toUri().toString());
        conf.set(
                CheckpointingOptions.EXTERNALIZED_CHECKPOINT_RETENTION,
                ExternalizedCheckpointRetention.RETAIN_ON_CANCELLATION);
        conf.set(CheckpointingOptions.MAX_RETAINED_CHECKPOINTS, 3);
        // A PostgreSQL restart fails commits and reads for a few seconds: a soak keeps restarting.
        conf.set(RestartStrategyOptions.RESTART_STRATEGY, "fixed-delay");
        conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_ATTEMPTS, restarts);
        conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_DELAY, Duration.ofSeconds(1));
        return conf;
    }

    /** The newest completed checkpoint under the directory, of any earlier run. */
    static Optional<Path> latestCheckpoint(Path checkpoints) throws IOException {
        if (!Files.isDirectory(checkpoints)) {
            return Optional.empty();
        }
        try (Stream<Path> files = Files.walk(checkpoints, 3)) {
            return files.filter(p -> p.getFileName().toString().equals("_metadata"))
                    .max(Comparator.comparing(WriterProcess::modified))
                    .map(Path::getParent);
        }
    }

    private static long modified(Path path) {
        try {
            return Files.getLastModifiedTime(path).toMillis();
        } catch (IOException e) {
            return 0;
        }
    }

    private static long sum(InMemoryReporter metrics, String name) {
        return metrics.getMetricsByGroup().values().stream()
                .map(group -> group.get(name))
                .filter(Counter.class::isInstance)
                .mapToLong(m -> ((Counter) m).getCount())
                .sum();
    }
}
