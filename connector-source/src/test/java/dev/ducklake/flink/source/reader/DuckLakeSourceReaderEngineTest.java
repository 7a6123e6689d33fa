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

package dev.ducklake.flink.source.reader;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.ducklake.engine.EngineRegistry;
import dev.ducklake.engine.LakeEngine;
import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.read.Bucket;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.testutils.TestLakes;
import dev.ducklake.engine.version.TableVersion;
import dev.ducklake.flink.source.DuckLakeSource;
import dev.ducklake.flink.source.enumerator.SplitsFinishedEvent;
import dev.ducklake.flink.source.split.DuckLakeSplit;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.connector.base.source.reader.fetcher.SplitFetcher;
import org.apache.flink.connector.testutils.source.reader.TestingReaderContext;
import org.apache.flink.connector.testutils.source.reader.TestingReaderOutput;
import org.apache.flink.table.data.RowData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Flink closes a reader's fetcher once it has no split left; the next split must find the lake's
 * engine open, not pay for opening the lake again on its way to the first row.
 */
class DuckLakeSourceReaderEngineTest {

    private static final TableName TABLE = TableName.of("orders");
    private static final Duration DEADLINE = Duration.ofSeconds(30);

    @TempDir Path dir;

    @Test
    void theEngineOutlivesAnIdleFetcher() throws Exception {
        CatalogLocation catalog = TestLakes.catalog(CatalogLocation.Kind.DUCKDB, dir);
        TestLakes.plainExecute(
                catalog,
                dir,
                "CREATE TABLE plain.orders (id BIGINT)",
                "INSERT INTO plain.orders VALUES (1)",
                "INSERT INTO plain.orders VALUES (2)");
        List<Long> versions;
        try (LakeEngine engine = LakeEngine.open(TestLakes.config(catalog, dir).build())) {
            versions =
                    engine.versions(TABLE, 0L, Long.MAX_VALUE, 3).stream()
                            .map(TableVersion::id)
                            .toList();
        }
        DuckLakeSource source =
                DuckLakeSource.builder()
                        .catalog(catalog.key())
                        .dataPath(dir.resolve("data") + "/")
                        .table(TABLE.toString())
                        .startAfterVersion(versions.get(0))
                        .build();
        TestingReaderContext context = new TestingReaderContext();
        TestingReaderOutput<RowData> output = new TestingReaderOutput<>();
        SourceReader<RowData, DuckLakeSplit> reader = source.createReader(context);
        try {
            reader.start();
            reader.addSplits(
                    List.of(
                            DuckLakeSplit.changes(
                                    versions.get(0), versions.get(1), new Bucket(0, 1))));
            pollUntil(
                    reader,
                    output,
                    () ->
                            context.getSentEvents().stream()
                                    .anyMatch(SplitsFinishedEvent.class::isInstance));
            pollUntil(reader, output, DuckLakeSourceReaderEngineTest::noFetcherRuns);
            assertThat(EngineRegistry.shared().users(catalog))
                    .as("users of the engine once the fetcher closed")
                    .isEqualTo(1);

            reader.addSplits(
                    List.of(
                            DuckLakeSplit.changes(
                                    versions.get(1), versions.get(2), new Bucket(0, 1))));
            pollUntil(reader, output, () -> output.getEmittedRecords().size() == 2);
            assertThat(output.getEmittedRecords())
                    .extracting(row -> row.getLong(0))
                    .containsExactly(1L, 2L);
        } finally {
            reader.close();
        }
        assertThat(EngineRegistry.shared().users(catalog))
                .as("users of the engine after the reader's close")
                .isZero();
    }

    /** Polls {@code reader} into {@code output} until {@code done} holds, within the deadline. */
    private static void pollUntil(
            SourceReader<RowData, DuckLakeSplit> reader,
            TestingReaderOutput<RowData> output,
            BooleanSupplier done) {
        await().atMost(DEADLINE)
                .until(
                        () -> {
                            reader.pollNext(output);
                            return done.getAsBoolean();
                        });
    }

    /**
     * Whether no thread runs a split fetcher: the fetcher pool's threads outlive the fetchers they
     * ran.
     */
    private static boolean noFetcherRuns() {
        return Thread.getAllStackTraces().values().stream()
                .flatMap(Arrays::stream)
                .noneMatch(frame -> frame.getClassName().equals(SplitFetcher.class.getName()));
    }
}
