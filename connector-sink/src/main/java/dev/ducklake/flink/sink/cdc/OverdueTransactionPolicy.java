package dev.ducklake.flink.sink.cdc;

import org.apache.flink.annotation.PublicEvolving;

/**
 * What {@link dev.ducklake.flink.sink.SourceTransactions} does with a source transaction that waited
 * longer than its bound.
 */
@PublicEvolving
public enum OverdueTransactionPolicy {

    /**
     * Fail the job, naming the transaction and the changes still missing. The transaction keeps
     * waiting in the restored state, and its wait starts again after the restart.
     */
    FAIL,

    /**
     * Release what arrived of the transaction, after every transaction that ended before it, with its
     * changes that come later released as they arrive, and count it in the
     * {@code sourceTransactionsReleasedIncomplete} metric. The lake then holds part of that
     * transaction, and a late change overwrites what later transactions wrote to the same row.
     */
    RELEASE
}
