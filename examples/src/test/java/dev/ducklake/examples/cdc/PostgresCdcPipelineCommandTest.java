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

package dev.ducklake.examples.cdc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ducklake.engine.testutils.CommandRun;
import dev.ducklake.examples.ReadmeCommands;
import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The README's CDC pipeline command, run as written from the repository's root: it starts Kafka and
 * Debezium, runs the workload and the job, and its summary finds every table equal to PostgreSQL
 * and the invariants at every snapshot the job wrote.
 */
class PostgresCdcPipelineCommandTest {

    @Test
    void theReadmeCommandEndsWithALakeEqualToPostgres() throws Exception {
        String command = ReadmeCommands.after(Path.of("README.md"), "Run the CDC pipeline");
        assertThat(command)
                .isEqualTo(ReadmeCommands.after(Path.of("docs", "cdc.md"), "Run the CDC pipeline"))
                .contains("-Dexec.mainClass=" + PostgresCdcPipeline.class.getName());

        CommandRun.Result run = ReadmeCommands.run(command, Duration.ofMinutes(8));

        String output = run.output();
        assertThat(run.exitCode()).as(output).isZero();
        for (String table : ShopWorkload.TABLES) {
            assertThat(output)
                    .as(output)
                    .containsPattern(
                            "(?m)^  "
                                    + Pattern.quote(table)
                                    + " .* rows in the lake,"
                                    + " equal to PostgreSQL$");
        }
        Matcher snapshots =
                Pattern.compile("(\\d+) lake snapshots written; .* hold at (\\d+) of them")
                        .matcher(output);
        assertThat(snapshots.find()).as(output).isTrue();
        assertThat(Integer.parseInt(snapshots.group(1)))
                .isPositive()
                .isEqualTo(Integer.parseInt(snapshots.group(2)));
    }
}
