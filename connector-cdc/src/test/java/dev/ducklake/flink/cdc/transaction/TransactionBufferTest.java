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
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ducklake.flink.cdc.ChangeRecord;
import dev.ducklake.flink.cdc.ChangeSchema;
import dev.ducklake.flink.cdc.transaction.SourceTransactionEvent.Change;
import dev.ducklake.flink.cdc.transaction.SourceTransactionEvent.End;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Pattern;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TransactionBufferTest {

    private static final ChangeSchema SCHEMA =
            ChangeSchema.of(
                    RowType.of(
                            new LogicalType[] {new BigIntType(false), new BigIntType(false)},
                            new String[] {"tx", "n"}),
                    List.of("tx", "n"));
    private static final Pattern ALL = Pattern.compile(".*");

    private final Collected out = new Collected();
    private final TransactionBuffer buffer = new TransactionBuffer(out, ALL);

    /** What the buffer released, and after which record each release ended. */
    static final class Collected implements TransactionBuffer.Output {
        final List<ChangeRecord> records = new ArrayList<>();
        final List<Integer> boundaries = new ArrayList<>();
        int incomplete;

        @Override
        public void collect(ChangeRecord record) {
            records.add(record);
        }

        @Override
        public void released(boolean whole) {
            boundaries.add(records.size());
            if (!whole) {
                incomplete++;
            }
        }

        List<Long> transactions() {
            return records.stream().map(r -> r.row().getLong(0)).distinct().toList();
        }
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
    void releasesEachTransactionWholeAndContiguousInCommitOrderWhateverTheInterleavingAndReplays(
            long seed) {
        Random random = new Random(seed);
        int transactions = 300;
        // The model: transaction t changes tables a and b; its changes, in its order.
        Map<Long, List<Change>> changes = new HashMap<>();
        List<SourceTransactionEvent> ends = new ArrayList<>();
        List<List<SourceTransactionEvent>> topics = List.of(new ArrayList<>(), new ArrayList<>());
        for (long t = 0; t < transactions; t++) {
            int inA = random.nextInt(3);
            int inB = 1 + random.nextInt(3);
            List<Change> mine = new ArrayList<>();
            for (int i = 0; i < inA + inB; i++) {
                String table = i < inA ? "s.a" : "s.b";
                Change change = new Change("x" + t, i + 1, table, List.of(record(t, i)));
                mine.add(change);
                topics.get(i < inA ? 0 : 1).add(change);
            }
            changes.put(t, mine);
            Map<String, Long> counts = new HashMap<>();
            if (inA > 0) {
                counts.put("s.a", (long) inA);
            }
            counts.put("s.b", (long) inB);
            counts.put("s.not_read", 5L);
            ends.add(new End("x" + t, End.NO_POSITION, counts));
        }
        // Each topic in order, the topics interleaved at random; some events seen twice.
        List<List<SourceTransactionEvent>> streams = List.of(topics.get(0), topics.get(1), ends);
        int[] next = new int[3];
        Collected collected = new Collected();
        TransactionBuffer filtering = new TransactionBuffer(collected, Pattern.compile("s\\.[ab]"));
        List<SourceTransactionEvent> arrived = new ArrayList<>();
        while (next[0] < streams.get(0).size()
                || next[1] < streams.get(1).size()
                || next[2] < ends.size()) {
            int stream = random.nextInt(3);
            if (next[stream] < streams.get(stream).size()) {
                SourceTransactionEvent event = streams.get(stream).get(next[stream]++);
                filtering.add(event, 0);
                arrived.add(event);
                if (random.nextInt(20) == 0) {
                    SourceTransactionEvent again =
                            arrived.get(Math.max(0, arrived.size() - 1 - random.nextInt(30)));
                    filtering.add(again, 0);
                }
            }
        }

        assertThat(filtering.waitingCount()).isZero();
        List<ChangeRecord> expected = new ArrayList<>();
        for (long t = 0; t < transactions; t++) {
            changes.get(t).forEach(change -> expected.addAll(change.records()));
        }
        assertThat(collected.records).isEqualTo(expected);
        assertThat(collected.boundaries).hasSize(transactions);
        assertThat(collected.incomplete).isZero();
    }

    @Test
    void aRestoredBufferReleasesWhatTheOriginalWould() {
        Collected first = new Collected();
        TransactionBuffer original = new TransactionBuffer(first, ALL);
        original.add(new Change("1", 1, "s.a", List.of(record(1, 0))), 0);
        original.add(new End("2", End.NO_POSITION, Map.of("s.a", 1L)), 0);
        original.add(new Change("2", 1, "s.a", List.of(record(2, 0))), 0);
        original.add(new Change("3", 1, "s.a", List.of(record(3, 0))), 0);
        original.add(new End("3", End.NO_POSITION, Map.of("s.a", 1L)), 0);
        assertThat(first.transactions()).containsExactly(2L, 3L);
        original.add(new End("1", End.NO_POSITION, Map.of("s.a", 2L)), 0);

        Collected second = new Collected();
        TransactionBuffer restored = new TransactionBuffer(second, ALL);
        restored.restoreReleased(original.releasedTransactions(), original.releasedPosition());
        original.waitingEvents().forEach(event -> restored.add(event, 0));
        assertThat(second.records).isEmpty();
        restored.add(new Change("3", 1, "s.a", List.of(record(3, 0))), 0);
        restored.add(new End("3", End.NO_POSITION, Map.of("s.a", 1L)), 0);
        restored.add(new Change("1", 2, "s.a", List.of(record(1, 1))), 0);
        assertThat(second.records).containsExactly(record(1, 0), record(1, 1));
        assertThat(restored.waitingCount()).isZero();
    }

    @Test
    void anOverdueTransactionFailsNamingWhatItMisses() {
        buffer.add(new Change("7", 1, "s.a", List.of(record(7, 0))), 100);
        buffer.add(new End("7", End.NO_POSITION, Map.of("s.a", 2L, "s.b", 1L)), 150);
        buffer.releaseOverdue(100, OverdueTransactionPolicy.FAIL);
        assertThatThrownBy(() -> buffer.releaseOverdue(101, OverdueTransactionPolicy.FAIL))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage(
                        "Source transaction 7 waited longer than the bound for its changes: it has 1 changes of s.a"
                                + " of the 2 changes of s.a, 1 changes of s.b its end counts");
        assertThat(buffer.waitingCount()).isOne();
    }

    @Test
    void anOverdueTransactionIsReleasedAfterTheOnesThatEndedBeforeItAndItsLateChangesFollow() {
        buffer.add(new Change("1", 1, "s.a", List.of(record(1, 0))), 100);
        buffer.add(new Change("2", 1, "s.a", List.of(record(2, 0))), 200);
        buffer.add(new End("1", End.NO_POSITION, Map.of("s.a", 1L, "s.b", 1L)), 200);
        buffer.add(new End("2", End.NO_POSITION, Map.of("s.a", 1L)), 200);
        buffer.add(new End("3", End.NO_POSITION, Map.of("s.a", 1L)), 300);
        buffer.add(new Change("3", 1, "s.a", List.of(record(3, 0))), 300);
        buffer.add(new Change("4", 1, "s.a", List.of(record(4, 0))), 300);
        assertThat(out.records).isEmpty();

        buffer.releaseOverdue(250, OverdueTransactionPolicy.RELEASE);

        assertThat(out.transactions()).containsExactly(1L, 2L, 3L);
        assertThat(out.incomplete).isOne();
        assertThat(buffer.waitingCount()).isOne();
        assertThat(buffer.oldestArrival()).isEqualTo(300);
        buffer.add(new Change("1", 2, "s.b", List.of(record(1, 1))), 400);
        buffer.add(new Change("2", 1, "s.a", List.of(record(2, 0))), 400);
        assertThat(out.records).endsWith(record(3, 0), record(1, 1));
    }

    @Test
    void anOverdueTransactionWithoutItsEndIsReleasedAfterAllThatEnded() {
        buffer.add(new Change("2", 1, "s.a", List.of(record(2, 0))), 100);
        buffer.add(new Change("1", 1, "s.a", List.of(record(1, 0))), 200);
        buffer.add(new End("1", End.NO_POSITION, Map.of("s.a", 2L)), 200);

        buffer.releaseOverdue(150, OverdueTransactionPolicy.RELEASE);

        assertThat(out.transactions()).containsExactly(1L, 2L);
        assertThat(out.incomplete).isEqualTo(2);
    }

    @Test
    void theFailureNamesTheTransactionThatHoldsTheOthersUp() {
        buffer.add(new Change("2", 1, "s.a", List.of(record(2, 0))), 100);
        buffer.add(new Change("1", 1, "s.a", List.of(record(1, 0))), 200);
        buffer.add(new End("1", End.NO_POSITION, Map.of("s.a", 2L)), 200);
        buffer.add(new End("2", End.NO_POSITION, Map.of("s.a", 1L)), 200);

        assertThatThrownBy(() -> buffer.releaseOverdue(150, OverdueTransactionPolicy.FAIL))
                .hasMessageStartingWith(
                        "Source transaction 1 waited longer than the bound for its changes: it has 1"
                                + " changes of s.a of the 2 changes of s.a its end counts");
    }

    @Test
    void anEndAtOrBeforeTheReleasedPositionIsAReplayAndItsTransactionGoes() {
        buffer.add(new Change("1", 1, "s.a", List.of(record(1, 0))), 0);
        buffer.add(new End("1", 100, Map.of("s.a", 1L)), 0);
        buffer.add(new Change("2", 1, "s.a", List.of(record(2, 0))), 0);
        buffer.add(new End("2", 200, Map.of("s.a", 1L)), 0);
        TransactionBuffer restored = new TransactionBuffer(out, ALL);
        restored.restoreReleased(Map.of(), buffer.releasedPosition());

        // The source replays both, the first no longer remembered by id.
        restored.add(new Change("1", 1, "s.a", List.of(record(1, 0))), 0);
        restored.add(new End("1", 100, Map.of("s.a", 1L)), 0);
        restored.add(new End("2", 200, Map.of("s.a", 1L)), 0);
        restored.add(new Change("2", 1, "s.a", List.of(record(2, 0))), 0);
        restored.add(new Change("3", 1, "s.a", List.of(record(3, 0))), 0);
        restored.add(new End("3", 300, Map.of("s.a", 1L)), 0);

        assertThat(out.transactions()).containsExactly(1L, 2L, 3L);
        assertThat(out.records).hasSize(3);
        assertThat(restored.waitingCount()).isZero();
    }

    @Test
    void theEndOfTheInputFailsWhileTransactionsWaitOrReleasesThem() {
        buffer.add(new Change("1", 1, "s.a", List.of(record(1, 0))), 0);
        assertThatThrownBy(() -> buffer.releaseAtEndOfInput(OverdueTransactionPolicy.FAIL))
                .hasMessage(
                        "The input ended with 1 source transactions incomplete; transaction 1: its end has not"
                                + " arrived; it has 1 changes of s.a");
        buffer.releaseAtEndOfInput(OverdueTransactionPolicy.RELEASE);
        assertThat(out.records).containsExactly(record(1, 0));
    }

    @Test
    void changesOutsideTransactionsPassAtOnce() {
        buffer.add(new Change("1", 1, "s.a", List.of(record(1, 0))), 0);
        buffer.add(new Change(null, 0, "s.a", List.of(record(0, 0))), 0);
        assertThat(out.records).containsExactly(record(0, 0));
    }

    private static ChangeRecord record(long transaction, long n) {
        return new ChangeRecord("s.a", GenericRowData.of(transaction, n), SCHEMA);
    }
}
