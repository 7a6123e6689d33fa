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

package dev.ducklake.examples.quickstart;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ducklake.engine.testutils.CommandRun;
import dev.ducklake.examples.ReadmeCommands;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Runs the README's first command, the quickstart, exactly as a user pastes it, then the
 * plain-DuckDB command the quickstart prints.
 */
class QuickstartCommandTest {

    @Test
    void readmeQuickstartRunsTheMainJobAndPrintsAQueryThatWorks() throws Exception {
        String command = ReadmeCommands.after("Run the main job");
        assertThat(command).endsWith("mvn -q -pl examples exec:exec");

        CommandRun.Result run = ReadmeCommands.run(command, Duration.ofMinutes(8));

        String output = run.output();
        assertThat(run.exitCode()).as(output).isZero();
        assertThat(output)
                .containsPattern("\\[ *\\d+ s\\] table at version \\d+ \\| changelog: \\+I [\\d,]+")
                .contains("writer finished at version")
                .contains("0 before-images differed from the replayed row")
                .containsPattern(
                        "replayed, the changelog after version \\d+ equals the table at version \\d+");
        assertThat(Long.parseLong(group(output, "Done in (\\d+) s\\.")))
                .as("seconds the job ran")
                .isLessThan(60);
        long orders =
                Long.parseLong(
                        group(output, "main\\.orders: ([\\d,]+) orders at version")
                                .replace(",", ""));
        assertThat(orders).isPositive();

        String query = group(output, "(?m)^ *(python3 -c .*)$");
        CommandRun.Result duckdb = ReadmeCommands.run(query, Duration.ofMinutes(1));
        assertThat(duckdb.exitCode()).as(duckdb.output()).isZero();
        long counted = 0;
        for (String status : new String[] {"new", "paid", "packed", "shipped", "delivered"}) {
            Matcher row = Pattern.compile("│ " + status + " +│ +(\\d+) │").matcher(duckdb.output());
            counted += row.find() ? Long.parseLong(row.group(1)) : 0;
        }
        assertThat(counted)
                .as("orders counted by plain DuckDB:\n" + duckdb.output())
                .isEqualTo(orders);
    }

    private static String group(String text, String regex) {
        Matcher matcher = Pattern.compile(regex).matcher(text);
        assertThat(matcher.find()).as("'%s' in:\n%s", regex, text).isTrue();
        return matcher.group(1);
    }
}
