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

import dev.ducklake.flink.sink.DuckLakeSink;
import dev.ducklake.flink.sink.DuckLakeSinkBuilder;
import java.io.BufferedReader;
import java.lang.management.ManagementFactory;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.TaskManagerOptions;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.DoubleType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.TimestampType;
import org.apache.flink.table.types.logical.VarCharType;
import org.apache.flink.types.RowKind;
import org.apache.flink.util.FileUtils;

/**
 * The sink's throughput against Flink's discarding ("blackhole") sink, in the same run: one Flink
 * job generates 10-column rows (strings, longs, doubles, a decimal, a timestamp) with a 1 s
 * checkpoint interval, into the blackhole sink, into a DuckLake append table, and into a DuckLake
 * upsert table over 1 M distinct keys. The three jobs run in rounds, each round into a fresh lake,
 * and the program prints each round's ratios and their medians: on a shared machine the blackhole
 * job alone varies by 10-20% from one run to the next. By default every job runs in this JVM, so
 * from the second round on they run warm; with {@code fresh}, each job runs in a JVM started for
 * it. Arguments: rows (default 10,000,000), keys (1,000,000), rounds (3), and optionally {@code
 * fresh}.
 *
 * <pre>{@code
 * mvn -q -pl benchmarks -am install -DskipTests
 * mvn -q -pl benchmarks exec:exec -Dexec.mainClass=dev.ducklake.benchmarks.SinkBenchmark
 * mvn -q -pl benchmarks exec:exec -Dexec.mainClass=dev.ducklake.benchmarks.SinkBenchmark \
 *     -Dbenchmark.args="10000000 1000000 3 fresh"
 * }</pre>
 */
public final class SinkBenchmark {

    static final RowType ROW_TYPE =
            RowType.of(
                    new LogicalType[] {
                        new BigIntType(false),
                        VarCharType.STRING_TYPE,
                        VarCharType.STRING_TYPE,
                        VarCharType.STRING_TYPE,
                        new BigIntType(),
                        new DoubleType(),
                        new DoubleType(),
                        new DecimalType(12, 2),
                        new TimestampType(6),
                        VarCharType.STRING_TYPE
                    },
                    new String[] {
                        "id",
                        "customer",
                        "product",
                        "region",
                        "quantity",
                        "price",
                        "discount",
                        "amount",
                        "created_at",
                        "note"
                    });
    private static final String[] REGIONS = {
        "eu-west", "eu-central", "us-east", "us-west", "ap-south"
    };
    private static final LocalDateTime EPOCH = LocalDateTime.of(2026, 1, 1, 0, 0);

    private static final String ONE_JOB = "--one-job";
    private static final String RESULT = "rows/s=";

