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

package dev.ducklake.testing.cdc;

import io.debezium.engine.ChangeEvent;
import io.debezium.engine.DebeziumEngine;
import io.debezium.engine.format.JsonByteArray;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * The main class of {@link DebeziumConnector}'s JVM: Debezium's embedded engine, whose change
 * events (Kafka Connect JSON) a Kafka producer publishes into the topics Debezium names, as
 * Debezium Server's Kafka sink does. A batch's offsets are committed only once Kafka acknowledged
 * all its events, so a crash re-sends, never loses. Once the connector's task runs, the JVM listens
 * on a health port. SIGTERM closes the engine, which flushes its offsets.
 *
 * <p>Arguments: the engine's properties file, Kafka's bootstrap servers, the health port.
 */
public final class DebeziumToKafka {

    private DebeziumToKafka() {}

    public static void main(String[] args) throws Exception {
        Properties config = new Properties();
        try (InputStream in = Files.newInputStream(Path.of(args[0]))) {
            config.load(in);
        }
        ServerSocket health = new ServerSocket();
        CountDownLatch ended = new CountDownLatch(1);
        int[] exit = {0};
        KafkaProducer<byte[], byte[]> producer =
                new KafkaProducer<>(
                        Map.of(
                                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, args[1],
                                ProducerConfig.ACKS_CONFIG, "all",
                                ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true",
                                ProducerConfig.LINGER_MS_CONFIG, "5",
                                // A broker down for minutes: sends wait and retry rather than fail.
                                ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, "600000",
                                ProducerConfig.MAX_BLOCK_MS_CONFIG, "600000"),
                        new ByteArraySerializer(),
                        new ByteArraySerializer());
        DebeziumEngine<ChangeEvent<byte[], byte[]>> engine =
                DebeziumEngine.create(JsonByteArray.class)
                        .using(config)
                        .using(
                                new DebeziumEngine.ConnectorCallback() {
                                    @Override
                                    public void taskStarted() {
                                        if (health.isBound()) {
                                            return;
                                        }
                                        try {
                                            health.bind(
                                                    new InetSocketAddress(
                                                            InetAddress.getLoopbackAddress(),
                                                            Integer.parseInt(args[2])));
                                        } catch (IOException e) {
                                            throw new IllegalStateException(
                                                    "Could not open the health port " + args[2], e);
                                        }
                                    }
                                })
                        .using(
                                (success, message, error) -> {
                                    if (!success) {
                                        System.err.println("Debezium's engine stopped: " + message);
                                        if (error != null) {
                                            error.printStackTrace();
                                        }
                                        exit[0] = 1;
                                    }
                                    ended.countDown();
                                })
                        .notifying(
                                (events, committer) -> {
                                    List<Future<RecordMetadata>> sent =
                                            new ArrayList<>(events.size());
                                    for (ChangeEvent<byte[], byte[]> event : events) {
                                        sent.add(
                                                producer.send(
                                                        new ProducerRecord<>(
                                                                event.destination(),
                                                                event.key(),
                                                                event.value())));
                                    }
                                    for (int i = 0; i < events.size(); i++) {
                                        try {
                                            sent.get(i).get();
                                        } catch (ExecutionException e) {
                                            throw new IllegalStateException(
                                                    "Kafka refused an event for "
                                                            + events.get(i).destination(),
                                                    e.getCause());
                                        }
                                        committer.markProcessed(events.get(i));
                                    }
                                    committer.markBatchFinished();
                                })
                        .build();
        ExecutorService runner = Executors.newSingleThreadExecutor();
        Runtime.getRuntime()
                .addShutdownHook(
                        new Thread(
                                () -> {
                                    try {
                                        engine.close();
                                        ended.await();
                                    } catch (Exception e) {
                                        e.printStackTrace();
                                    } finally {
                                        producer.close();
                                    }
                                },
                                "debezium-shutdown"));
        runner.execute(engine);
        ended.await();
        runner.shutdown();
        health.close();
        System.exit(exit[0]);
    }
}
