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

package dev.ducklake.flink.sink.internal.upsert;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ducklake.engine.EngineRegistry;
import dev.ducklake.engine.LakeEngine;
import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.testutils.TestSchemas;
import dev.ducklake.engine.write.CommitOptions;
import dev.ducklake.engine.write.CommitRetries;
import dev.ducklake.engine.write.MergeSession;
import dev.ducklake.flink.common.EngineSpec;
import dev.ducklake.flink.sink.internal.CurrentRowColumns;
import dev.ducklake.flink.sink.internal.SinkMode;
import dev.ducklake.flink.sink.internal.SinkSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.util.KeyedOneInputStreamOperatorTestHarness;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.runtime.typeutils.RowDataSerializer;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;
import org.apache.flink.types.RowKind;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The current row each change carries, against a real lake: rows loaded from the table at the
 * start, the sink's own changes, a restore, and other writers' changes taken in when a checkpoint
 * completes (with the sink's own changes committed or not).
 */
class CurrentRowIndexTest {

    private static final TableName TABLE = TableName.of("kv");
    private static final RowType ROW =
            RowType.of(
                    new LogicalType[] {
                        new VarCharType(false, VarCharType.MAX_LENGTH), new BigIntType()
                    },
                    new String[] {"k", "n"});
    private static final String SINK_ID = "sink-1";

    @TempDir Path dir;

    private SinkSettings settings;

    @BeforeEach
    void setUp() {
        CatalogLocation catalog = CatalogLocation.duckDbFile(dir.resolve("metadata.ducklake"));
        EngineSpec engine =
                EngineSpec.of(catalog.key())
                        .withOptions(Map.of("data-path", dir.resolve("data") + "/"));
        settings =
                new SinkSettings(
                        engine,
                        TABLE.toString(),
                        ROW,
                        List.of("k"),
                        List.of(),
                        SinkMode.UPSERT,
                        dir.resolve("staging").toString(),
                        new CommitRetries(0, Duration.ZERO),
                        SINK_ID,
                        null,
                        true,
                        List.of());
        try (EngineRegistry.Lease lease = lease()) {
            LakeEngine lake = lease.engine();
            lake.createTable(
                    TABLE,
                    TestSchemas.columns("k VARCHAR NOT NULL", "n BIGINT").primaryKey("k").build());
            upsert(lake, Map.of(), new Object[] {"a", 1L}, new Object[] {"b", 2L});
        }
    }

    @Test
    void changesCarryTheLoadedRowsThenTheSinksOwnAcrossARestore() throws Exception {
        OperatorSubtaskState snapshot;
        long loaded = latestVersion();
        try (var harness = harness()) {
            harness.open();
            harness.processElement(row(RowKind.UPDATE_BEFORE, "a", 1L), 0);
            harness.processElement(row(RowKind.UPDATE_AFTER, "a", 3L), 0);
            harness.processElement(row(RowKind.INSERT, "c", 5L), 0);
            harness.processElement(row(RowKind.DELETE, "b", null), 0);
            harness.processElement(row(RowKind.INSERT, "b", 6L), 0);
            assertThat(outputs(harness))
                    .containsExactly(
                            List.of("-U", "a", 1L, true, "a", 1L, loaded),
                            List.of("+U", "a", 3L, false, "null", "null", loaded),
                            List.of("+I", "c", 5L, false, "null", "null", loaded),
                            List.of("-D", "b", "null", true, "b", 2L, loaded),
                            List.of("+I", "b", 6L, false, "null", "null", loaded));
            snapshot = harness.snapshot(1, 1);
        }
        try (var restored = harness()) {
            restored.initializeState(snapshot);
            restored.open();
            restored.processElement(row(RowKind.UPDATE_AFTER, "c", 7L), 0);
            restored.processElement(row(RowKind.DELETE, "a", null), 0);
            assertThat(outputs(restored))
                    .containsExactly(
                            List.of("+U", "c", 7L, true, "c", 5L, loaded),
                            List.of("-D", "a", "null", true, "a", 3L, loaded));
        }
    }

    /**
     * Another writer changes a key the sink changed in a checkpoint that is committed, one it
     * changed in a checkpoint that is not, and one it never changed. The index takes the table's
     * row for the first and third, and makes the second unknown until its next change.
     */
    @Test
    void otherWritersChangesAreTakenInWhenACheckpointCompletes() throws Exception {
        try (var harness = harness();
                EngineRegistry.Lease lease = lease()) {
            LakeEngine lake = lease.engine();
            harness.open();
            String jobId = harness.getEnvironment().getJobID().toString();
            harness.processElement(row(RowKind.UPDATE_AFTER, "a", 3L), 0);
            harness.snapshot(1, 1);
            harness.processElement(row(RowKind.UPDATE_AFTER, "b", 4L), 0);
            harness.snapshot(2, 2);
            upsert(
                    lake,
                    Map.of("sink-id", SINK_ID, "checkpoint-id", "1", "flink-job-id", jobId),
                    new Object[] {"a", 3L});
            upsert(
                    lake,
                    Map.of(),
                    new Object[] {"a", 10L},
                    new Object[] {"b", 20L},
                    new Object[] {"d", 30L});
            long latest = latestVersion();
            harness.notifyOfCompletedCheckpoint(2);
            outputs(harness);

            harness.processElement(row(RowKind.UPDATE_AFTER, "a", 11L), 0);
            harness.processElement(row(RowKind.UPDATE_AFTER, "b", 21L), 0);
            harness.processElement(row(RowKind.UPDATE_AFTER, "d", 31L), 0);
            harness.processElement(row(RowKind.UPDATE_AFTER, "b", 22L), 0);
            assertThat(outputs(harness))
                    .containsExactly(
                            List.of("+U", "a", 11L, true, "a", 10L, latest),
                            List.of(
                                    "+U",
                                    "b",
                                    21L,
                                    false,
                                    "null",
                                    "null",
                                    CurrentRowColumns.UNKNOWN),
                            List.of("+U", "d", 31L, true, "d", 30L, latest),
                            List.of("+U", "b", 22L, true, "b", 21L, latest));
        }
    }

    private KeyedOneInputStreamOperatorTestHarness<RowData, RowData, RowData> harness()
            throws Exception {
        CurrentRowIndex index = new CurrentRowIndex(settings);
        var harness =
                new KeyedOneInputStreamOperatorTestHarness<>(
                        index,
                        index.keySelector(),
                        InternalTypeInfo.of(index.keySelector().keyType()));
        harness.setup(new RowDataSerializer(CurrentRowColumns.withCurrentRow(ROW)));
        return harness;
    }

    /** The engine the index uses too: one DuckDB may attach a catalog file once. */
    private EngineRegistry.Lease lease() {
        return EngineRegistry.shared().acquire(settings.engine().toEngineConfig());
    }

    private long latestVersion() {
        try (EngineRegistry.Lease lease = lease()) {
            return lease.engine().latestVersion(TABLE);
        }
    }

    private static void upsert(LakeEngine lake, Map<String, String> producer, Object[]... rows) {
        try (MergeSession merge = lake.openMergeSession(TABLE)) {
            for (Object[] row : rows) {
                merge.upsert(row);
            }
            merge.commit(
                    producer.isEmpty()
                            ? CommitOptions.defaults()
                            : CommitOptions.builder().producer(producer).build());
        }
    }

    private static RowData row(RowKind kind, String k, Long n) {
        return GenericRowData.ofKind(kind, StringData.fromString(k), n);
    }

    /** Each output as its kind, then its six fields (nulls as "null"). */
    private static List<List<Object>> outputs(
            KeyedOneInputStreamOperatorTestHarness<RowData, RowData, RowData> harness) {
        List<List<Object>> out = new ArrayList<>();
        RowType wide = CurrentRowColumns.withCurrentRow(ROW);
        RowData.FieldGetter[] getters = new RowData.FieldGetter[wide.getFieldCount()];
        for (int i = 0; i < getters.length; i++) {
            getters[i] = RowData.createFieldGetter(wide.getTypeAt(i), i);
        }
        for (Object record : harness.getOutput()) {
            if (!(record instanceof StreamRecord<?> element)) {
                continue;
            }
            RowData row = (RowData) element.getValue();
            List<Object> values = new ArrayList<>(List.of(row.getRowKind().shortString()));
            for (RowData.FieldGetter getter : getters) {
                Object value = getter.getFieldOrNull(row);
                values.add(
                        value == null
                                ? "null"
                                : value instanceof StringData s ? s.toString() : value);
            }
            out.add(values);
        }
        harness.getOutput().clear();
        return out;
    }
}
