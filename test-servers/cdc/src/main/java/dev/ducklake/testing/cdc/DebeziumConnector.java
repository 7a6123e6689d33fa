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
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * Debezium's PostgreSQL connector (the embedded engine, {@code pgoutput}) in a JVM of its own,
 * publishing JSON change events with schemas and transaction metadata into a {@link KafkaServer}.
 * Its offsets live in a file under a local directory, so that it resumes where it left off after a
 * clean {@link #stop()}, which flushes its offsets, or a {@link #kill()}, after which it re-sends
 * what came after its last flushed offsets. {@link #start()} waits until its task runs.
 */
public final class DebeziumConnector extends ProcessServer {

    private DebeziumConnector(
            Path directory, Map<String, String> settings, String bootstrapServers) {
        super(process(directory, settings, bootstrapServers));
    }

    /** The connector's process, its settings written under {@code directory}. */
    private static ServerProcess process(
            Path directory, Map<String, String> settings, String bootstrapServers) {
        int health = ServerProcess.freePort();
        Map<String, String> config = new LinkedHashMap<>();
        config.put("name", "ducklake-cdc");
        config.put("connector.class", "io.debezium.connector.postgresql.PostgresConnector");
        config.put("plugin.name", "pgoutput");
        config.put("offset.storage", "org.apache.kafka.connect.storage.FileOffsetBackingStore");
        config.put("offset.storage.file.filename", directory.resolve("offsets.dat").toString());
        config.put("offset.flush.interval.ms", "0");
        config.put("provide.transaction.metadata", "true");
        config.put("converter.schemas.enable", "true");
        // An explicit NULL stays NULL in a column with a default.
        config.put("converter.replace.null.with.default", "false");
        config.put("slot.drop.on.stop", "false");
        config.putAll(settings);
        Path properties = directory.resolve("debezium.properties");
        try {
            Files.createDirectories(directory);
            Properties file = new Properties();
            file.putAll(config);
            try (Writer out = Files.newBufferedWriter(properties)) {
                file.store(out, "Debezium embedded engine");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        // The recorded class path, and this module's classes for the main class.
        String classPath =
                ownLocation()
                        + File.pathSeparator
                        + ServerProcess.recordedClassPath(
                                DebeziumConnector.class, KafkaServer.CLASS_PATH);
        return new ServerProcess(
                "Debezium",
                classPath,
                List.of("-Xmx512m", "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn"),
                List.of(
                        DebeziumToKafka.class.getName(),
                        properties.toString(),
                        bootstrapServers,
                        Integer.toString(health)),
                directory.resolve("debezium.out"),
                health);
    }

    /**
     * Starts the connector with the given Debezium settings ({@code database.*}, {@code
     * topic.prefix}, {@code table.include.list}, ...) on top of this class's; waits until its task
     * runs.
     *
     * @param directory where its settings, offsets and output go
     */
    public static DebeziumConnector start(
            Path directory, Map<String, String> settings, String bootstrapServers) {
        DebeziumConnector connector = new DebeziumConnector(directory, settings, bootstrapServers);
        connector.start();
        return connector;
    }

    private static String ownLocation() {
        try {
            return Path.of(
                            DebeziumConnector.class
                                    .getProtectionDomain()
                                    .getCodeSource()
                                    .getLocation()
                                    .toURI())
                    .toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
