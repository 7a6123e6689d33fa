package dev.ducklake.examples.cdc;

import dev.ducklake.flink.sink.cdc.SourceTransactionEvent;
import dev.ducklake.flink.sink.cdc.debezium.DebeziumTransactionalDeserializationSchema;
import java.io.IOException;
import org.apache.flink.api.common.serialization.DeserializationSchema;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.connector.kafka.source.reader.deserializer.KafkaRecordDeserializationSchema;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.flink.util.Collector;

/**
 * Reads Debezium's Kafka messages, keys included (they name the tables' primary keys), with
 * {@link DebeziumTransactionalDeserializationSchema}: change events of the data topics and the
 * transaction topic's ends alike.
 */
public final class DebeziumKafkaDeserializer implements KafkaRecordDeserializationSchema<SourceTransactionEvent> {

    private static final long serialVersionUID = 1L;

    private final DebeziumTransactionalDeserializationSchema events;

    public DebeziumKafkaDeserializer(DebeziumTransactionalDeserializationSchema events) {
        this.events = events;
    }

    @Override
    public void open(DeserializationSchema.InitializationContext context) {
        events.open(context);
    }

    @Override
    public void deserialize(ConsumerRecord<byte[], byte[]> record, Collector<SourceTransactionEvent> out)
            throws IOException {
        try {
            events.deserialize(record.key(), record.value(), out);
        } catch (IOException e) {
            throw new IOException("Kafka topic " + record.topic() + ", partition " + record.partition() + ", offset "
                    + record.offset() + ": " + e.getMessage(), e);
        }
    }

    @Override
    public TypeInformation<SourceTransactionEvent> getProducedType() {
        return events.getProducedType();
    }
}
