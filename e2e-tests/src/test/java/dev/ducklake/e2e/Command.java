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

package dev.ducklake.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** A command the tests run to its end, as a user would in a shell. */
final class Command {

    private Command() {}

    /**
     * Runs a command, with these environment variables on top of this JVM's, its output going to a
     * log under {@code dir}; returns the output and fails unless it exits with 0 within the
     * timeout.
     */
    static String run(
            String what,
            Path dir,
            Duration timeout,
            Map<String, String> environment,
            String... command)
            throws Exception {
        Path log = Files.createTempFile(dir, "process", ".log");
        ProcessBuilder builder =
                new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().putAll(environment);
        Process process = builder.start();
        boolean ended = process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
        if (!ended) {
            process.destroyForcibly().waitFor();
        }
        String output = Files.readString(log);
        assertThat(ended).as("%s ended within %s:%n%s", what, timeout, output).isTrue();
        assertThat(process.exitValue()).as("%s:%n%s", what, output).isZero();
        return output;
    }
}
