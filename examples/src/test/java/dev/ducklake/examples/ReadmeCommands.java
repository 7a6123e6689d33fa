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

package dev.ducklake.examples;

import dev.ducklake.engine.testutils.CommandRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The commands the README and the docs pages give, and a way to run one as a user would, from the
 * repository's root.
 */
public final class ReadmeCommands {

    public static final Path ROOT = Path.of("").toAbsolutePath().getParent();

    /** The page that gives the examples' commands. */
    public static final Path GETTING_STARTED = Path.of("docs", "getting-started.md");

    private ReadmeCommands() {}

    /**
     * The command on the line after the README's comment line that starts with {@code
     * commentPrefix}.
     */
    public static String after(String commentPrefix) throws IOException {
        return after(Path.of("README.md"), commentPrefix);
    }

    /**
     * The command on the line after the comment line that starts with {@code commentPrefix} in
     * {@code page}, a path relative to the repository's root.
     */
    public static String after(Path page, String commentPrefix) throws IOException {
        List<String> lines = Files.readAllLines(ROOT.resolve(page));
        for (int i = 0; i + 1 < lines.size(); i++) {
            if (lines.get(i).startsWith("# " + commentPrefix)) {
                return lines.get(i + 1).trim();
            }
        }
        throw new IllegalStateException(
                page + " has no command after a comment starting with '# " + commentPrefix + "'");
    }

    /**
     * Runs a command line with bash from the repository's root; its output, stdout and stderr
     * merged.
     */
    public static CommandRun.Result run(String command, Duration timeout)
            throws IOException, InterruptedException {
        return run(command, timeout, Map.of());
    }

    /**
     * Runs a command line as {@link #run(String, Duration)} does, with these environment variables.
     */
    public static CommandRun.Result run(
            String command, Duration timeout, Map<String, String> environment)
            throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder("bash", "-c", command).directory(ROOT.toFile());
        builder.environment().putAll(environment);
        return CommandRun.run(builder, timeout);
    }
}
