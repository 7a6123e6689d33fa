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
import java.util.concurrent.TimeUnit;

/**
 * A command the tests run to its end, as a user would in a shell: its output (stdout and stderr
 * merged) goes to a temporary file, and a command that overruns its deadline is killed with its
 * children.
 */
public final class CommandRun {

    private CommandRun() {}

    /**
     * Runs the command to its end; fails with its output when it does not end within the timeout.
     */
    public static Result run(ProcessBuilder command, Duration timeout)
            throws IOException, InterruptedException {
        Path output = Files.createTempFile("command", ".log");
        try {
            Process process =
                    command.redirectErrorStream(true).redirectOutput(output.toFile()).start();
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly().waitFor();
                throw new AssertionError(
                        String.join(" ", command.command())
                                + " did not end within "
                                + timeout
                                + ":\n"
                                + Files.readString(output));
            }
            return new Result(process.exitValue(), Files.readString(output));
        } finally {
            Files.deleteIfExists(output);
        }
    }

    /** Runs the command to its end; fails with its output unless it exits with 0 in time. */
    public static String runToSuccess(ProcessBuilder command, Duration timeout)
            throws IOException, InterruptedException {
        Result result = run(command, timeout);
        if (result.exitCode() != 0) {
            throw new AssertionError(
                    String.join(" ", command.command())
                            + " exited with "
                            + result.exitCode()
                            + ":\n"
                            + result.output());
        }
        return result.output();
    }

    /** A command's exit code and its output, stdout and stderr merged. */
    public record Result(int exitCode, String output) {}
}
