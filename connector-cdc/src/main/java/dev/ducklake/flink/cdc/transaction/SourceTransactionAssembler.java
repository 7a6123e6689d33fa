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
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.ListStateDescriptor;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.runtime.state.StateInitializationContext;
import org.apache.flink.runtime.state.StateSnapshotContext;
import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.BoundedOneInput;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;

/**
 * Releases source transactions whole, through a {@link TransactionBuffer}, so that what it emits
 * before a checkpoint barrier, and hence what the sink commits for that checkpoint, holds only
 * whole transactions. The waiting events are its checkpointed state. Runs as one subtask: the order
 * of all transactions is one order.
 */
@Internal
public final class SourceTransactionAssembler extends AbstractStreamOperator<ChangeRecord>
        implements OneInputStreamOperator<SourceTransactionEvent, ChangeRecord>, BoundedOneInput {

    private static final long serialVersionUID = 1L;

    /** Transactions released before a checkpoint barrier whose checkpoint completed. */
    public static final String COMMITTED = "sourceTransactionsCommitted";

    /** Transactions released incomplete by {@link OverdueTransactionPolicy#RELEASE}. */
    public static final String RELEASED_INCOMPLETE = "sourceTransactionsReleasedIncomplete";

    /** Transactions waiting now. */
    public static final String WAITING = "sourceTransactionsWaiting";

    /** How long the transaction that has waited longest has waited, in milliseconds. */
    public static final String OLDEST_WAITING_AGE = "oldestWaitingTransactionAgeMs";

    private final Duration maxWait;
    private final OverdueTransactionPolicy policy;
    private final Pattern tables;

    private transient TransactionBuffer buffer;
    private transient ListState<SourceTransactionEvent> waitingState;
    private transient ListState<Tuple2<String, Boolean>> releasedState;
    private transient ListState<Long> releasedPositionState;

    /**
     * Transactions released before each checkpoint's barrier whose checkpoint is not complete yet.
     */
    private transient TreeMap<Long, Long> releasedByCheckpoint;

    private transient List<SourceTransactionEvent> restoredEvents;
    private transient long releasedSinceBarrier;
    private transient Counter committed;
    private transient Counter releasedIncomplete;
    private transient volatile int waitingCount;
    private transient volatile long oldestArrival;

    public SourceTransactionAssembler(
            Duration maxWait, OverdueTransactionPolicy policy, Pattern tables) {
        this.maxWait = maxWait;
        this.policy = policy;
        this.tables = tables;
    }

    @Override
    public void initializeState(StateInitializationContext context) throws Exception {
        super.initializeState(context);
        buffer =
                new TransactionBuffer(
                        new TransactionBuffer.Output() {
                            @Override
                            public void collect(ChangeRecord record) {
                                output.collect(new StreamRecord<>(record));
                            }

                            @Override
                            public void released(boolean whole) {
                                releasedSinceBarrier++;
                                if (!whole) {
                                    releasedIncomplete.inc();
                                }
                            }
                        },
                        tables);
        releasedByCheckpoint = new TreeMap<>();
        restoredEvents = new ArrayList<>();
        waitingState =
                context.getOperatorStateStore()
                        .getListState(
                                new ListStateDescriptor<>(
                                        "waiting-source-transaction-events",
                                        new SourceTransactionEventSerializer()));
        releasedState =
                context.getOperatorStateStore()
                        .getListState(
                                new ListStateDescriptor<>(
                                        "released-source-transactions",
                                        Types.TUPLE(Types.STRING, Types.BOOLEAN)));
        releasedPositionState =
                context.getOperatorStateStore()
                        .getListState(
                                new ListStateDescriptor<>("released-source-position", Types.LONG));
        if (context.isRestored()) {
            Map<String, Boolean> released = new LinkedHashMap<>();
            for (Tuple2<String, Boolean> transaction : releasedState.get()) {
                released.put(transaction.f0, transaction.f1);
            }
            long position = SourceTransactionEvent.End.NO_POSITION;
            for (long restored : releasedPositionState.get()) {
                position = Math.max(position, restored);
            }
            buffer.restoreReleased(released, position);
            waitingState.get().forEach(restoredEvents::add);
        }
    }

    @Override
    public void open() throws Exception {
        super.open();
        MetricGroup metrics = getMetricGroup();
        committed = metrics.counter(COMMITTED);
        releasedIncomplete = metrics.counter(RELEASED_INCOMPLETE);
        metrics.gauge(WAITING, () -> waitingCount);
        metrics.gauge(
                OLDEST_WAITING_AGE,
                () -> {
                    long arrival = oldestArrival;
                    return arrival < 0
                            ? 0L
                            : Math.max(
                                    0L,
                                    getProcessingTimeService().getCurrentProcessingTime()
                                            - arrival);
                });
        // Restored events are taken in once the operators downstream are open: they may release
        // records (a restore with a narrower table pattern makes transactions whole).
        long now = getProcessingTimeService().getCurrentProcessingTime();
        restoredEvents.forEach(event -> buffer.add(event, now));
        restoredEvents.clear();
        observe();
        scheduleCheck();
    }

    @Override
    public void processElement(StreamRecord<SourceTransactionEvent> element) {
        buffer.add(element.getValue(), getProcessingTimeService().getCurrentProcessingTime());
        observe();
    }

    @Override
    public void snapshotState(StateSnapshotContext context) throws Exception {
        super.snapshotState(context);
        waitingState.update(buffer.waitingEvents());
        List<Tuple2<String, Boolean>> released = new ArrayList<>();
        buffer.releasedTransactions().forEach((id, whole) -> released.add(Tuple2.of(id, whole)));
        releasedState.update(released);
        releasedPositionState.update(List.of(buffer.releasedPosition()));
        releasedByCheckpoint.put(context.getCheckpointId(), releasedSinceBarrier);
        releasedSinceBarrier = 0;
    }

    /** The transactions released before a completed checkpoint's barrier are committed with it. */
    @Override
    public void notifyCheckpointComplete(long checkpointId) throws Exception {
        super.notifyCheckpointComplete(checkpointId);
        Iterator<Map.Entry<Long, Long>> done =
                releasedByCheckpoint.headMap(checkpointId, true).entrySet().iterator();
        while (done.hasNext()) {
            committed.inc(done.next().getValue());
            done.remove();
        }
    }

    /** A bounded input's end: what still waits is released or fails, by the policy. */
    @Override
    public void endInput() {
        buffer.releaseAtEndOfInput(policy);
        observe();
    }

    private void scheduleCheck() {
        long interval = Math.max(10, Math.min(1_000, maxWait.toMillis() / 4));
        getProcessingTimeService()
                .registerTimer(
                        getProcessingTimeService().getCurrentProcessingTime() + interval,
                        time -> {
                            buffer.releaseOverdue(time - maxWait.toMillis(), policy);
                            observe();
                            scheduleCheck();
                        });
    }

    private void observe() {
        waitingCount = buffer.waitingCount();
        oldestArrival = buffer.oldestArrival();
    }
}
