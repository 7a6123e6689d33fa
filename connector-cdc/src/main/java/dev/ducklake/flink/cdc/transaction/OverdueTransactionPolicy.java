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

import org.apache.flink.annotation.PublicEvolving;

/**
 * What {@link dev.ducklake.flink.cdc.transaction.SourceTransactions} does with a source transaction
 * that waited longer than its bound.
 */
@PublicEvolving
public enum OverdueTransactionPolicy {

    /**
     * Fail the job, naming the transaction and the changes still missing. The transaction keeps
     * waiting in the restored state, and its wait starts again after the restart.
     */
    FAIL,

    /**
     * Release what arrived of the transaction, after every transaction that ended before it, with
     * its changes that come later released as they arrive, and count it in the {@code
     * sourceTransactionsReleasedIncomplete} metric. The lake then holds part of that transaction,
     * and a late change overwrites what later transactions wrote to the same row.
     */
    RELEASE
}
