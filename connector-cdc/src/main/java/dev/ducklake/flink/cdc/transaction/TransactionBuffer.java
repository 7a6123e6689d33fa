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

import dev.ducklake.flink.cdc.ChangeRecord;
import dev.ducklake.flink.cdc.transaction.SourceTransactionEvent.Change;
import dev.ducklake.flink.cdc.transaction.SourceTransactionEvent.End;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.flink.annotation.Internal;

/**
 * Holds the changes of source transactions until each is whole, then releases them in the order the
 * source committed the transactions: a transaction is whole when its {@link End} has arrived and,
 * for every table it names that the stream holds (whose name matches a pattern), as many distinct
 * changes as it counts. A whole transaction waits for the ones that ended before it. Changes
 * outside any transaction pass at once.
 *
 * <p>A source that replays after a crash sends transactions again. An end at or before the highest
 * position released is a replay, and its transaction is dropped; where the source gives no
 * positions, the ids of the last {@value #REMEMBERED} released transactions tell replays. The late
 * changes of a transaction released incomplete pass at once. Not thread-safe.
 */
@Internal
public final class TransactionBuffer {

    /** How many released transactions are remembered by id, to drop their replayed events. */
    public static final int REMEMBERED = 10_000;

    /** Where released records go, and what is told of each released transaction. */
    public interface Output {
        /** Takes a released record. */
        void collect(ChangeRecord record);

        /** Told after a transaction's records, whether it was whole. */
        void released(boolean whole);
    }

    private final Output output;
    private final Pattern tables;

    /** Waiting transactions by id, in the order of their first event's arrival. */
    private final LinkedHashMap<String, Waiting> waiting = new LinkedHashMap<>();

    /** Waiting transactions whose end arrived, in the source's commit order. */
    private final ArrayDeque<Waiting> ended = new ArrayDeque<>();

