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

package dev.ducklake.examples.datastream;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ducklake.engine.testutils.CommandRun;
import dev.ducklake.examples.ReadmeCommands;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Runs the Getting started page's command for the DataStream job, then the plain-DuckDB command it
 * prints.
 */
class PageViewsJobTest {

    @Test
    void theDataStreamJobWritesAndReadsBackWhatItWrote() throws Exception {
        String command =
                ReadmeCommands.after(ReadmeCommands.GETTING_STARTED, "Run the DataStream job");
        assertThat(command).endsWith("-Dexec.mainClass=" + PageViewsJob.class.getName());

        CommandRun.Result run = ReadmeCommands.run(command, Duration.ofMinutes(8));

        String output = run.output();
        assertThat(run.exitCode()).as(output).isZero();
        assertThat(output)
                .containsPattern(
                        line(
                                "as of noon (time travel)",
                                "6,000  {de=1500, fr=1500, nl=1500, pt=1500}"))
                .containsPattern(line("now", "10,000  {de=2500, fr=2500, nl=2500, pt=2500}"))
                .containsPattern(
                        line(
                                "now, of 30 s or longer",
                                "5,000  {de=1250, fr=1250, nl=1250, pt=1250}"))
                .contains("Changes committed after noon, by kind:\n  +I 4,000\n");

        Matcher query = Pattern.compile("(?m)plain DuckDB: (python3 -c .*)$").matcher(output);
        assertThat(query.find()).as(output).isTrue();
        CommandRun.Result duckdb = ReadmeCommands.run(query.group(1), Duration.ofMinutes(1));
        assertThat(duckdb.exitCode()).as(duckdb.output()).isZero();
        for (String country : PageView.COUNTRIES) {
            assertThat(duckdb.output()).containsPattern("│ " + country + " +│ +2500 │");
        }
    }

    /** A line of the job's output: a title, then a count and the views by country. */
    private static String line(String title, String counts) {
        return "(?m)^  " + Pattern.quote(title) + " +" + Pattern.quote(counts) + "$";
    }
}
