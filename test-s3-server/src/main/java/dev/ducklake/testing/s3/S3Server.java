package dev.ducklake.testing.s3;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * S3Proxy, a real S3-compatible server, in a JVM of its own on loopback, storing its buckets as
 * directories under a local directory, so that they survive {@link #stop()} and {@link #start()}.
 * Requests are signed with {@link #KEY_ID} and {@link #SECRET}; the server answers on
 * {@link #endpoint()} with path-style URLs and without TLS.
 */
public final class S3Server implements AutoCloseable {

    public static final String KEY_ID = "s3proxy-access-key";
    public static final String SECRET = "s3proxy-secret-key";
    private static final Duration STARTUP = Duration.ofSeconds(60);

    private final Path directory;
    private final int port;
    private Process process;

    /** Kills the server if the JVM ends without closing it. */
    private final Thread shutdownHook = new Thread(this::kill, "s3proxy-shutdown");

    private S3Server(Path directory, int port) {
        this.directory = directory;
        this.port = port;
        Runtime.getRuntime().addShutdownHook(shutdownHook);
    }

    /** Starts a server whose buckets live under {@code directory}, on a free port. */
    public static S3Server start(Path directory) {
        S3Server server = new S3Server(directory, freePort());
        server.start();
        return server;
    }

    /** {@code host:port}, as DuckDB's {@code ENDPOINT} takes it. */
    public String endpoint() {
        return "127.0.0.1:" + port;
    }

    /** The parameters of a DuckDB secret of {@code TYPE s3} for this server. */
    public Map<String, String> secret() {
        return Map.of("type", "s3", "key_id", KEY_ID, "secret", SECRET, "endpoint", endpoint(), "url_style", "path",
                "use_ssl", "false", "region", "us-east-1");
    }

    /** A DuckDB statement that creates a secret of {@link #secret()}, for plain DuckDB reading the server. */
    public String createSecretSql() {
        return "CREATE SECRET (" + secret().entrySet().stream().map(p -> p.getKey() + " '" + p.getValue() + "'")
                .collect(java.util.stream.Collectors.joining(", ")) + ")";
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
            return files.filter(Files::isRegularFile).map(file -> root.relativize(file).toString())
                    .filter(key -> key.startsWith(prefix)).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Starts the server again after {@link #stop()}, on the same port and store; waits until it answers. */
    public synchronized void start() {
        if (process != null && process.isAlive()) {
            return;
        }
        try {
            Files.createDirectories(directory.resolve("buckets"));
            Path properties = directory.resolve("s3proxy.properties");
            Files.writeString(properties, String.join("\n",
                    "s3proxy.endpoint=http://127.0.0.1:" + port,
                    "s3proxy.authorization=aws-v2-or-v4",
                    "s3proxy.identity=" + KEY_ID,
                    "s3proxy.credential=" + SECRET,
                    "jclouds.provider=filesystem",
                    "jclouds.filesystem.basedir=" + directory.resolve("buckets")) + "\n");
            Path logging = directory.resolve("logback.xml");
            Files.writeString(logging, "<configuration><appender name=\"out\" class=\"ch.qos.logback.core.ConsoleAppender\">"
                    + "<encoder><pattern>%d %level %logger{20} %msg%n</pattern></encoder></appender>"
                    + "<root level=\"WARN\"><appender-ref ref=\"out\"/></root></configuration>\n");
            Path java = Path.of(System.getProperty("java.home"), "bin", "java");
            process = new ProcessBuilder(java.toString(), "-Xmx256m", "-Dlogback.configurationFile=" + logging,
                    "-cp", classPath(),
                    "org.gaul.s3proxy.Main", "--properties", properties.toString())
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(directory.resolve("s3proxy.log").toFile()))
                    .start();
        } catch (IOException e) {
            throw new UncheckedIOException("Could not start S3Proxy", e);
        }
        awaitListening();
    }

    /** Stops the server (SIGKILL), as an outage does; the buckets stay. */
    public synchronized void stop() {
        if (process != null) {
            try {
                process.destroyForcibly().waitFor();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
            process = null;
        }
    }

    @Override
    public void close() {
        stop();
        Runtime.getRuntime().removeShutdownHook(shutdownHook);
    }

    private synchronized void kill() {
        if (process != null) {
            process.destroyForcibly();
        }
    }

    private void awaitListening() {
        long deadline = System.nanoTime() + STARTUP.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("S3Proxy exited with " + process.exitValue() + "; see "
                        + directory.resolve("s3proxy.log"));
            }
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress("127.0.0.1", port), 200);
                return;
            } catch (IOException notYet) {
                try {
                    Thread.sleep(50); // polling a port has no event to wait on
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException(e);
                }
            }
        }
        stop();
        throw new IllegalStateException("S3Proxy did not listen on port " + port + " within " + STARTUP + "; see "
                + directory.resolve("s3proxy.log"));
    }

    private static String classPath() throws IOException {
        try (InputStream in = S3Server.class.getResourceAsStream("s3proxy.classpath")) {
            if (in == null) {
                throw new IllegalStateException("s3proxy.classpath is missing: build the test-s3-server module");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
        }
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
