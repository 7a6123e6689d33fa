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

package dev.ducklake.flink.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ducklake.engine.EngineRegistry;
import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.testutils.JvmProcess;
import dev.ducklake.engine.testutils.TestLakes;
import dev.ducklake.flink.sink.testutils.OrderEvents;
import dev.ducklake.flink.source.testutils.ChangelogModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;
import java.util.OptionalLong;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.flink.util.FileUtils;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two {@link WriterProcess}es upsert disjoint keys of one table on a PostgreSQL catalog at the same
 * time, so that their commits race for DuckLake's next snapshot; and a writer whose retries run out
 * fails, and its restart commits what it could not.
 */
class CommitConflictsITCase {

    private static final long EVENTS = 20_000;
    private static final String RATE = "1000";
    private static final String NOISE_PREFIX = "noise-";
    private static final long NOISE_ROWS = 100_000;
    private static final Pattern RESULT =
            Pattern.compile(WriterProcess.RESULT + " commits=(\\d+) commitRetries=(\\d+)");

    @TempDir Path dir;

    private final Path logs = Path.of("target", "conflict-logs");
    private CatalogLocation catalog;

    @BeforeEach
    void createTable() throws Exception {
        FileUtils.deleteDirectory(logs.toFile());
        Files.createDirectories(logs);
        catalog = TestLakes.catalog(CatalogLocation.Kind.POSTGRES, dir);
        try (EngineRegistry.Lease lease =
                EngineRegistry.shared().acquire(TestLakes.config(catalog, dir).build())) {
            lease.engine().createTable(TableName.of("shared"), OrderEvents.lakeSchema(true));
        }
    }

    @Test
    void conflictingCommitsFromTwoProcessesAreRetriedCountedAndNoneIsLost() throws Exception {
        String one;
        String two;
        try (JvmProcess first = upserter(1);
                JvmProcess second = upserter(2)) {
            one = first.awaitSuccess(Duration.ofMinutes(5));
            two = second.awaitSuccess(Duration.ofMinutes(5));
        }

        Map<String, String> expected = new TreeMap<>(WriterProcess.expectedUpserts(1, EVENTS));
        expected.putAll(WriterProcess.expectedUpserts(2, EVENTS));
        assertThat(ChangelogModel.lakeRows(catalog, dir, "shared"))
                .as("both writers' rows, each key at its last value")
                .isEqualTo(expected);
        long retries = retries(one) + retries(two);
        System.out.println("Commit retries: " + retries);
        assertThat(retries).as("conflicts retried and counted in commitRetries").isPositive();
    }

    @Test
    void exhaustedRetriesFailTheJobNamingTableAndCheckpointAndTheRestartCommitsEverything()
            throws Exception {
        String failed;
        try (Noise noise = new Noise();
                JvmProcess writer = upserter(1, 0, 0)) {
            failed = writer.awaitFailure(Duration.ofMinutes(5));
            assertThat(noise.commits()).as("commits by the other writer").isPositive();
        }
        assertThat(failed)
                .as("the job's failure")
                .containsPattern(
                        "Checkpoint \\d+ of the DuckLake sink on main\\.shared lost the race with other"
                                + " writers' commits in all of its 1 attempts")
                .contains("Raise 'sink.commit.retries'");
        Map<String, String> committed = jobRows();
        OptionalLong prefix = WriterProcess.upsertPrefix(1, EVENTS, committed);
        assertThat(prefix)
                .as("the table holds the rows of a prefix of the events, the committed checkpoints")
                .isPresent();
        assertThat(prefix.getAsLong())
                .as("events in the lake when the job failed")
                .isLessThan(EVENTS);

        String resumed;
        try (JvmProcess writer = upserter(1, 10, 0)) {
            resumed = writer.awaitSuccess(Duration.ofMinutes(5));
        }
        assertThat(resumed)
                .as("the second run resumed from the first one's checkpoint")
                .contains("Restoring from ");
        assertThat(jobRows())
                .as("every key at its last value after the restart")
                .isEqualTo(WriterProcess.expectedUpserts(1, EVENTS));
    }

    /** The table's rows but the other writer's. */
    private Map<String, String> jobRows() throws Exception {
        Map<String, String> rows = ChangelogModel.lakeRows(catalog, dir, "shared");
        rows.keySet().removeIf(key -> key.startsWith(NOISE_PREFIX));
        return rows;
    }

    private JvmProcess upserter(int keySpace) throws Exception {
        return upserter(keySpace, 10, 100);
    }

    private JvmProcess upserter(int keySpace, int commitRetries, int restarts) throws Exception {
        return JvmProcess.start(
                WriterProcess.class,
                logs.resolve("writer-" + keySpace + ".log"),
                "upsert",
                catalog.key(),
                dir.resolve("data") + "/",
                "shared",
                "2",
                Long.toString(EVENTS),
                RATE,
                dir.resolve("checkpoints-" + keySpace).toString(),
                "-1",
                Integer.toString(commitRetries),
                Integer.toString(restarts),
                Integer.toString(keySpace));
    }

    /**
     * Another writer of the table, on a DuckDB instance of its own: it loads rows of its own into a
     * data file, then deletes them one at a time, each in a commit of its own, until closed. A
     * delete from the table's files is a logical conflict for DuckLake with the job's merges, which
     * delete too, so every commit of the job races with one of its.
     */
    private final class Noise implements AutoCloseable {
        private final Connection connection;
        private final Thread thread;
        private final AtomicLong commits = new AtomicLong();
        private volatile boolean running = true;

        Noise() throws SQLException {
            connection = TestLakes.plainDuckDb(catalog, dir);
            try (Statement statement = connection.createStatement()) {
                statement.execute(
                        "INSERT INTO plain.shared SELECT '"
                                + NOISE_PREFIX
                                + "' || i, i, 0 FROM range("
                                + NOISE_ROWS
                                + ") r(i)");
            }
            thread = new Thread(this::run, "noise");
            thread.start();
        }

        private void run() {
            while (running) {
                try (Statement statement = connection.createStatement()) {
                    statement.execute(
                            "DELETE FROM plain.shared WHERE order_id = '"
                                    + NOISE_PREFIX
                                    + commits.get() % NOISE_ROWS
                                    + "'");
                    commits.incrementAndGet();
                } catch (SQLException e) {
                    // It lost a race with the job's commit: the next one tries again.
                }
            }
        }

        long commits() {
            return commits.get();
        }

        @Override
        public void close() throws Exception {
            running = false;
            thread.join();
            connection.close();
        }
    }

    private static long retries(String output) {
        Matcher matcher = RESULT.matcher(output);
        assertThat(matcher.find()).as("a RESULT line in:\n" + output).isTrue();
        return Long.parseLong(matcher.group(2));
    }
}