    /**
     * Recently released (or dropped as replayed) transactions, oldest first: id → whether it was
     * whole.
     */
    private final LinkedHashMap<String, Boolean> released =
            new LinkedHashMap<>(16, 0.75f, false) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<String, Boolean> eldest) {
                    return size() > REMEMBERED;
                }
            };

    /** The highest position of a released end; {@link End#NO_POSITION} before the first. */
    private long releasedPosition = End.NO_POSITION;

    /**
     * @param tables the tables whose changes the stream holds; an end's counts of other tables are
     *     not waited for
     */
    public TransactionBuffer(Output output, Pattern tables) {
        this.output = output;
        this.tables = tables;
    }

    /** Takes one event that arrived at {@code now} (milliseconds); releases what it makes whole. */
    public void add(SourceTransactionEvent event, long now) {
        if (event instanceof Change change) {
            add(change, now);
        } else {
            add((End) event, now);
        }
    }

    private void add(Change change, long now) {
        String id = change.transactionId();
        if (id == null) {
            change.records().forEach(output::collect);
            return;
        }
        Boolean whole = released.get(id);
        if (whole != null) {
            if (!whole) {
                change.records().forEach(output::collect);
            }
            return;
        }
        waiting.computeIfAbsent(id, key -> new Waiting(key, now)).add(change);
        releaseWholePrefix();
    }

    private void add(End end, long now) {
        String id = end.transactionId();
        if (released.containsKey(id)) {
            return;
        }
        if (end.position() != End.NO_POSITION && end.position() <= releasedPosition) {
            // A replay of a transaction released before: what arrived of it goes.
            waiting.remove(id);
            released.put(id, true);
            return;
        }
        Waiting transaction = waiting.computeIfAbsent(id, key -> new Waiting(key, now));
        if (transaction.end == null) {
            transaction.end =
                    new End(
                            id,
                            end.position(),
                            end.changesPerTable().entrySet().stream()
                                    .filter(table -> tables.matcher(table.getKey()).matches())
                                    .collect(
                                            Collectors.toMap(
                                                    Map.Entry::getKey, Map.Entry::getValue)));
            ended.add(transaction);
            releaseWholePrefix();
        }
    }

    /**
     * Deals with the transactions whose first event arrived before {@code deadline}: fails for
     * {@link OverdueTransactionPolicy#FAIL}; for {@link OverdueTransactionPolicy#RELEASE}, releases
     * each, after the transactions that ended before it.
     *
     * @throws IllegalStateException naming the transaction that holds the others up and what it
     *     misses
     */
    public void releaseOverdue(long deadline, OverdueTransactionPolicy policy) {
        while (!waiting.isEmpty()) {
            Waiting oldest = waiting.values().iterator().next();
            if (oldest.firstArrival >= deadline) {
                return;
            }
            if (policy == OverdueTransactionPolicy.FAIL) {
                Waiting blocking = oldest.end == null ? oldest : ended.peek();
                throw new IllegalStateException(
                        "Source transaction "
                                + blocking.id
                                + " waited longer than the"
                                + " bound for its changes: "
                                + blocking.describe());
            }
            releaseThrough(oldest);
        }
    }

    /**
     * Deals with what waits when the input ended: fails for {@link OverdueTransactionPolicy#FAIL}
     * if anything waits; for {@link OverdueTransactionPolicy#RELEASE}, releases everything.
     */
    public void releaseAtEndOfInput(OverdueTransactionPolicy policy) {
        if (!waiting.isEmpty() && policy == OverdueTransactionPolicy.FAIL) {
            Waiting blocking = ended.isEmpty() ? waiting.values().iterator().next() : ended.peek();
            throw new IllegalStateException(
                    "The input ended with "
                            + waiting.size()
                            + " source transactions"
                            + " incomplete; transaction "
                            + blocking.id
                            + ": "
                            + blocking.describe());
        }
        while (!waiting.isEmpty()) {
            releaseThrough(waiting.values().iterator().next());
        }
    }

    /**
     * Releases the transaction, and first every transaction that ended before it (all, if it has no
     * end).
     */
    private void releaseThrough(Waiting transaction) {
        if (transaction.end != null) {
            Waiting next;
            do {
                next = ended.poll();
                release(next);
            } while (next != transaction);
        } else {
            while (!ended.isEmpty()) {
                release(ended.poll());
            }
            release(transaction);
        }
        releaseWholePrefix();
    }

    /** The transactions waiting. */
    public int waitingCount() {
        return waiting.size();
    }

    /**
     * When the first event of the transaction that has waited longest arrived; -1 when none waits.
     */
    public long oldestArrival() {
        return waiting.isEmpty() ? -1 : waiting.values().iterator().next().firstArrival;
    }

    /**
     * The events not released yet: every waiting change, then the waiting ends in commit order.
     * Adding them, in this order, to a buffer restored with {@link #restoreReleased} restores this
     * one's waiting transactions.
     */
    public List<SourceTransactionEvent> waitingEvents() {
        List<SourceTransactionEvent> events = new ArrayList<>();
        for (Waiting transaction : waiting.values()) {
            events.addAll(transaction.changes.values());
        }
        for (Waiting transaction : ended) {
            events.add(transaction.end);
        }
        return events;
    }

    /** The remembered released transactions, oldest first: id → whether it was whole. */
    public Map<String, Boolean> releasedTransactions() {
        return new LinkedHashMap<>(released);
    }

    /** The highest position of a released end; {@link End#NO_POSITION} before the first. */
    public long releasedPosition() {
        return releasedPosition;
    }

    /**
     * Restores what {@link #releasedTransactions} and {@link #releasedPosition} gave, before any
     * event.
     */
    public void restoreReleased(Map<String, Boolean> transactions, long position) {
        released.putAll(transactions);
        releasedPosition = position;
    }

    private void releaseWholePrefix() {
        while (!ended.isEmpty() && ended.peek().isWhole()) {
            release(ended.poll());
        }
    }

    private void release(Waiting transaction) {
        waiting.remove(transaction.id);
        boolean whole = transaction.isWhole();
        released.put(transaction.id, whole);
        if (transaction.end != null) {
            releasedPosition = Math.max(releasedPosition, transaction.end.position());
        }
        for (Change change : transaction.changes.values()) {
            change.records().forEach(output::collect);
        }
        output.released(whole);
    }

    /** A transaction's changes so far, by their order, and its end once it arrived. */
    private static final class Waiting {
        final String id;
        final long firstArrival;
        final TreeMap<Long, Change> changes = new TreeMap<>();
        final Map<String, Long> changesPerTable = new HashMap<>();
        End end;

        Waiting(String id, long firstArrival) {
            this.id = id;
            this.firstArrival = firstArrival;
        }

        void add(Change change) {
            if (changes.putIfAbsent(change.order(), change) == null) {
                changesPerTable.merge(change.table(), 1L, Long::sum);
            }
        }

        boolean isWhole() {
            return end != null
                    && end.changesPerTable().entrySet().stream()
                            .allMatch(
                                    table ->
                                            changesPerTable.getOrDefault(table.getKey(), 0L)
                                                    >= table.getValue());
        }

        String describe() {
            if (end == null) {
                return "its end has not arrived; it has " + counts(changesPerTable);
            }
            return "it has "
                    + counts(changesPerTable)
                    + " of the "
                    + counts(end.changesPerTable())
                    + " its end counts";
        }

        private static String counts(Map<String, Long> perTable) {
            return perTable.isEmpty()
                    ? "no changes"
                    : new TreeMap<>(perTable)
                            .entrySet().stream()
                                    .map(
                                            table ->
                                                    table.getValue()
                                                            + " changes of "
                                                            + table.getKey())
                                    .collect(Collectors.joining(", "));
        }
    }
}
