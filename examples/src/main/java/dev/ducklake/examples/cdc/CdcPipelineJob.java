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

package dev.ducklake.examples.cdc;

import dev.ducklake.flink.cdc.ChangeRecord;
import dev.ducklake.flink.cdc.debezium.DebeziumJsonDeserializationSchema;
import dev.ducklake.flink.cdc.transaction.OverdueTransactionPolicy;
import dev.ducklake.flink.cdc.transaction.SourceTransactionEvent;
import dev.ducklake.flink.cdc.transaction.SourceTransactions;
import dev.ducklake.flink.sink.DuckLakeChangeSink;
import dev.ducklake.flink.sink.DuckLakeSink;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Pattern;
import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/**
 * The Flink side of the CDC pipeline: Flink's {@link KafkaSource} reads every topic of a Debezium
 * connector (the tables' topics and its transaction topic, found as they appear), Debezium's JSON
 * becomes {@link SourceTransactionEvent}s, {@link SourceTransactions#whole} releases whole source
 * transactions (or, without it, changes as they arrive), and the change sink writes each source
 * table to the lake table of the same name, every checkpoint as one snapshot of all tables.
 */
public final class CdcPipelineJob {

    /** How long a source transaction may wait for its changes before the job fails. */
    public static final Duration MAX_WAIT = Duration.ofMinutes(5);

    private CdcPipelineJob() {}

    /**
     * A job's configuration with its checkpoints in files under {@code directory}. The changes of
     * the transactions that wait for the rest of theirs are operator state, written whole at every
     * checkpoint; a job catching up a backlog holds megabytes of them, beyond what the JobManager's
     * in-memory checkpoint storage takes.
     */
    public static Configuration checkpointsIn(Path directory) {
        Configuration conf = new Configuration();
        conf.set(CheckpointingOptions.CHECKPOINT_STORAGE, "filesystem");
        conf.set(CheckpointingOptions.CHECKPOINTS_DIRECTORY, directory.toUri().toString());
        return conf;
    }

    /**
     * The change records of the Debezium connector whose topics start with {@code topicPrefix}.
     *
     * @param wholeTransactions whether to release only whole source transactions
     */
    public static DataStream<ChangeRecord> changes(
            StreamExecutionEnvironment env,
            String bootstrapServers,
            String topicPrefix,
            boolean wholeTransactions) {
        KafkaSource<SourceTransactionEvent> topics =
                KafkaSource.<SourceTransactionEvent>builder()
                        .setBootstrapServers(bootstrapServers)
                        .setTopicPattern(Pattern.compile(Pattern.quote(topicPrefix) + "\\..*"))
                        .setGroupId("ducklake-" + topicPrefix)
                        .setStartingOffsets(OffsetsInitializer.earliest())
                        .setDeserializer(
                                new DebeziumKafkaDeserializer(
                                        DebeziumJsonDeserializationSchema.builder()
                                                .buildWithTransactions()))
                        // Debezium creates a table's topic with the table's first change.
                        .setProperty("partition.discovery.interval.ms", "1000")
                        .build();
        DataStream<SourceTransactionEvent> events =
                env.fromSource(topics, inStepByPublishTime(), "Debezium topics")
                        .uid("debezium-topics");
        return wholeTransactions
                ? SourceTransactions.whole(events, MAX_WAIT, OverdueTransactionPolicy.FAIL)
                        .uid("whole-transactions")
                : SourceTransactions.asTheyArrive(events).uid("changes-as-they-arrive");
    }

    /**
     * The topics read in step, by the time Debezium published each event (Kafka's record
     * timestamps): a topic more than a second ahead of the others is paused. Without it, a job
     * catching up a backlog reads every topic at about the same rate in bytes, so the topic with
     * the most bytes per transaction falls behind, and the changes of the others wait for it in the
     * job's state. A topic that has nothing to read for a second holds no other back.
     */
    private static WatermarkStrategy<SourceTransactionEvent> inStepByPublishTime() {
        return WatermarkStrategy.<SourceTransactionEvent>forMonotonousTimestamps()
                .withIdleness(Duration.ofSeconds(1))
                .withWatermarkAlignment(
                        "debezium-topics", Duration.ofSeconds(1), Duration.ofMillis(200));
    }

    /**
     * Starts the pipeline's job on a local MiniCluster, at parallelism 1 with a checkpoint every
     * second into files under {@code checkpoints}, writing into the lake of {@code lakeCatalog} and
     * {@code dataPath}.
     *
     * @param wholeTransactions whether to release only whole source transactions
     */
    public static JobClient start(
            Path checkpoints,
            String bootstrapServers,
            String topicPrefix,
            boolean wholeTransactions,
            String lakeCatalog,
            String dataPath,
            String jobName)
            throws Exception {
        StreamExecutionEnvironment env =
                StreamExecutionEnvironment.getExecutionEnvironment(checkpointsIn(checkpoints));
        env.enableCheckpointing(1_000);
        env.setParallelism(1);
        changes(env, bootstrapServers, topicPrefix, wholeTransactions)
                .sinkTo(sink(lakeCatalog, dataPath));
        return env.executeAsync(jobName);
    }

    /** Throws the job's failure, or that it finished, if it no longer runs. */
    public static void requireRunning(JobClient job) throws Exception {
        CompletableFuture<JobExecutionResult> result = job.getJobExecutionResult();
        if (result.isDone()) {
            result.get();
            throw new IllegalStateException("The CDC pipeline's Flink job finished");
        }
    }

    /** Cancels the job if it still runs; rethrows the failure of one that ended on its own. */
    public static void stop(JobClient job) throws Exception {
        CompletableFuture<JobExecutionResult> result = job.getJobExecutionResult();
        if (result.isDone()) {
            result.get();
        } else {
            job.cancel().get();
        }
    }

    /** The change sink into the lake of a catalog and data path. */
    public static DuckLakeChangeSink sink(String catalog, String dataPath) {
        return DuckLakeSink.forChangeRecords()
                .catalog(catalog)
                .dataPath(dataPath)
                .memoryLimit("512MB")
                .build();
    }
}
