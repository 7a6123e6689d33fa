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

package dev.ducklake.flink.sink.testutils;

import dev.ducklake.flink.cdc.ChangeRecord;
import org.apache.flink.api.common.functions.FlatMapFunction;
import org.apache.flink.util.Collector;

/**
 * Turns transaction numbers, which must come in order from one source subtask, into the records of
 * {@link LedgerChanges}. After a restore the source resumes at some transaction; the model is
 * rebuilt by replaying the ones before it.
 */
public final class LedgerFunction implements FlatMapFunction<Long, ChangeRecord> {

    private static final long serialVersionUID = 1L;

    private final int tables;
    private transient LedgerChanges ledger;

    public LedgerFunction(int tables) {
        this.tables = tables;
    }

    @Override
    public void flatMap(Long txn, Collector<ChangeRecord> out) {
        if (ledger == null || ledger.next() > txn) {
            ledger = new LedgerChanges(tables);
        }
        while (ledger.next() < txn) {
            ledger.advance();
        }
        ledger.advance().forEach(out::collect);
    }
}
