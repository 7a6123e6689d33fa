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

package dev.ducklake.testing.process;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A server in a JVM of its own, started from a class path recorded in a resource, its output
 * appended to a log file, and counted as up once it listens on a loopback port. It can be stopped
 * cleanly (SIGTERM) or killed (SIGKILL) and started again; once started, it is killed if the JVM
 * that started it ends without closing it.
 */
public final class ServerProcess implements AutoCloseable {

    private static final Duration STARTUP = Duration.ofSeconds(90);
    private static final Duration SHUTDOWN = Duration.ofSeconds(60);

    private final String name;
    private final List<String> command;
    private final Path log;
    private final int port;
    private final Thread shutdownHook = new Thread(this::kill, "server-process-shutdown");
    private Process process;
    private boolean hooked;

    /**
     * @param name the server's name, for messages
     * @param classPath the server's class path
     * @param jvmOptions options of its JVM
     * @param mainAndArguments its main class and arguments
     * @param log the file its output is appended to
     * @param port the loopback port it listens on once up
     */
    public ServerProcess(
            String name,
            String classPath,
            List<String> jvmOptions,
            List<String> mainAndArguments,
            Path log,
            int port) {
        this.name = name;
        this.log = log;
        this.port = port;
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.add("-cp");
        command.add(classPath);
        command.addAll(mainAndArguments);
        this.command = List.copyOf(command);
    }

    /** The class path recorded in the resource {@code resource} next to {@code owner}. */
    public static String recordedClassPath(Class<?> owner, String resource) {
        try (InputStream in = owner.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException(
                        resource + " is missing: build the module of " + owner.getName());
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A port free on loopback now. */
    public static int freePort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Starts the server unless it runs; waits until it listens. */
    public synchronized void start() {
        if (isRunning()) {
            return;
        }
        if (!hooked) {
            Runtime.getRuntime().addShutdownHook(shutdownHook);
            hooked = true;
        }
        try {
            process =
                    new ProcessBuilder(command)
                            .redirectErrorStream(true)
                            .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                            .start();
        } catch (IOException e) {
            throw new UncheckedIOException("Could not start " + name, e);
        }
        awaitListening();
    }

    public synchronized boolean isRunning() {
        return process != null && process.isAlive();
    }

    /** Stops the server cleanly (SIGTERM) and waits until it ended. */
    public synchronized void stop() {
        if (process != null) {
            process.destroy();
            await(SHUTDOWN);
            process = null;
        }
    }

    /** Kills the server (SIGKILL), as a crash does. */
    public synchronized void kill() {
        if (process != null) {
            process.destroyForcibly();
            await(SHUTDOWN);
            process = null;
        }
    }

    @Override
    public synchronized void close() {
        try {
            kill();
        } finally {
            if (hooked) {
                Runtime.getRuntime().removeShutdownHook(shutdownHook);
                hooked = false;
            }
        }
    }

    private void await(Duration timeout) {
        try {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly().waitFor();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private void awaitListening() {
        long deadline = System.nanoTime() + STARTUP.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException(
                        name + " exited with " + process.exitValue() + "; see " + log);
            }
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 200);
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
        kill();
        throw new IllegalStateException(
                name + " did not listen on port " + port + " within " + STARTUP + "; see " + log);
    }
}
