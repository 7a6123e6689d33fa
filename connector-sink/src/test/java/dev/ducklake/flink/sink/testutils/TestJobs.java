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

package dev.ducklake.flink.sink.testutils;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.awaitility.Awaitility.await;

import dev.ducklake.engine.config.CatalogLocation;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.configuration.StateRecoveryOptions;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.util.ExceptionUtils;
import org.assertj.core.api.AbstractStringAssert;

/**
 * The MiniCluster and the jobs of the connector's ITCases: one task manager, checkpoints every 200
 * ms, parallelism 1 unless an operator sets its own, a few quick restarts; and the waits for a
 * job's state, each with a deadline.
 */
public final class TestJobs {

    /** How long a job may take to wind down after a cancel or a stop. */
    private static final Duration TERMINATION = Duration.ofSeconds(60);

    private TestJobs() {}

    /**
     * Runs the job {@code name}, asserts that it fails, and returns an assertion on its failure's
     * stack trace, causes included: {@code assertJobFails(env, "bad key").contains("order_id")}.
     */
    public static AbstractStringAssert<?> assertJobFails(
            StreamExecutionEnvironment env, String name) {
        Throwable failure = catchThrowable(() -> env.execute(name));
        assertThat(failure).as("the failure of job '%s'", name).isNotNull();
        return assertThat(ExceptionUtils.stringifyException(failure));
    }

    /**
     * The options of a {@code 'connector' = 'ducklake'} table of the lake on {@code catalog} whose
     * data path is {@code dir/data/}, for a {@code WITH} clause.
     */
    public static String tableOptions(CatalogLocation catalog, Path dir) {
        return "'connector' = 'ducklake', 'catalog' = '"
                + catalog.key()
                + "', 'data-path' = '"
                + dir.resolve("data")
                + "/'";
    }

    /**
     * A MiniCluster of one task manager with {@code slots} slots, for a static
     * {@code @RegisterExtension}.
     */
    public static MiniClusterExtension miniCluster(int slots) {
        return miniCluster(slots, new Configuration());
    }

    public static MiniClusterExtension miniCluster(int slots, Configuration conf) {
        return new MiniClusterExtension(
                new MiniClusterResourceConfiguration.Builder()
                        .setNumberTaskManagers(1)
                        .setNumberSlotsPerTaskManager(slots)
                        .setConfiguration(conf)
                        .build());
    }

    /** A job that restarts up to 3 times, 100 ms apart. */
    public static StreamExecutionEnvironment environment() {
        return environment(3);
    }

    /**
     * A job that restarts up to {@code restarts} times, 100 ms apart; with 0 the first failure
     * fails it.
     */
    public static StreamExecutionEnvironment environment(int restarts) {
        return environment(restarts, new Configuration());
    }

    /** A job resumed from the savepoint (or retained checkpoint) at {@code savepoint}. */
    public static StreamExecutionEnvironment resumedFrom(String savepoint) {
        Configuration conf = new Configuration();
        conf.set(StateRecoveryOptions.SAVEPOINT_PATH, savepoint);
        return environment(3, conf);
    }

    private static StreamExecutionEnvironment environment(int restarts, Configuration conf) {
        if (restarts == 0) {
            conf.set(RestartStrategyOptions.RESTART_STRATEGY, "none");
        } else {
            conf.set(RestartStrategyOptions.RESTART_STRATEGY, "fixed-delay");
            conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_ATTEMPTS, restarts);
            conf.set(
                    RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_DELAY,
                    Duration.ofMillis(100));
        }
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        env.enableCheckpointing(200);
        env.setParallelism(1);
        return env;
    }

    /**
     * Stops the job with a canonical savepoint under {@code dir}, waits until it ended, returns the
     * savepoint.
     */
    public static String stopWithSavepoint(JobClient job, Path dir) throws Exception {
        String savepoint =
                job.stopWithSavepoint(
                                false,
                                dir.resolve("savepoints").toUri().toString(),
                                SavepointFormatType.CANONICAL)
                        .get(TERMINATION.toSeconds(), TimeUnit.SECONDS);
        awaitTermination(job);
        return savepoint;
    }

    /** Cancels the job and waits until it ended. */
    public static void cancel(JobClient job) throws Exception {
        job.cancel().get(TERMINATION.toSeconds(), TimeUnit.SECONDS);
        awaitTermination(job);
    }

    /** Waits until the job reached a terminal state (its tasks closed their sources and sinks). */
    /** Cancels the job unless it has already ended for good, as a test's last step. */
    public static void cancelIfRunning(JobClient job) throws Exception {
        if (!job.getJobStatus().get().isGloballyTerminalState()) {
            cancel(job);
        }
    }

    public static void awaitTermination(JobClient job) throws Exception {
        await("job " + job.getJobID() + " ended")
                .atMost(TERMINATION)
                .until(() -> job.getJobStatus().get(), status -> status.isTerminalState());
    }
}
