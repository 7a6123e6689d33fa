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
import java.util.List;
import java.util.Map;
import java.util.Objects;
import javax.annotation.Nullable;
import org.apache.flink.annotation.PublicEvolving;

/**
 * An element of a change stream that carries its source's transaction boundaries, such as
 * Debezium's change events with {@code provide.transaction.metadata=true}: a {@link Change} of one
 * table within a source transaction, or the {@link End} of a transaction, which says how many
 * changes of each table it made. {@link dev.ducklake.flink.cdc.transaction.SourceTransactions}
 * turns such a stream into {@link ChangeRecord}s released a whole transaction at a time.
 */
@PublicEvolving
public sealed interface SourceTransactionEvent
        permits SourceTransactionEvent.Change, SourceTransactionEvent.End {

    /**
     * One change event of the source: the records it gives (none for a change the reader drops, two
     * for an update with its old row), the table it belongs to, and its place in its transaction.
     *
     * @param transactionId the source transaction's id; null for a change outside any transaction,
     *     such as a row of the initial snapshot
     * @param order the change's place in its transaction, from 1; events of the same transaction
     *     and order are one event seen twice
     * @param table the source table ({@code schema.table}), as the transaction's {@link End} counts
     *     it
     * @param records the records of the event
     */
    record Change(
            @Nullable String transactionId, long order, String table, List<ChangeRecord> records)
            implements SourceTransactionEvent {

        public Change {
            Objects.requireNonNull(table, "table");
            records = List.copyOf(records);
        }
    }

    /**
     * The end of a source transaction, in the order the source committed them.
     *
     * @param transactionId the transaction's id, as its {@link Change}s carry it
     * @param position the transaction's place in the source's commit order, increasing from one
     *     transaction to the next (PostgreSQL's commit LSN), or {@link #NO_POSITION} where the
     *     source gives none; an end at or before the last released position is a replay
     * @param changesPerTable how many change events the transaction made in each table
     */
    record End(String transactionId, long position, Map<String, Long> changesPerTable)
            implements SourceTransactionEvent {

        /** The position of an end whose source gives none. */
        public static final long NO_POSITION = -1;

        public End {
            Objects.requireNonNull(transactionId, "transactionId");
            changesPerTable = Map.copyOf(changesPerTable);
        }
    }
}
