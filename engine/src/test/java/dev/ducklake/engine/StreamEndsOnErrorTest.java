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

package dev.ducklake.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.error.LakeException;
import dev.ducklake.engine.read.RowReader;
import dev.ducklake.engine.read.ScanRequest;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.testutils.TestLake;
import dev.ducklake.engine.testutils.TestLakes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A query that fails after it has streamed some rows must end the read with an error, never with
 * {@code hasNext() == false}: DuckDB's JDBC driver (1.5.5.1) reports such a failure of a streaming
 * result (an out-of-memory error under a tight memory limit, an interrupt) as the end of the rows
 * ({@code _duckdb_jdbc_fetch} turns the failed fetch's null chunk into an empty one). Seen as
 * "short scans" in {@link DdlWhileReadingStressTest}; see {@link DuckDbStreamingErrorReproTest}.
 */
class StreamEndsOnErrorTest {

    static final TableName TABLE = TableName.of("src", "events");
    static final int ROWS = 100_000;
    static final long FAILING_ID = 90_000;

    @RegisterExtension
    final TestLake lake =
            TestLake.of(CatalogLocation.Kind.DUCKDB)
                    .withSettings(settings -> settings.threads(1).dataInliningRowLimit(0));

    @Test
    void aQueryFailingMidStreamFailsTheRead() {
        LakeEngine engine = lake.engine();
        TestLakes.appendNames(engine, TABLE, 0, ROWS);
        // the filter fails at one row, after the first chunks of the stream have been read
        ScanRequest failing = TestLakes.failingAtId(FAILING_ID);
        long read = 0;
        LakeException error = null;
        try (RowReader reader = engine.read(TABLE, failing)) {
            while (reader.hasNext()) {
                reader.next();
                read++;
            }
        } catch (LakeException e) {
            error = e;
        }
        assertThat(error)
                .as("the read ended after %s of %s rows without an error", read, FAILING_ID)
                .isNotNull();
        assertThat(read).isLessThan(FAILING_ID);

        // the engine goes on reading
        long n = 0;
        try (RowReader reader = engine.read(TABLE, ScanRequest.all())) {
            while (reader.hasNext()) {
                reader.next();
                n++;
            }
        }
        assertThat(n).isEqualTo(ROWS);
    }
}
