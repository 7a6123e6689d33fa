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

package dev.ducklake.flink.cdc.transaction;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ducklake.flink.cdc.ChangeRecord;
import dev.ducklake.flink.cdc.ChangeRecordSerializer;
import dev.ducklake.flink.cdc.ChangeSchema;
import dev.ducklake.flink.cdc.transaction.SourceTransactionEvent.Change;
import dev.ducklake.flink.cdc.transaction.SourceTransactionEvent.End;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.util.OneInputStreamOperatorTestHarness;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.junit.jupiter.api.Test;

/**
 * The operator in Flink's test harness: the waiting transactions and the released ones survive a
 * snapshot and restore, so that a restored operator releases each transaction once, and drops what
 * the source replays.
 */
class SourceTransactionAssemblerTest {

    private static final ChangeSchema SCHEMA =
            ChangeSchema.of(
                    RowType.of(new LogicalType[] {new BigIntType(false)}, new String[] {"tx"}),
                    List.of("tx"));

    @Test
    void aRestoredOperatorReleasesEachTransactionOnceAndDropsReplays() throws Exception {
        OperatorSubtaskState snapshot;
        try (var harness = harness(Pattern.compile(".*"))) {
            harness.open();
            harness.processElement(change("1", 1, "s.a"));
            harness.processElement(end("1", 10, 1));
            harness.processElement(change("2", 1, "s.a"));
            harness.processElement(end("2", 20, 2));
            assertThat(transactions(harness)).containsExactly(1L);
            snapshot = harness.snapshot(1, 1);
        }
        try (var restored = harness(Pattern.compile(".*"))) {
            restored.initializeState(snapshot);
            restored.open();
            // The source replays transaction 1 and sends the rest of transaction 2.
            restored.processElement(change("1", 1, "s.a"));
            restored.processElement(end("1", 10, 1));
            restored.processElement(change("2", 2, "s.a"));
            assertThat(transactions(restored)).containsExactly(2L, 2L);
        }
    }

    @Test
    void restoredEventsAreTakenInOnceTheOperatorIsOpen() throws Exception {
        OperatorSubtaskState snapshot;
        try (var harness = harness(Pattern.compile(".*"))) {
            harness.open();
            harness.processElement(change("1", 1, "s.a"));
            harness.processElement(
                    new StreamRecord<>(new End("1", 10, Map.of("s.a", 1L, "s.b", 1L))));
            snapshot = harness.snapshot(1, 1);
        }
        // Restored with only s.a read, transaction 1 is whole.
        try (var restored = harness(Pattern.compile("s\\.a"))) {
            restored.initializeState(snapshot);
            restored.open();
            assertThat(transactions(restored)).containsExactly(1L);
        }
    }

    private static OneInputStreamOperatorTestHarness<SourceTransactionEvent, ChangeRecord> harness(
            Pattern tables) throws Exception {
        var harness =
                new OneInputStreamOperatorTestHarness<SourceTransactionEvent, ChangeRecord>(
                        new SourceTransactionAssembler(
                                Duration.ofMinutes(1), OverdueTransactionPolicy.FAIL, tables));
        harness.setup(new ChangeRecordSerializer());
        return harness;
    }

    private static StreamRecord<SourceTransactionEvent> change(
            String id, long order, String table) {
        return new StreamRecord<>(
                new Change(
                        id,
                        order,
                        table,
                        List.of(
                                new ChangeRecord(
                                        table, GenericRowData.of(Long.parseLong(id)), SCHEMA))));
    }

    private static StreamRecord<SourceTransactionEvent> end(
            String id, long position, long changes) {
        return new StreamRecord<>(new End(id, position, Map.of("s.a", changes)));
    }

    private static List<Long> transactions(
            OneInputStreamOperatorTestHarness<SourceTransactionEvent, ChangeRecord> h) {
        List<Long> out = new ArrayList<>();
        for (ChangeRecord record : h.extractOutputValues()) {
            out.add(record.row().getLong(0));
        }
        return out;
    }
}
