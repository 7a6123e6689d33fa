package dev.ducklake.engine.internal.change;

import dev.ducklake.engine.change.ChangeBatchReader;
import dev.ducklake.engine.change.ChangeSummary;
import dev.ducklake.engine.internal.EngineContext;
import dev.ducklake.engine.internal.QueryCursor;
import dev.ducklake.engine.internal.read.BatchReaderImpl;
import java.util.function.Supplier;

/** A {@link ChangeBatchReader}: a prepared {@link ChangeSelection} streamed as Arrow batches. */
final class ChangeBatchReaderImpl extends BatchReaderImpl implements ChangeBatchReader {

    private final Supplier<ChangeSummary> summary;

    ChangeBatchReaderImpl(EngineContext context, ChangeSelection selection, int batchRows) {
        super(new QueryCursor(context, selection.what()), selection.columns());
        this.summary = selection.start(context, cursor, (opened, sql) -> opened.openBatches(sql, batchRows));
    }

    @Override
    public ChangeSummary summary() {
        return summary.get();
    }
}
