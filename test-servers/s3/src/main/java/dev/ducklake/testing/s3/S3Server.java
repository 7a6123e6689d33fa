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

package dev.ducklake.testing.s3;

import dev.ducklake.testing.process.ServerProcess;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * S3Proxy, a real S3-compatible server, in a JVM of its own on loopback, storing its buckets as
 * directories under a local directory, so that they survive {@link #stop()} and {@link #start()}.
 * Requests are signed with {@link #KEY_ID} and {@link #SECRET}; the server answers on {@link
 * #endpoint()} with path-style URLs and without TLS.
 */
public final class S3Server implements AutoCloseable {

    public static final String KEY_ID = "s3proxy-access-key";
    public static final String SECRET = "s3proxy-secret-key";

    private final Path directory;
    private final int port;
    private ServerProcess process;

    private S3Server(Path directory, int port) {
        this.directory = directory;
        this.port = port;
    }

    /** Starts a server whose buckets live under {@code directory}, on a free port. */
    public static S3Server start(Path directory) {
        S3Server server = new S3Server(directory, ServerProcess.freePort());
        server.start();
        return server;
    }

    /** {@code host:port}, as DuckDB's {@code ENDPOINT} takes it. */
    public String endpoint() {
        return "127.0.0.1:" + port;
    }

    /** The parameters of a DuckDB secret of {@code TYPE s3} for this server. */
    public Map<String, String> secret() {
        return Map.of(
                "type",
                "s3",
                "key_id",
                KEY_ID,
                "secret",
                SECRET,
                "endpoint",
                endpoint(),
                "url_style",
                "path",
                "use_ssl",
                "false",
                "region",
                "us-east-1");
    }

    /**
     * A DuckDB statement that creates a secret of {@link #secret()}, for plain DuckDB reading the
     * server.
     */
    public String createSecretSql() {
        return "CREATE SECRET ("
                + secret().entrySet().stream()
                        .map(p -> p.getKey() + " '" + p.getValue() + "'")
                        .collect(java.util.stream.Collectors.joining(", "))
                + ")";
    }

    /** Creates a bucket (a directory of the server's store). */
    public void createBucket(String bucket) {
        try {
            Files.createDirectories(directory.resolve("buckets").resolve(bucket));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The objects of a bucket under a prefix, by key, read from the server's store. */
    public List<String> keys(String bucket, String prefix) {
        Path root = directory.resolve("buckets").resolve(bucket);
        try (var files = Files.walk(root)) {
            return files.filter(Files::isRegularFile)
                    .map(file -> root.relativize(file).toString())
                    .filter(key -> key.startsWith(prefix))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Starts the server again after {@link #stop()}, on the same port and store; waits until it
     * answers.
     */
    public synchronized void start() {
        if (process == null) {
            process =
                    new ServerProcess(
                            "S3Proxy",
                            ServerProcess.recordedClassPath(S3Server.class, "s3proxy.classpath"),
                            List.of(
                                    "-Xmx256m",
                                    "-Dlogback.configurationFile="
                                            + directory.resolve("logback.xml")),
                            List.of(
                                    "org.gaul.s3proxy.Main",
                                    "--properties",
                                    directory.resolve("s3proxy.properties").toString()),
                            directory.resolve("s3proxy.log"),
                            port);
        }
        try {
            Files.createDirectories(directory.resolve("buckets"));
            Files.writeString(
                    directory.resolve("s3proxy.properties"),
                    String.join(
                                    "\n",
                                    "s3proxy.endpoint=http://127.0.0.1:" + port,
                                    "s3proxy.authorization=aws-v2-or-v4",
                                    "s3proxy.identity=" + KEY_ID,
                                    "s3proxy.credential=" + SECRET,
                                    "jclouds.provider=filesystem",
                                    "jclouds.filesystem.basedir=" + directory.resolve("buckets"))
                            + "\n");
            Files.writeString(
                    directory.resolve("logback.xml"),
                    "<configuration>"
                            + "<appender name=\"out\" class=\"ch.qos.logback.core.ConsoleAppender\">"
                            + "<encoder><pattern>%d %level %logger{20} %msg%n</pattern></encoder></appender>"
                            + "<root level=\"WARN\"><appender-ref ref=\"out\"/></root></configuration>\n");
        } catch (IOException e) {
            throw new UncheckedIOException("Could not start S3Proxy", e);
        }
        process.start();
    }

    /** Stops the server (SIGKILL), as an outage does; the buckets stay. */
    public synchronized void stop() {
        if (process != null) {
            process.kill();
        }
    }

    @Override
    public synchronized void close() {
        if (process != null) {
            process.close();
        }
    }
}
