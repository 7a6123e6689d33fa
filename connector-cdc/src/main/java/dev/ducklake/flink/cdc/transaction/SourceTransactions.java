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

import static org.apache.flink.util.Preconditions.checkArgument;
import static org.apache.flink.util.Preconditions.checkNotNull;

import dev.ducklake.flink.cdc.ChangeRecord;
import dev.ducklake.flink.cdc.ChangeRecordTypeInfo;
import java.time.Duration;
import java.util.regex.Pattern;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.api.common.functions.FlatMapFunction;
import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.util.Collector;

/**
 * Turns a change stream with source transaction boundaries into {@link ChangeRecord}s for {@link
 * DuckLakeChangeSink}, so that every lake snapshot holds only whole source transactions.
 *
 * <p>{@link #whole} holds each transaction's changes in Flink state until its end and all the
 * changes its end counts have arrived, then releases them in the source's commit order. Since the
 * change sink commits each checkpoint's records of all tables in one snapshot, each snapshot is the
 * source database as of one committed transaction. It runs as one subtask; a transaction waits at
 * most {@code maxWait}, after which the {@link OverdueTransactionPolicy} applies. Its metrics:
 * {@code sourceTransactionsCommitted} (released before a checkpoint that completed), {@code
 * sourceTransactionsWaiting}, {@code oldestWaitingTransactionAgeMs} and {@code
 * sourceTransactionsReleasedIncomplete}.
 *
 * <pre>{@code
 * DataStream<SourceTransactionEvent> events = env.fromSource(kafka, WatermarkStrategy.noWatermarks(), "debezium");
 * SourceTransactions.whole(events, Duration.ofMinutes(5), OverdueTransactionPolicy.FAIL)
 *         .uid("whole-source-transactions")
 *         .sinkTo(DuckLakeSink.forChangeRecords().catalog(catalog).build());
 * }</pre>
 *
 * <p>It needs aligned checkpoints. Limits: the order of the ends is the commit order only if they
 * arrive in it (Debezium's transaction topic with one partition); changes outside any transaction
 * (a snapshot's rows) pass at once; a transaction's changes wait on the heap of one TaskManager. At
 * the end of a bounded input, what still waits fails the job ({@code FAIL}) or is released ({@code
 * RELEASE}).
 */
@PublicEvolving
public final class SourceTransactions {

    /** How long a transaction waits for its changes by default. */
    public static final Duration DEFAULT_MAX_WAIT = Duration.ofMinutes(5);

    private SourceTransactions() {}

    /**
     * {@link #whole(DataStream, Duration, OverdueTransactionPolicy, Pattern)}, waiting for the
     * changes of every table.
     */
    public static SingleOutputStreamOperator<ChangeRecord> whole(
            DataStream<SourceTransactionEvent> events,
            Duration maxWait,
            OverdueTransactionPolicy policy) {
        return whole(events, maxWait, policy, Pattern.compile(".*"));
    }

    /**
     * The records of whole source transactions, in the source's commit order.
     *
     * @param maxWait how long a transaction may wait, from its first event's arrival, for the rest
     * @param policy what to do with a transaction that waited longer
     * @param tables the source tables ({@code schema.table}) whose changes the stream holds; the
     *     changes an end counts in other tables are not waited for
     */
    public static SingleOutputStreamOperator<ChangeRecord> whole(
            DataStream<SourceTransactionEvent> events,
            Duration maxWait,
            OverdueTransactionPolicy policy,
            Pattern tables) {
        checkArgument(
                !maxWait.isNegative() && !maxWait.isZero(),
                "maxWait must be positive, got %s",
                maxWait);
        if (events.getExecutionEnvironment()
                .getConfiguration()
                .get(CheckpointingOptions.ENABLE_UNALIGNED)) {
            throw new IllegalStateException(
                    "Whole source transactions need aligned checkpoints: an unaligned"
                            + " checkpoint may put records released before its barrier into the next snapshot. Turn off '"
                            + CheckpointingOptions.ENABLE_UNALIGNED.key()
                            + "'");
        }
        return events.transform(
                        "Whole source transactions",
                        ChangeRecordTypeInfo.INSTANCE,
                        new SourceTransactionAssembler(
                                maxWait,
                                checkNotNull(policy, "policy"),
                                checkNotNull(tables, "tables")))
                .setParallelism(1)
                .setMaxParallelism(1);
    }

    /**
     * The records as they arrive, with the transaction boundaries dropped: a snapshot may then hold
     * part of a source transaction.
     */
    public static SingleOutputStreamOperator<ChangeRecord> asTheyArrive(
            DataStream<SourceTransactionEvent> events) {
        return events.flatMap(new Records())
                .returns(ChangeRecordTypeInfo.INSTANCE)
                .name("Source changes");
    }

    private static final class Records
            implements FlatMapFunction<SourceTransactionEvent, ChangeRecord> {

        private static final long serialVersionUID = 1L;

        @Override
        public void flatMap(SourceTransactionEvent event, Collector<ChangeRecord> out) {
            if (event instanceof SourceTransactionEvent.Change change) {
                change.records().forEach(out::collect);
            }
        }
    }
}
