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

import dev.ducklake.engine.testutils.CommandRun;
import java.time.Duration;
import java.util.Map;

/** A command the tests run to its end, as a user would in a shell. */
final class Command {

    private Command() {}

    /**
     * Runs a command with these environment variables on top of this JVM's; returns its output and
     * fails with it unless it exits with 0 within the timeout.
     */
    static String run(Duration timeout, Map<String, String> environment, String... command)
            throws Exception {
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().putAll(environment);
        return CommandRun.runToSuccess(builder, timeout);
    }
}