    private SinkBenchmark() {}

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals(ONE_JOB)) {
            Job job = Job.valueOf(args[1]);
            System.out.println(
                    RESULT
                            + run(
                                    job,
                                    Long.parseLong(args[2]),
                                    Integer.parseInt(args[3]),
                                    Path.of(args[4])));
            return;
        }
        long rows = args.length > 0 ? Long.parseLong(args[0]) : 10_000_000L;
        int keys = args.length > 1 ? Integer.parseInt(args[1]) : 1_000_000;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 3;
        boolean fresh = args.length > 3 && args[3].equals("fresh");
        System.out.printf(
                "Flink sink benchmark: %,d rows of 10 columns, 1 s checkpoints, parallelism 1, %d rounds,"
                        + " %s%n",
                rows, rounds, fresh ? "each job in a fresh JVM" : "every job in this JVM");
        double[] appendRatios = new double[rounds];
        double[] upsertRatios = new double[rounds];
        for (int round = 0; round < rounds; round++) {
            Path dir = Files.createTempDirectory("ducklake-sink-bench");
            try {
                System.out.printf("round %d%n", round + 1);
                double blackhole = measure(Job.BLACKHOLE, fresh, rows, keys, dir);
                double append = measure(Job.APPEND, fresh, rows, keys, dir);
                double upsert = measure(Job.UPSERT, fresh, rows, keys, dir);
                appendRatios[round] = append / blackhole;
                upsertRatios[round] = upsert / blackhole;
                System.out.printf(
                        "append / blackhole = %.2fx, upsert / blackhole = %.2fx%n",
                        appendRatios[round], upsertRatios[round]);
            } finally {
                FileUtils.deleteDirectory(dir.toFile());
            }
        }
        System.out.printf(
                "median of %d rounds: append / blackhole = %.2fx (target >= 0.7x), upsert / blackhole = %.2fx"
                        + " (target >= 0.4x), %,d distinct keys%n",
                rounds, median(appendRatios), median(upsertRatios), keys);
    }

    private static double measure(Job job, boolean fresh, long rows, int keys, Path dir)
            throws Exception {
        return fresh ? runInFreshJvm(job, rows, keys, dir) : run(job, rows, keys, dir);
    }

    /**
     * Runs one job in a JVM started for it, with this JVM's options and class path, so that every
     * job pays the same start: loading and compiling Flink's classes, and the sink's own (DuckDB's
     * native library, the DuckLake extension).
     */
    private static double runInFreshJvm(Job job, long rows, int keys, Path dir) throws Exception {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
        command.addAll(
                List.of(
                        "-cp",
                        System.getProperty("java.class.path"),
                        SinkBenchmark.class.getName(),
                        ONE_JOB,
                        job.name(),
                        Long.toString(rows),
                        Integer.toString(keys),
                        dir.toString()));
        Process process =
                new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        Double result = null;
        try (BufferedReader out = process.inputReader()) {
            for (String line = out.readLine(); line != null; line = out.readLine()) {
                if (line.startsWith(RESULT)) {
                    result = Double.parseDouble(line.substring(RESULT.length()));
                } else {
                    System.out.println(line);
                }
            }
        }
        int exit = process.waitFor();
        if (exit != 0 || result == null) {
            throw new IllegalStateException(
                    "The " + job.label + " job's JVM ended with exit code " + exit);
        }
        return result;
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }

    /** The three jobs, which differ only in their sink. */
    private enum Job {
        BLACKHOLE("blackhole"),
        APPEND("ducklake append"),
        UPSERT("ducklake upsert");

        private final String label;

        Job(String label) {
            this.label = label;
        }

        Sink<RowData> sink(Path dir) {
            return switch (this) {
                case BLACKHOLE -> new DiscardingSink<>();
                case APPEND -> lake(dir, "orders_append").build();
                // One writer needs no routing by key: as Flink SQL plans an upsert sink whose
                // parallelism equals its input's, the rows go straight from the source to the
                // writer.
                case UPSERT ->
                        lake(dir, "orders_upsert").primaryKey("id").shuffleByKey(false).build();
            };
        }

        private static DuckLakeSinkBuilder<RowData> lake(Path dir, String table) {
            return DuckLakeSink.forRowData()
                    .catalog(dir.resolve("metadata.ducklake").toString())
                    .dataPath(dir.resolve("data") + "/")
                    .table(table)
                    .rowType(ROW_TYPE);
        }
    }

    private static double run(Job job, long rows, int keys, Path dir) throws Exception {
        Configuration conf = new Configuration();
        conf.set(TaskManagerOptions.NUM_TASK_SLOTS, 2);
        double perSecond =
                TimedJob.generate(
                                TimedJob.environment(conf, null, 1, 1000),
                                i -> row(i, keys),
                                rows,
                                InternalTypeInfo.of(ROW_TYPE),
                                job.sink(dir),
                                job.label)
                        .perSecond();
        System.out.printf(
                "%-16s %,12.0f rows/s  (%.1f s)%n", job.label, perSecond, rows / perSecond);
        return perSecond;
    }

    /**
     * Row {@code i}; its id is {@code i % keys}, so an upsert table ends with {@code keys} rows.
     */
    static RowData row(long i, int keys) {
        long id = i % keys;
        return GenericRowData.ofKind(
                RowKind.INSERT,
                id,
                StringData.fromString("customer-" + (i % 50_000)),
                StringData.fromString("product-" + (i % 1_000)),
                StringData.fromString(REGIONS[(int) (i % REGIONS.length)]),
                i % 10 + 1,
                (i % 10_000) / 100.0,
                (i % 7) / 100.0,
                DecimalData.fromBigDecimal(BigDecimal.valueOf(i % 1_000_000, 2), 12, 2),
                TimestampData.fromLocalDateTime(EPOCH.plusSeconds(i)),
                StringData.fromString(i % 3 == 0 ? "gift" : "standard"));
    }
}
