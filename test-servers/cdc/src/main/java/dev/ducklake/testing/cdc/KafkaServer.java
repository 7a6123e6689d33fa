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

import dev.ducklake.testing.process.ProcessServer;
import dev.ducklake.testing.process.ServerProcess;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.List;

/**
 * Apache Kafka's own broker ({@code kafka.Kafka}, KRaft, one node that is broker and controller) in
 * a JVM of its own on loopback, its log under a local directory, so that topics, offsets and
 * consumer groups survive {@link #stop()} (a clean shutdown), {@link #kill()} (a crash) and {@link
 * #start()} on the same ports.
 */
public final class KafkaServer extends ProcessServer {

    static final String CLASS_PATH = "servers.classpath";

    private final int port;

    private KafkaServer(Path directory, int port, int controllerPort) {
        super(process(directory, port, controllerPort));
        this.port = port;
    }

    /**
     * The broker's process, its configuration and formatted log prepared under {@code directory}.
     */
    private static ServerProcess process(Path directory, int port, int controllerPort) {
        Path properties = directory.resolve("server.properties");
        String classPath = ServerProcess.recordedClassPath(KafkaServer.class, CLASS_PATH);
        try {
            Files.createDirectories(directory.resolve("log"));
            Files.writeString(
                    properties,
                    String.join(
                                    "\n",
                                    "process.roles=broker,controller",
                                    "node.id=1",
                                    "controller.quorum.voters=1@127.0.0.1:" + controllerPort,
                                    "listeners=PLAINTEXT://127.0.0.1:"
                                            + port
                                            + ",CONTROLLER://127.0.0.1:"
                                            + controllerPort,
                                    "advertised.listeners=PLAINTEXT://127.0.0.1:" + port,
                                    "controller.listener.names=CONTROLLER",
                                    "listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT",
                                    "inter.broker.listener.name=PLAINTEXT",
                                    "log.dirs=" + directory.resolve("log"),
                                    "num.partitions=1",
                                    "auto.create.topics.enable=true",
                                    "offsets.topic.replication.factor=1",
                                    "offsets.topic.num.partitions=1",
                                    "transaction.state.log.replication.factor=1",
                                    "transaction.state.log.min.isr=1",
                                    "group.initial.rebalance.delay.ms=0")
                            + "\n");
            if (!Files.exists(directory.resolve("log/meta.properties"))) {
                format(directory, classPath, properties);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "Could not prepare the Kafka broker under " + directory, e);
        }
        return new ServerProcess(
                "Kafka",
                classPath,
                List.of("-Xmx512m"),
                List.of("kafka.Kafka", properties.toString()),
                directory.resolve("kafka.out"),
                port);
    }

    /** Starts a broker whose log lives under {@code directory}, on free ports. */
    public static KafkaServer start(Path directory) {
        KafkaServer server =
                new KafkaServer(directory, ServerProcess.freePort(), ServerProcess.freePort());
        server.start();
        return server;
    }

    /** {@code host:port} for clients' {@code bootstrap.servers}. */
    public String bootstrapServers() {
        return "127.0.0.1:" + port;
    }

    /**
     * A cluster id as Kafka writes one: 16 random bytes in URL-safe base64 without padding, drawn
     * again while it starts with '-', which the format tool's argument parser would take for an
     * option (Kafka's {@code Uuid.randomUuid} does the same).
     */
    static String clusterId() {
        SecureRandom random = new SecureRandom();
        byte[] bytes = new byte[16];
        String id;
        do {
            random.nextBytes(bytes);
            id = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
        } while (id.startsWith("-"));
        return id;
    }

    private static void format(Path directory, String classPath, Path properties)
            throws IOException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process format =
                new ProcessBuilder(
                                java.toString(),
                                "-cp",
                                classPath,
                                "kafka.tools.StorageTool",
                                "format",
                                "-t",
                                clusterId(),
                                "-c",
                                properties.toString())
                        .redirectErrorStream(true)
                        .redirectOutput(directory.resolve("format.out").toFile())
                        .start();
        try {
            if (format.waitFor() != 0) {
                throw new IOException(
                        "Formatting the Kafka log failed: "
                                + Files.readString(directory.resolve("format.out")));
            }
        } catch (InterruptedException e) {
            format.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
    }
}
