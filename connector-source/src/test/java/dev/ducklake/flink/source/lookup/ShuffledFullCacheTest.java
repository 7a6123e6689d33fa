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
import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.schema.TableSchema;
import dev.ducklake.engine.testutils.TestLakes;
import dev.ducklake.engine.testutils.TestSchemas;
import dev.ducklake.engine.write.MergeSession;
import dev.ducklake.flink.common.DuckLakeConnectorOptions.FullCacheStorage;
import dev.ducklake.flink.common.EngineSpec;
import dev.ducklake.flink.common.FlinkLakeTypes;
import dev.ducklake.flink.sink.testutils.NoEngineLeftOpen;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.common.TaskInfo;
import org.apache.flink.api.common.TaskInfoImpl;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.functions.FunctionContext;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * With the join's input shuffled by lookup key, each subtask's full cache holds the rows of the
 * keys Flink sends it and no others: the subtasks' rows add up to the table, and a key's rows are
 * found in its subtask only, for the table's key and for a column with several rows per value.
 */
@ExtendWith(NoEngineLeftOpen.class)
class ShuffledFullCacheTest {

    private static final TableName CUSTOMERS = TableName.of("customers");
    private static final int ROWS = 1_000;
    private static final int TIERS = 7;
    private static final int PARALLELISM = 2;

    @TempDir Path dir;

    @ParameterizedTest
    @EnumSource(FullCacheStorage.class)
    void eachSubtaskHoldsOnlyTheRowsOfItsKeys(FullCacheStorage storage) throws Exception {
        EngineSpec spec =
                EngineSpec.of(TestLakes.catalog(CatalogLocation.Kind.DUCKDB, dir).key())
                        .with(DATA_PATH, dir.resolve("data") + "/");
        TableSchema schema =
                TestSchemas.columns("id BIGINT", "tier VARCHAR").primaryKey("id").build();
        try (EngineRegistry.Lease lease = EngineRegistry.shared().acquire(spec.toEngineConfig())) {
            lease.engine().createTable(CUSTOMERS, schema);
            try (MergeSession merge = lease.engine().openMergeSession(CUSTOMERS)) {
                for (long id = 0; id < ROWS; id++) {
                    merge.upsert(new Object[] {id, "t" + id % TIERS});
                }
                merge.commit();
            }
        }
        for (String key : List.of("id", "tier")) {
            List<FullCacheLookupFunction> subtasks = new ArrayList<>();
            try {
                for (int subtask = 0; subtask < PARALLELISM; subtask++) {
                    FullCacheLookupFunction cache =
                            new FullCacheLookupFunction(settings(spec, schema, key, storage));
                    subtasks.add(cache);
                    cache.open(subtaskContext(subtask));
                }
                assertThat(subtasks.stream().mapToLong(FullCacheLookupFunction::rowsHeld).sum())
                        .as("rows held by the subtasks, by %s", key)
                        .isEqualTo(ROWS);
                assertThat(subtasks)
                        .as("every subtask holds a share, by %s", key)
                        .allMatch(cache -> cache.rowsHeld() > 0);
                for (long value = 0; value < (key.equals("id") ? ROWS : TIERS); value++) {
                    GenericRowData lookup =
                            GenericRowData.of(
                                    key.equals("id") ? value : StringData.fromString("t" + value));
                    int owner = LookupKeyPartitioner.subtaskOf(lookup, PARALLELISM);
                    for (int subtask = 0; subtask < PARALLELISM; subtask++) {
                        long expected =
                                subtask != owner ? 0 : key.equals("id") ? 1 : countOfTier(value);
                        assertThat(subtasks.get(subtask).lookup(lookup))
                                .as("%s = %s in subtask %s of %s", key, value, subtask, owner)
                                .hasSize((int) expected);
                    }
                }
            } finally {
                subtasks.forEach(FullCacheLookupFunction::close);
            }
        }
    }

    private static long countOfTier(long tier) {
        return (ROWS - tier + TIERS - 1) / TIERS;
    }

    private LookupSettings settings(
            EngineSpec spec, TableSchema schema, String key, FullCacheStorage storage) {
        return new LookupSettings(
                spec,
                CUSTOMERS.toString(),
                FlinkLakeTypes.toFlinkRowType(schema, List.of()),
                List.of(key),
                null,
                0,
                1024,
                Duration.ofHours(1),
                SCAN_BATCH_SIZE.defaultValue(),
                storage,
                dir.resolve("stores").toString(),
                true);
    }

    /** The context of one subtask of the join, which the function asks where it runs. */
    private static FunctionContext subtaskContext(int subtask) {
        return new FunctionContext(null) {
            @Override
            public TaskInfo getTaskInfo() {
                return new TaskInfoImpl("lookup", PARALLELISM, subtask, PARALLELISM, 0);
            }
        };
    }
}
