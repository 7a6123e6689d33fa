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

import dev.ducklake.testing.process.ProjectRoot;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

/**
 * Flink's official distributions, installed by {@code scripts/install-flink.sh} (which {@code
 * .ci/run} runs first; a test runs it itself when a version is missing).
 */
final class FlinkDistributions {

    /** The Flink releases the connector supports, as the script installs them. */
    static final List<String> SUPPORTED = List.of("2.0.2", "2.1.3", "2.2.1", "2.3.0");

    private FlinkDistributions() {}

    /** The distribution's home, installed if needed. */
    static synchronized Path install(String version) throws IOException {
        Path root = ProjectRoot.containing("scripts/install-flink.sh");
        Process process =
                new ProcessBuilder(
                                "bash",
                                root.resolve("scripts/install-flink.sh").toString(),
                                version)
                        .redirectError(ProcessBuilder.Redirect.INHERIT)
                        .start();
        String output =
                new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        try {
            if (process.waitFor() != 0) {
                throw new IOException(
                        "scripts/install-flink.sh " + version + " failed:\n" + output);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
        String[] lines = output.split("\n");
        return Path.of(lines[lines.length - 1]);
    }
}
