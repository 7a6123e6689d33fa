package dev.ducklake.engine.internal.change;

import dev.ducklake.engine.change.ChangeBatchReader;
import dev.ducklake.engine.change.ChangeSummary;
import dev.ducklake.engine.internal.EngineContext;
import dev.ducklake.engine.internal.QueryCursor;
import dev.ducklake.engine.internal.read.BatchReaderImpl;
import java.sql.SQLException;

/** A {@link ChangeBatchReader}: a prepared {@link ChangeSelection} streamed as Arrow batches. */
final class ChangeBatchReaderImpl extends BatchReaderImpl implements ChangeBatchReader {

    private final ChangeSummary summary;

    ChangeBatchReaderImpl(EngineContext context, ChangeSelection selection, int batchRows) {
        super(new QueryCursor(context, selection.what()), selection.columns());
        try {
            ChangeSelection.Prepared prepared = selection.prepare(cursor);
            this.summary = prepared.summary();
            cursor.openBatches(prepared.sql(), batchRows);
        } catch (SQLException e) {
            throw cursor.failure(e);
        } catch (RuntimeException e) {
            cursor.close();
            throw e;
        }
    }

    @Override
    public ChangeSummary summary() {
        return summary;
    }
}
