package dev.ducklake.examples.cdc;

import dev.ducklake.flink.sink.DuckLakeChangeSink;
import dev.ducklake.flink.sink.DuckLakeSink;
import dev.ducklake.flink.sink.SourceTransactions;
import dev.ducklake.flink.sink.cdc.ChangeRecord;
import dev.ducklake.flink.sink.cdc.OverdueTransactionPolicy;
import dev.ducklake.flink.sink.cdc.SourceTransactionEvent;
import dev.ducklake.flink.sink.cdc.debezium.DebeziumJsonDeserializationSchema;
import java.time.Duration;
import java.util.regex.Pattern;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
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
     * The change records of the Debezium connector whose topics start with {@code topicPrefix}.
     *
     * @param wholeTransactions whether to release only whole source transactions
     */
    public static DataStream<ChangeRecord> changes(StreamExecutionEnvironment env, String bootstrapServers,
            String topicPrefix, boolean wholeTransactions) {
        KafkaSource<SourceTransactionEvent> topics = KafkaSource.<SourceTransactionEvent>builder()
                .setBootstrapServers(bootstrapServers)
                .setTopicPattern(Pattern.compile(Pattern.quote(topicPrefix) + "\\..*"))
                .setGroupId("ducklake-" + topicPrefix)
                .setStartingOffsets(OffsetsInitializer.earliest())
                .setDeserializer(new DebeziumKafkaDeserializer(
                        DebeziumJsonDeserializationSchema.builder().buildWithTransactions()))
                // Debezium creates a table's topic with the table's first change.
                .setProperty("partition.discovery.interval.ms", "1000")
                .build();
        DataStream<SourceTransactionEvent> events = env.fromSource(topics, WatermarkStrategy.noWatermarks(),
                "Debezium topics").uid("debezium-topics");
        return wholeTransactions
                ? SourceTransactions.whole(events, MAX_WAIT, OverdueTransactionPolicy.FAIL).uid("whole-transactions")
                : SourceTransactions.asTheyArrive(events).uid("changes-as-they-arrive");
    }

    /** The change sink into the lake of a catalog and data path. */
    public static DuckLakeChangeSink sink(String catalog, String dataPath) {
        return DuckLakeSink.forChangeRecords().catalog(catalog).dataPath(dataPath).memoryLimit("512MB").build();
    }
}
