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

import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.flink.sink.DuckLakeSink;
import dev.ducklake.testing.postgres.PostgresServer;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.TaskManagerOptions;
import org.apache.flink.metrics.HistogramStatistics;
import org.apache.flink.runtime.testutils.InMemoryReporter;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.util.FileUtils;

/**
 * Appends on a PostgreSQL catalog with 1, 2 and 4 writer subtasks into one table: total rows per
 * second against the same job into the blackhole sink at the same parallelism, and the commit
 * duration per checkpoint (median and p99 of the committer's {@code commitDurationMs}). One JVM, a
 * local MiniCluster, 1 s checkpoints, the 10-column rows of {@link SinkBenchmark}; PostgreSQL is
 * started on loopback with {@code .ci/postgres.sh} (root, as in CI).
 *
 * <pre>{@code
 * mvn -q -pl benchmarks -am install -DskipTests
 * mvn -q -pl benchmarks exec:exec -Dexec.mainClass=dev.ducklake.benchmarks.ScaleOutBenchmark
 * }</pre>
 */
public final class ScaleOutBenchmark {

    private ScaleOutBenchmark() {}

    public static void main(String[] args) throws Exception {
        long rows = args.length > 0 ? Long.parseLong(args[0]) : 3_000_000L;
        String database = PostgresServer.createDatabase();
        Path dir = Files.createTempDirectory("ducklake-scale-bench");
        try {
            String catalog = CatalogLocation.postgres(database).key();
            System.out.printf(
                    "Scale-out benchmark: appends of %,d rows of 10 columns into one table on a PostgreSQL"
                            + " catalog, 1 s checkpoints%n",
                    rows);
            System.out.println(
                    "writers  blackhole rows/s  ducklake rows/s  ratio  commits  commit ms median  p99");
            for (int writers : new int[] {1, 2, 4}) {
                double blackhole = run(writers, rows, new DiscardingSink<>(), null).perSecond();
                InMemoryReporter metrics = InMemoryReporter.createWithRetainedMetrics();
                TimedJob lake =
                        run(
                                writers,
                                rows,
                                DuckLakeSink.forRowData()
                                        .catalog(catalog)
                                        .dataPath(dir.resolve("data") + "/")
                                        .table("orders_p" + writers)
                                        .rowType(SinkBenchmark.ROW_TYPE)
                                        .build(),
                                metrics);
                HistogramStatistics commits = lake.commitDurations(metrics);
                System.out.printf(
                        "%7d  %,16.0f  %,15.0f  %4.2fx  %7d  %17.0f  %4.0f%n",
                        writers,
                        blackhole,
                        lake.perSecond(),
                        lake.perSecond() / blackhole,
                        commits.size(),
                        commits.getQuantile(0.5),
                        commits.getQuantile(0.99));
                metrics.close();
            }
        } finally {
            PostgresServer.dropDatabase(database);
            FileUtils.deleteDirectory(dir.toFile());
        }
    }

    private static TimedJob run(
            int writers, long rows, Sink<RowData> sink, InMemoryReporter metrics) throws Exception {
        Configuration conf = new Configuration();
        conf.set(TaskManagerOptions.NUM_TASK_SLOTS, writers);
        return TimedJob.generate(
                TimedJob.environment(conf, metrics, writers, 1000),
                i -> SinkBenchmark.row(i, Integer.MAX_VALUE),
                rows,
                InternalTypeInfo.of(SinkBenchmark.ROW_TYPE),
                sink,
                "append with " + writers + " writers");
    }
}
