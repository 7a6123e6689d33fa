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

package dev.ducklake.flink.sink;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ducklake.engine.LakeEngine;
import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.testutils.TestLakes;
import dev.ducklake.flink.sink.testutils.NoEngineLeftOpen;
import dev.ducklake.flink.sink.testutils.OrderEvents;
import dev.ducklake.flink.sink.testutils.TestJobs;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.runtime.execution.SuppressRestartsException;
import org.apache.flink.runtime.state.FunctionInitializationContext;
import org.apache.flink.runtime.state.FunctionSnapshotContext;
import org.apache.flink.streaming.api.checkpoint.CheckpointedFunction;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.util.ExceptionUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A checkpoint whose staged file is deleted after the writer wrote it and before the committer
 * commits it can never be committed: the job fails at once, under a restart strategy that would
 * otherwise restart it forever, with a message naming the checkpoint, the table and the lost file.
 */
@ExtendWith(NoEngineLeftOpen.class)
class LostStagingITCase {

    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = TestJobs.miniCluster(2);

    /**
     * The staged file deleted, and its checkpoint; JVM-wide, as the MiniCluster's tasks share the
     * JVM.
     */
    static final AtomicReference<String> DELETED = new AtomicReference<>();

    @TempDir Path dir;

    @Test
    void aCheckpointWhoseStagedFileIsGoneFailsTheJobWithoutRestartsSayingWhatIsLost()
            throws Exception {
        DELETED.set(null);
        CatalogLocation catalog = TestLakes.catalog(CatalogLocation.Kind.DUCKDB, dir);
        Path staging = dir.resolve("staging");
        StreamExecutionEnvironment env = restartingForever();
        OrderEvents.stream(env, "orders", OrderEvents::append, Long.MAX_VALUE, 2_000)
                .sinkTo(
                        OrderEvents.sink(catalog, dir, "orders")
                                .stagingPath(staging.toString())
                                .build());
        env.fromSequence(0, Long.MAX_VALUE)
                .map(new DeleteStagedFileAtCheckpoint(staging.toString()))
                .sinkTo(new DiscardingSink<>());

        String failure =
                failureWithoutRestarts(env.executeAsync("a staged file deleted before its commit"));
        String deleted = DELETED.get();
        assertThat(deleted).as("a staged file was deleted").isNotNull();
        String checkpoint = deleted.substring(0, deleted.indexOf(' '));
        String file = deleted.substring(deleted.indexOf(' ') + 1);
        assertThat(failure)
                .contains("checkpoint " + checkpoint + " of the DuckLake sink")
                .contains("main.orders")
                .contains(file)
                .contains("are lost")
                .contains(
                        "restore the job from the newest retained checkpoint or savepoint taken before"
                                + " checkpoint "
                                + checkpoint
                                + ",");
    }

    @Test
    void aStagingPathInsideTheLakesStoredDataPathFailsTheJobWithoutRestarts() throws Exception {
        CatalogLocation catalog = TestLakes.catalog(CatalogLocation.Kind.DUCKDB, dir);
        // The lake exists with its data path; the sink is not told it, so only its writers can
        // tell.
        LakeEngine.open(TestLakes.config(catalog, dir).build()).close();
        Path staging = dir.resolve("data").resolve("staging");
        StreamExecutionEnvironment env = restartingForever();
        OrderEvents.stream(env, "orders", OrderEvents::append, Long.MAX_VALUE, 2_000)
                .sinkTo(
                        DuckLakeSink.forRowData()
                                .catalog(catalog.key())
                                .stagingPath(staging.toString())
                                .table("orders")
                                .rowType(OrderEvents.ROW_TYPE)
                                .build());

        assertThat(failureWithoutRestarts(env.executeAsync("a staging path inside the data path")))
                .contains("The staging path '" + staging + "'")
                .contains("inside the lake's data path");
    }

    /** A job that restarts a failing job for as long as it fails, checkpointing every 200 ms. */
    private static StreamExecutionEnvironment restartingForever() {
        Configuration conf = new Configuration();
        conf.set(RestartStrategyOptions.RESTART_STRATEGY, "fixed-delay");
        conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_ATTEMPTS, Integer.MAX_VALUE);
        conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_DELAY, Duration.ofMillis(50));
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        env.enableCheckpointing(200);
        env.setParallelism(1);
        return env;
    }

    /**
     * The text of the job's failure, which must fail it without restarts; a job still running is
     * cancelled.
     */
    private static String failureWithoutRestarts(JobClient job) throws Exception {
        try {
            Throwable failure = failureOf(job);
            assertThat(ExceptionUtils.findThrowable(failure, SuppressRestartsException.class))
                    .isPresent();
            return ExceptionUtils.stringifyException(failure);
        } finally {
            TestJobs.cancelIfRunning(job);
        }
    }

    /** The job's failure; a job still running after the deadline is restarting forever. */
    private static Throwable failureOf(JobClient job) throws Exception {
        try {
            job.getJobExecutionResult().get(60, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            return e;
        }
        throw new AssertionError("The job finished instead of failing");
    }

    /**
     * Passes records through; at the first checkpoint that the sink staged a complete file for, it
     * deletes that file while the checkpoint is still being taken, so before the committer sees it.
     */
    static final class DeleteStagedFileAtCheckpoint
            implements MapFunction<Long, Long>, CheckpointedFunction {

        private static final long serialVersionUID = 1L;

        private final String staging;

        DeleteStagedFileAtCheckpoint(String staging) {
            this.staging = staging;
        }

        @Override
        public Long map(Long value) {
            return value;
        }

        @Override
        public void snapshotState(FunctionSnapshotContext context) throws Exception {
            if (DELETED.get() != null) {
                return;
            }
            long checkpoint = context.getCheckpointId();
            long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
            while (System.nanoTime() < deadline) {
                Optional<Path> file = completeFileOf(checkpoint);
                if (file.isPresent()) {
                    Files.delete(file.get());
                    DELETED.set(checkpoint + " " + file.get());
                    return;
                }
                Thread.onSpinWait();
            }
        }

        private Optional<Path> completeFileOf(long checkpoint) throws IOException {
            Path root = Path.of(staging);
            if (!Files.isDirectory(root)) {
                return Optional.empty();
            }
            try (Stream<Path> files = Files.walk(root)) {
                return files.filter(f -> f.getFileName().toString().startsWith(checkpoint + "-"))
                        .filter(LostStagingITCase::endsWithParquetFooter)
                        .findFirst();
            }
        }

        @Override
        public void initializeState(FunctionInitializationContext context) {}
    }

    /** A Parquet file is complete once it ends with its magic bytes. */
    static boolean endsWithParquetFooter(Path file) {
        try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
            if (in.length() < 8) {
                return false;
            }
            byte[] magic = new byte[4];
            in.seek(in.length() - 4);
            in.readFully(magic);
            return new String(magic, StandardCharsets.US_ASCII).equals("PAR1");
        } catch (IOException e) {
            return false;
        }
    }
}
