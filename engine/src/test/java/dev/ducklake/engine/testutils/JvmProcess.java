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

package dev.ducklake.engine.testutils;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A main class run in a JVM of its own, on this test's class path, its output going to a log file.
 * {@link #kill()} is a SIGKILL: the process gets no chance to clean up.
 */
public final class JvmProcess implements AutoCloseable {

    private final Process process;
    private final Path log;

    private JvmProcess(Process process, Path log) {
        this.process = process;
        this.log = log;
    }

    /** The JVM options of a child process by default: a heap, and what Arrow needs opened. */
    public static final List<String> DEFAULT_OPTIONS =
            List.of(
                    "-Xmx768m",
                    "--add-opens=java.base/java.nio=ALL-UNNAMED",
                    "-Dorg.slf4j.simpleLogger.defaultLogLevel=info");

    public static JvmProcess start(Class<?> main, Path log, String... arguments)
            throws IOException {
        return start(DEFAULT_OPTIONS, main, log, arguments);
    }

    /** Runs the main class in a JVM with these options instead of {@link #DEFAULT_OPTIONS}. */
    public static JvmProcess start(
            List<String> jvmOptions, Class<?> main, Path log, String... arguments)
            throws IOException {
        return start(jvmOptions, Map.of(), main, log, arguments);
    }

    /**
     * Runs the main class in a JVM with these options and these environment variables on top of
     * this one's.
     */
    public static JvmProcess start(
            List<String> jvmOptions,
            Map<String, String> environment,
            Class<?> main,
            Path log,
            String... arguments)
            throws IOException {
        String classPath =
                System.getProperty(
                        "surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", classPath, main.getName()));
        command.addAll(List.of(arguments));
        ProcessBuilder builder =
                new ProcessBuilder(command)
                        .redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        builder.environment().putAll(environment);
        Process process = builder.start();
        return new JvmProcess(process, log);
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** SIGKILL, and wait for the process to be gone. */
    public void kill() throws InterruptedException {
        process.destroyForcibly().waitFor();
    }

    /** Waits for the process to end, whatever its exit code, and returns its log. */
    public String awaitEnd(Duration timeout) throws Exception {
        awaitExit(timeout);
        return output();
    }

    /** Waits for the process to end; fails with its log unless it ended with exit code 0. */
    public String awaitSuccess(Duration timeout) throws Exception {
        return awaitExit(timeout, true);
    }

    /**
     * Waits for the process to end; fails with its log unless it ended with a non-zero exit code.
     */
    public String awaitFailure(Duration timeout) throws Exception {
        return awaitExit(timeout, false);
    }

    private String awaitExit(Duration timeout, boolean success) throws Exception {
        awaitExit(timeout);
        if ((process.exitValue() == 0) != success) {
            throw new AssertionError(
                    "Process exited with "
                            + process.exitValue()
                            + (success ? "" : " where it should" + " have failed")
                            + "; log "
                            + log
                            + ":\n"
                            + output());
        }
        return output();
    }

    private void awaitExit(Duration timeout) throws Exception {
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            kill();
            throw new AssertionError(
                    "Process did not end within " + timeout + "; log " + log + ":\n" + output());
        }
    }

    public String output() throws IOException {
        return Files.readString(log);
    }

    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            kill();
        }
    }
}
