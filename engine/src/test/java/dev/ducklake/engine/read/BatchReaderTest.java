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

package dev.ducklake.engine.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ducklake.engine.LakeEngine;
import dev.ducklake.engine.change.Change;
import dev.ducklake.engine.change.ChangeBatchReader;
import dev.ducklake.engine.change.ChangeRequest;
import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.error.LakeCancelledException;
import dev.ducklake.engine.error.LakeException;
import dev.ducklake.engine.maintenance.MaintenanceRequest;
import dev.ducklake.engine.schema.LakeType.Primitive;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.testutils.TestLake;
import dev.ducklake.engine.testutils.TestLakes;
import dev.ducklake.engine.write.MergeSession;
import dev.ducklake.engine.write.WriteMode;
import dev.ducklake.engine.write.WriteSession;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Reads in Arrow batches: every row once in batches no larger than asked, the same rows the
 * row-at-a-time read returns, changes with their images and kinds as columns, an error (not fewer
 * rows) when the query fails mid-stream, and a reader's slot freed when it is closed early.
 */
class BatchReaderTest {

    private static final TableName TABLE = TableName.of("main", "events");
    private static final int ROWS = 20_000;

    @RegisterExtension
    final TestLake lake =
            TestLake.of(CatalogLocation.Kind.DUCKDB)
                    .withSettings(
                            settings ->
                                    settings.threads(1)
                                            .maxConcurrentReads(2)
                                            .acquireTimeout(Duration.ofSeconds(5)));

    private LakeEngine engine;

    @BeforeEach
    void open() {
        engine = lake.engine();
        engine.createTableIfNotExists(
                TABLE, TestLakes.keyValueSchema("id", Primitive.BIGINT, "name", Primitive.VARCHAR));
        try (WriteSession session = engine.openWriteSession(TABLE, WriteMode.APPEND)) {
            for (long i = 0; i < ROWS; i++) {
                session.write(new Object[] {i, i % 7 == 0 ? null : "name-" + i});
            }
            session.commit();
        }
    }

    @Test
    void batchesHoldEveryRowOnceAsTheRowReadDoes() {
        Map<Long, String> expected = new HashMap<>();
        try (RowReader rows = engine.read(TABLE, ScanRequest.all())) {
            rows.forEachRemaining(row -> expected.put((Long) row[0], (String) row[1]));
        }
        Map<Long, String> read = new HashMap<>();
        int batches = 0;
        try (BatchReader reader = engine.readBatches(TABLE, ScanRequest.all(), 1_000)) {
            assertThat(reader.columns()).extracting(c -> c.name()).containsExactly("id", "name");
            while (reader.loadNextBatch()) {
                VectorSchemaRoot batch = reader.batch();
                assertThat(batch.getRowCount()).isBetween(1, 1_000);
                BigIntVector ids = (BigIntVector) batch.getVector(0);
                VarCharVector names = (VarCharVector) batch.getVector(1);
                for (int i = 0; i < batch.getRowCount(); i++) {
                    String name =
                            names.isNull(i)
                                    ? null
                                    : new String(names.get(i), StandardCharsets.UTF_8);
                    assertThat(read.put(ids.get(i), name))
                            .as("row %s read twice", ids.get(i))
                            .isNull();
                }
                batches++;
            }
        }
        assertThat(read).hasSize(ROWS).isEqualTo(expected);
        assertThat(batches).isGreaterThanOrEqualTo(ROWS / 1_000);
    }

