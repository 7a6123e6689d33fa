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

package dev.ducklake.engine.maintenance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.ducklake.engine.LakeEngine;
import dev.ducklake.engine.change.Change;
import dev.ducklake.engine.change.ChangeReader;
import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.error.LakeBusyException;
import dev.ducklake.engine.read.RowReader;
import dev.ducklake.engine.read.ScanRequest;
import dev.ducklake.engine.schema.LakeType.Primitive;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.schema.TableSchema;
import dev.ducklake.engine.testutils.TestLakes;
import dev.ducklake.engine.version.VersionPins;
import dev.ducklake.engine.write.MergeSession;
import dev.ducklake.engine.write.WriteMode;
import dev.ducklake.engine.write.WriteSession;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Maintenance and reads share the lake: neither breaks the other, and the gate is bounded. */
class MaintenanceDuringReadsTest {

    static final TableName ITEMS = TableName.of("items");
    static final TableSchema SCHEMA =
            TestLakes.keyValueSchema("id", Primitive.INTEGER, "v", Primitive.VARCHAR);

    @TempDir Path dir;

    LakeEngine engine;

    @AfterEach
    void close() {
        engine.close();
    }

    LakeEngine open(Duration acquireTimeout) {
        return LakeEngine.open(
                TestLakes.config(CatalogLocation.duckDbFile(dir.resolve("lake.ducklake")), dir)
                        .acquireTimeout(acquireTimeout)
                        .build());
    }

    long upsert(int from, int to, String value) {
        try (MergeSession merge = engine.openMergeSession(ITEMS)) {
            for (int id = from; id < to; id++) {
                merge.upsert(new Object[] {id, value});
            }
            return merge.commit().version();
        }
    }

    static Set<List<Object>> rows(RowReader reader) {
        Set<List<Object>> rows = new HashSet<>();
        reader.forEachRemaining(r -> rows.add(List.of(r)));
        return rows;
    }

    @Test
    void rowAndChangeReadsStayCorrectWhileMaintenanceRuns() throws Exception {
        engine = open(Duration.ofSeconds(60));
        engine.createTable(ITEMS, SCHEMA);
        long first = upsert(0, 5, "a");
        for (int i = 1; i <= 12; i++) {
            upsert(i * 5, i * 5 + 5, "b" + i);
        }
        long middle = upsert(0, 3, "c");
        for (int i = 0; i < 6; i++) {
            upsert(100 + i, 101 + i, "d");
        }
        long last = engine.latestVersion(ITEMS);
        Set<List<Object>> rowsAtMiddle;
        try (RowReader reader = engine.read(ITEMS, ScanRequest.builder().version(middle).build())) {
            rowsAtMiddle = rows(reader);
        }
        List<Change> changes;
        try (ChangeReader reader = engine.changes(ITEMS, first, last)) {
            changes = reader.toList();
        }

        AtomicBoolean stop = new AtomicBoolean();
        AtomicInteger reads = new AtomicInteger();
        List<Throwable> failures = new CopyOnWriteArrayList<>();
        List<Thread> readers = new ArrayList<>();
        for (int t = 0; t < 2; t++) {
            boolean changeReads = t == 1;
            Thread reader =
                    new Thread(
                            () -> {
                                while (!stop.get() && failures.isEmpty()) {
                                    try {
                                        if (changeReads) {
                                            try (ChangeReader read =
                                                    engine.changes(ITEMS, first, last)) {
                                                assertThat(read.toList())
                                                        .containsExactlyInAnyOrderElementsOf(
                                                                changes);
                                            }
                                        } else {
                                            try (RowReader read =
                                                    engine.read(
                                                            ITEMS,
                                                            ScanRequest.builder()
                                                                    .version(middle)
                                                                    .build())) {
                                                assertThat(rows(read)).isEqualTo(rowsAtMiddle);
                                            }
                                        }
                                        reads.incrementAndGet();
                                    } catch (Throwable e) {
                                        failures.add(e);
                                    }
                                }
                            },
                            "reader-" + t);
            reader.start();
            readers.add(reader);
        }
        try (VersionPins.Pin pin = engine.pinVersion(ITEMS, first)) {
            for (int round = 0; round < 3; round++) {
                engine.maintain(
                        MaintenanceRequest.builder()
                                .flushInlinedData()
                                .mergeAdjacentFiles()
                                .expireSnapshotsOlderThan(Duration.ZERO)
                                .deleteUnusedFiles()
                                .build());
                // Paced by the readers: the next round starts once reads have run against this
                // one's result.
                int readsBefore = reads.get();
                await("two more reads after maintenance round " + round)
                        .atMost(Duration.ofSeconds(60))
                        .until(() -> reads.get() >= readsBefore + 2 || !failures.isEmpty());
            }
        } finally {
            stop.set(true);
            for (Thread reader : readers) {
                reader.join(60_000);
            }
        }
        assertThat(failures).isEmpty();
        assertThat(reads.get()).as("reads that ran alongside maintenance").isGreaterThan(2);
        try (ChangeReader read = engine.changes(ITEMS, first, last)) {
            assertThat(read.toList()).containsExactlyInAnyOrderElementsOf(changes);
        }
    }

    @Test
    void maintenanceWaitsForOpenReadsThenGivesUpClearly() {
        engine = open(Duration.ofMillis(300));
        engine.createTable(ITEMS, SCHEMA);
        try (WriteSession small = engine.openWriteSession(ITEMS, WriteMode.APPEND)) {
            small.write(new Object[] {1, "inlined"});
            small.commit();
        }
        MaintenanceRequest flush = MaintenanceRequest.builder().flushInlinedData().build();
        try (RowReader open = engine.read(ITEMS, ScanRequest.all())) {
            assertThat(open.hasNext()).isTrue();
            assertThatThrownBy(() -> engine.maintain(flush))
                    .isInstanceOf(LakeBusyException.class)
                    .hasMessageContaining("open reads")
                    .hasMessageContaining("maintenance");
        }
        assertThat(engine.maintain(flush).rowsFlushed()).isEqualTo(1);
    }
}
