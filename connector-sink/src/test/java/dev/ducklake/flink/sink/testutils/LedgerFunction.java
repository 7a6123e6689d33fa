package dev.ducklake.flink.sink.testutils;

import dev.ducklake.flink.sink.cdc.ChangeRecord;
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