    @Test
    void changeBatchesCarryTheKindAndBothImagesAsTheChangeReadDoes() {
        long from = engine.latestVersion(TABLE);
        try (MergeSession merge = engine.openMergeSession(TABLE)) {
            merge.upsert(new Object[] {1L, "renamed"});
            merge.deleteKey(2L);
            merge.upsert(new Object[] {ROWS + 1L, "new"});
            merge.commit();
        }
        long to = engine.latestVersion(TABLE);
        ChangeRequest request = ChangeRequest.builder(from, to).ordered(true).build();
        List<Change> expected;
        try (var changes = engine.changes(TABLE, request)) {
            expected = changes.toList();
        }
        List<Change> read = new ArrayList<>();
        try (ChangeBatchReader reader = engine.changeBatches(TABLE, request, 2)) {
            assertThat(reader.summary().changes()).isEqualTo(3);
            while (reader.loadNextBatch()) {
                VectorSchemaRoot batch = reader.batch();
                assertThat(batch.getFieldVectors()).hasSize(2 + 2 * 2);
                BitVector hasBefore = (BitVector) batch.getVector(0);
                BitVector hasAfter = (BitVector) batch.getVector(1);
                for (int i = 0; i < batch.getRowCount(); i++) {
                    read.add(
                            new Change(
                                    hasBefore.get(i) != 0 ? image(batch, 2, i) : null,
                                    hasAfter.get(i) != 0 ? image(batch, 4, i) : null));
                }
            }
        }
        assertThat(read).isEqualTo(expected).hasSize(3);
    }

    @Test
    void anEmptyChangeRangeHasTheColumnsOfItsImages() {
        long version = engine.latestVersion(TABLE);
        try (ChangeBatchReader reader =
                engine.changeBatches(TABLE, ChangeRequest.builder(version, version).build(), 100)) {
            assertThat(reader.loadNextBatch()).isFalse();
        }
    }

    @Test
    void aQueryFailingMidStreamFailsTheRead() {
        assertThatThrownBy(this::readFailingMidStream)
                .isInstanceOf(LakeException.class)
                .hasMessageContaining("boom");
    }

    @Test
    void aReadFailingMidStreamLeavesNoHoldOnTheEngine() {
        for (int i = 0; i < 3; i++) { // more failed reads than the engine has read slots
            assertThatThrownBy(this::readFailingMidStream).isInstanceOf(LakeException.class);
        }
        // maintenance needs every read to have let go of the engine's read gate
        engine.maintain(MaintenanceRequest.builder().table(TABLE).build());
        try (BatchReader first = engine.readBatches(TABLE, ScanRequest.all(), 100);
                BatchReader second = engine.readBatches(TABLE, ScanRequest.all(), 100)) {
            assertThat(first.loadNextBatch()).isTrue();
            assertThat(second.loadNextBatch()).isTrue();
        }
    }

    @Test
    void readersClosedEarlyFreeTheirSlots() {
        for (int i = 0; i < 10; i++) { // the engine allows two reads at once
            try (BatchReader reader = engine.readBatches(TABLE, ScanRequest.all(), 100)) {
                assertThat(reader.loadNextBatch()).isTrue();
            }
        }
        try (BatchReader reader = engine.readBatches(TABLE, ScanRequest.all(), 100)) {
            assertThat(reader.loadNextBatch()).isTrue();
        }
    }

    @Test
    void anInterruptEndsTheReadAsCancelled() {
        try (BatchReader reader = engine.readBatches(TABLE, ScanRequest.all(), 100)) {
            assertThat(reader.loadNextBatch()).isTrue();
            Thread.currentThread().interrupt();
            assertThatThrownBy(reader::loadNextBatch).isInstanceOf(LakeCancelledException.class);
        } finally {
            Thread.interrupted();
        }
    }

    /**
     * Reads the table in batches with a filter that fails near its last row, after the first
     * batches.
     */
    private void readFailingMidStream() {
        ScanRequest failing = TestLakes.failingAtId(ROWS - 10);
        try (BatchReader reader = engine.readBatches(TABLE, failing, 100)) {
            while (reader.loadNextBatch()) {
                reader.batch();
            }
        }
    }

    private static Object[] image(VectorSchemaRoot batch, int first, int row) {
        BigIntVector ids = (BigIntVector) batch.getVector(first);
        VarCharVector names = (VarCharVector) batch.getVector(first + 1);
        return new Object[] {
            ids.get(row),
            names.isNull(row) ? null : new String(names.get(row), StandardCharsets.UTF_8)
        };
    }
}
