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

package dev.ducklake.flink.source.lookup;

import static dev.ducklake.flink.common.DuckLakeConnectorOptions.DATA_PATH;
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.SCAN_BATCH_SIZE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ducklake.engine.EngineRegistry;
import dev.ducklake.engine.LakeEngine;
import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.schema.TableSchema;
import dev.ducklake.engine.testutils.TestLakes;
import dev.ducklake.engine.testutils.TestSchemas;
import dev.ducklake.engine.write.MergeSession;
import dev.ducklake.engine.write.WriteMode;
import dev.ducklake.engine.write.WriteSession;
import dev.ducklake.flink.common.DuckLakeConnectorOptions.FullCacheStorage;
import dev.ducklake.flink.common.EngineSpec;
import dev.ducklake.flink.common.FlinkLakeTypes;
import dev.ducklake.flink.sink.testutils.NoEngineLeftOpen;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.functions.FunctionContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The full cache of a 10 M-row dimension: loaded once within the documented memory per row, then
 * refreshed after 1,000 changes (updates, deletes, new keys) by applying them, not by loading the
 * table again; every changed key and a sample of the others answer as a model of the table says.
 * Runs in a JVM of its own with a larger heap (see the module's pom); {@code -Dlookup.rows=N}
 * changes the size.
 */
@ExtendWith(NoEngineLeftOpen.class)
class FullCacheLargeTableITCase {

    /**
     * The documented bound: a row's serialized form and its key's plus about 60 bytes; these rows'
     * are 36 and 16 bytes.
     */
    private static final long MAX_BYTES_PER_ROW = 36 + 16 + 60;

    private static final TableName DIM = TableName.of("dim");
    private static final long ROWS = Long.getLong("lookup.rows", 10_000_000L);
    private static final int CHANGES = 1_000;

    @TempDir Path dir;

    @Test
    void aLargeDimensionIsRefreshedByItsChangesWithinTheDocumentedMemory() throws Exception {
        EngineSpec spec =
                EngineSpec.of(TestLakes.catalog(CatalogLocation.Kind.DUCKDB, dir).key())
                        .with(DATA_PATH, dir.resolve("data") + "/");
        TableSchema schema =
                TestSchemas.columns("id BIGINT", "qty BIGINT", "code VARCHAR")
                        .primaryKey("id")
                        .build();
        LookupSettings settings =
                new LookupSettings(
                        spec,
                        DIM.toString(),
                        FlinkLakeTypes.toFlinkRowType(schema, List.of()),
                        List.of("id"),
                        null,
                        0,
                        1024,
                        Duration.ZERO,
                        SCAN_BATCH_SIZE.defaultValue(),
                        FullCacheStorage.HEAP,
                        null,
                        false);
        try (EngineRegistry.Lease lease = EngineRegistry.shared().acquire(spec.toEngineConfig())) {
            LakeEngine engine = lease.engine();
            engine.createTable(DIM, schema);
            for (long start = 0; start < ROWS; start += 1_000_000) {
                try (WriteSession write = engine.openWriteSession(DIM, WriteMode.APPEND)) {
                    for (long id = start; id < Math.min(ROWS, start + 1_000_000); id++) {
                        write.write(new Object[] {id, id % 1000, "c" + (id % 97)});
                    }
                    write.commit();
                }
            }

            FullCacheLookupFunction cache = new FullCacheLookupFunction(settings);
            long heapBefore = usedHeap();
            cache.open(new FunctionContext(null));
            try {
                long bytesPerRow = (usedHeap() - heapBefore) / ROWS;
                System.out.printf(
                        "full cache of %,d rows: %d bytes per row on the heap%n",
                        ROWS, bytesPerRow);
                assertThat(bytesPerRow).isLessThanOrEqualTo(MAX_BYTES_PER_ROW);
                assertThat(cache.loads()).isEqualTo(1);

                // The changes: 800 updates, 100 deletes, 100 new keys. null: deleted.
                Map<Long, Object[]> changed = new HashMap<>();
                Random random = new Random(19);
                long changedVersion;
                try (MergeSession merge = engine.openMergeSession(DIM)) {
                    for (int i = 0; i < CHANGES; i++) {
                        long id = i < 900 ? Math.floorMod(random.nextLong(), ROWS) : ROWS + i;
                        if (changed.containsKey(id)) {
                            continue;
                        }
                        if (i >= 800 && i < 900) {
                            merge.deleteKey(id);
                            changed.put(id, null);
                        } else {
                            Object[] row = {id, -1L - i, "changed-" + i};
                            merge.upsert(row);
                            changed.put(id, row);
                        }
                    }
                    changedVersion = merge.commit().version();
                }

                long refreshStart = System.nanoTime();
                assertThat(cache.lookup(GenericRowData.of(0L))).isNotNull();
                System.out.printf(
                        "refresh after %,d changes: %d ms%n",
                        changed.size(), (System.nanoTime() - refreshStart) / 1_000_000);
                assertThat(cache.version()).isEqualTo(changedVersion);
                assertThat(cache.loads())
                        .as("the changes were applied, the table not loaded again")
                        .isEqualTo(1);

                for (Map.Entry<Long, Object[]> change : changed.entrySet()) {
                    assertThat(render(cache.lookup(GenericRowData.of(change.getKey()))))
                            .as("key %s", change.getKey())
                            .isEqualTo(
                                    change.getValue() == null ? "[]" : render(change.getValue()));
                }
                for (int i = 0; i < 1_000; i++) {
                    long id = Math.floorMod(random.nextLong(), ROWS);
                    if (!changed.containsKey(id)) {
                        assertThat(render(cache.lookup(GenericRowData.of(id))))
                                .isEqualTo(render(new Object[] {id, id % 1000, "c" + (id % 97)}));
                    }
                }
            } finally {
                cache.close();
            }
        }
    }

    private static String render(Object[] row) {
        return "[" + row[0] + "," + row[1] + "," + row[2] + "]";
    }

    private static String render(Collection<RowData> rows) {
        StringBuilder out = new StringBuilder("[");
        for (RowData row : rows) {
            out.append(row.getLong(0))
                    .append(',')
                    .append(row.getLong(1))
                    .append(',')
                    .append(row.getString(2));
        }
        return out.append(']').toString();
    }

    private static long usedHeap() {
        System.gc();
        Runtime runtime = Runtime.getRuntime();
        return runtime.totalMemory() - runtime.freeMemory();
    }
}
