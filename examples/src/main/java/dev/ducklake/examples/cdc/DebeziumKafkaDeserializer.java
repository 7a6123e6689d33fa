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

import dev.ducklake.flink.cdc.debezium.DebeziumTransactionalDeserializationSchema;
import dev.ducklake.flink.cdc.transaction.SourceTransactionEvent;
import java.io.IOException;
import org.apache.flink.api.common.serialization.DeserializationSchema;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.connector.kafka.source.reader.deserializer.KafkaRecordDeserializationSchema;
import org.apache.flink.util.Collector;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * Reads Debezium's Kafka messages, keys included (they name the tables' primary keys), with {@link
 * DebeziumTransactionalDeserializationSchema}: change events of the data topics and the transaction
 * topic's ends alike.
 */
public final class DebeziumKafkaDeserializer
        implements KafkaRecordDeserializationSchema<SourceTransactionEvent> {

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
    public void deserialize(
            ConsumerRecord<byte[], byte[]> record, Collector<SourceTransactionEvent> out)
            throws IOException {
        try {
            events.deserialize(record.key(), record.value(), out);
        } catch (IOException e) {
            throw new IOException(
                    "Kafka topic "
                            + record.topic()
                            + ", partition "
                            + record.partition()
                            + ", offset "
                            + record.offset()
                            + ": "
                            + e.getMessage(),
                    e);
        }
    }

    @Override
    public TypeInformation<SourceTransactionEvent> getProducedType() {
        return events.getProducedType();
    }
}
