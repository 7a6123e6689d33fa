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

package dev.ducklake.flink.source.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.ValidationException;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every option a task would fail to apply fails planning instead, for the sink and the source, with
 * a message that names the option or its value; a streaming job never gets to restart forever on a
 * setting. No password the options hold shows in the planner's error.
 */
class OptionValidationTest {

    private static final String PASSWORD = "Catalog-pw-4711";
    private static final String SECRET = "Secret-key-4712";
    private static final String SINK = "INSERT INTO t VALUES (1, 'a')";
    private static final String SOURCE = "SELECT * FROM t";

    @TempDir static Path dir;

    static Stream<Arguments> invalidOptions() {
        return Stream.of(
                Arguments.of(
                        "'duckdb.memory-limit' = 'lots'",
                        "'duckdb.memory-limit'",
                        "'lots' is not a size"),
                Arguments.of("'duckdb.memory-limit' = '1B'", "'duckdb.memory-limit'", "below 64MB"),
                Arguments.of("'duckdb.threads' = '0'", "threads", "got 0"),
                Arguments.of(
                        "'duckdb.temp-directory' = 'bad\u0000path'",
                        "'duckdb.temp-directory'",
                        "bad"),
                Arguments.of("'duckdb.secret.s3.key_id' = 'AKIA'", "duckdb.secret.s3.type", "'s3'"),
                Arguments.of(
                        "'duckdb.secret.s3.type' = 's3', 'duckdb.secret.s3.key-id' = 'AKIA'",
                        "'duckdb.secret.s3.*'",
                        "'KEY-ID'"),
                Arguments.of(
                        "'catalog.password' = '" + PASSWORD + "'",
                        "'catalog.password'",
                        "PostgreSQL catalog only"),
                Arguments.of("'table-name' = ''", "table", "empty"),
                Arguments.of("'data-inlining-row-limit' = '-1'", "'data-inlining-row-limit'", "-1"),
                Arguments.of(
                        "'duckdb.extension-directory' = '/no-duckdb-extensions'",
                        "/no-duckdb-extensions/v1.5.5",
                        "'ducklake'"),
                Arguments.of(
                        "'duckdb.memory-limt' = '1GB'",
                        "duckdb.memory-limt",
                        "Unsupported options"));
    }

    /** Misspelled keys of either side, which reading and writing the table alike refuse. */
    static Stream<String> misspelledKeys() {
        return Stream.of(
                "sink.paralelism",
                "sink.staging-pth",
                "sink.compaction-interval",
                "scan.startup.mdoe",
                "scan.discovery-intervall",
                "scan.parallelism.max",
                "duckdb.thread",
                "catalog.pasword");
    }

    /** Each invalid option, as the sink (an INSERT) and as the source (a SELECT). */
    static Stream<Arguments> invalidOptionsOfEachSide() {
        Stream<Arguments> sinkOnly =
                Stream.of(
                        Arguments.of(
                                "'sink.compaction.interval' = '0 s'",
                                "'sink.compaction.interval' must be positive",
                                "got PT0S"),
                        Arguments.of("'sink.commit.retries' = '-1'", "'sink.commit.retries'", "-1"),
                        Arguments.of(
                                "'sink.commit.retry-backoff' = '-1 s'",
                                "sink.commit.retry-backoff",
                                "-1"));
        Stream<Arguments> sourceOnly =
                Stream.of(
                        Arguments.of(
                                "'scan.startup.mode' = 'version'",
                                "'scan.startup.version'",
                                "needs"),
                        Arguments.of(
                                "'scan.startup.mode' = 'sometimes'",
                                "scan.startup.mode",
                                "sometimes"),
                        Arguments.of(
                                "'scan.discovery-interval' = '0 s'",
                                "'scan.discovery-interval'",
                                "positive"),
                        Arguments.of("'scan.batch-size' = '0'", "'scan.batch-size'", "got 0"));
        return Stream.concat(
                Stream.concat(invalidOptions(), sinkOnly).map(args -> withStatement(SINK, args)),
                Stream.concat(invalidOptions(), sourceOnly)
                        .map(args -> withStatement(SOURCE, args)));
    }

    @ParameterizedTest(name = "{0} with {1}")
    @MethodSource("invalidOptionsOfEachSide")
    void planningRefusesAnOptionATaskCouldNotApply(
            String statement, String options, String names, String says) {
        TableEnvironment tEnv = tableEnvironment(options);

        assertThatThrownBy(() -> tEnv.explainSql(statement))
                .isInstanceOf(ValidationException.class)
                .satisfies(
                        error ->
                                assertThat(withoutTableOptions(printed(error)))
                                        .contains(names)
                                        .contains(says))
                .satisfies(
                        error ->
                                assertThat(printed(error))
                                        .doesNotContain(PASSWORD)
                                        .doesNotContain(SECRET));
    }

    /**
     * A table is declared once and both read and written, so a misspelled key of the sink's or the
     * source's fails planning of a write and of a read alike, naming the key.
     */
    @ParameterizedTest(name = "{0} with {1}")
    @MethodSource("misspelledKeysOfEachSide")
    void planningRefusesAMisspelledKeyOfEitherSide(String statement, String key) {
        TableEnvironment tEnv = tableEnvironment("'" + key + "' = '1'");

        assertThatThrownBy(() -> tEnv.explainSql(statement))
                .isInstanceOf(ValidationException.class)
                .satisfies(
                        error ->
                                assertThat(printed(error))
                                        .contains("Unsupported options:\n\n" + key + "\n"));
    }

    static Stream<Arguments> misspelledKeysOfEachSide() {
        return Stream.of(SINK, SOURCE)
                .flatMap(statement -> misspelledKeys().map(key -> Arguments.of(statement, key)));
    }

    private static Arguments withStatement(String statement, Arguments args) {
        Object[] values = args.get();
        return Arguments.of(statement, values[0], values[1], values[2]);
    }

    /**
     * Table {@code t} with the given options, beside a password and a secret that must stay hidden.
     */
    private static TableEnvironment tableEnvironment(String options) {
        TableEnvironment tEnv = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        String hidden =
                options.contains("catalog.password")
                        ? ""
                        : ", 'duckdb.secret.hidden.type' = 's3',"
                                + " 'duckdb.secret.hidden.secret' = '"
                                + SECRET
                                + "'";
        tEnv.executeSql(
                "CREATE TABLE t (id BIGINT, name STRING) WITH ('connector' = 'ducklake', 'catalog' = '"
                        + dir.resolve("metadata.ducklake")
                        + "', "
                        + options
                        + hidden
                        + ")");
        return tEnv;
    }

    /**
     * The printed error without the lines where Flink lists the table's options, which name every
     * key.
     */
    private static String withoutTableOptions(String printed) {
        return printed.replaceAll("(?m)^'[^'\\n]*'='[^\\n]*'$", "");
    }

    private static String printed(Throwable error) {
        StringWriter out = new StringWriter();
        error.printStackTrace(new PrintWriter(out));
        return out.toString();
    }
}
