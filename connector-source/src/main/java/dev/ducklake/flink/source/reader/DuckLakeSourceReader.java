package dev.ducklake.flink.source.reader;

import dev.ducklake.flink.source.SourceSettings;
import dev.ducklake.flink.source.enumerator.ReaderIdleEvent;
import dev.ducklake.flink.source.enumerator.SplitsFinishedEvent;
import dev.ducklake.flink.source.split.DuckLakeSplit;
import dev.ducklake.flink.source.split.DuckLakeSplitState;
import java.util.List;
import java.util.Map;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.base.source.reader.SingleThreadMultiplexSourceReaderBase;
import org.apache.flink.table.data.RowData;

/**
 * The source's reader: one fetcher thread reads the assigned splits in order (see
 * {@link DuckLakeSplitReader}) and {@link ChangeEmitter} turns their changes into changelog rows.
 * It tells the enumerator which splits it finished, and when it holds no unfinished split.
 */
@Internal
public final class DuckLakeSourceReader
        extends SingleThreadMultiplexSourceReaderBase<LakeRecord, RowData, DuckLakeSplit, DuckLakeSplitState> {

    private int unfinished;

    public DuckLakeSourceReader(SourceSettings settings, SourceReaderContext context) {
        super(() -> new DuckLakeSplitReader(settings),
                new ChangeEmitter(new LakeRowConverter(settings.rowType()), settings.keyed()),
                new Configuration(), context);
    }

    @Override
    public void start() {
        super.start();
        if (unfinished == 0) {
            context.sendSourceEventToCoordinator(new ReaderIdleEvent());
        }
    }

    @Override
    protected DuckLakeSplitState initializedState(DuckLakeSplit split) {
        unfinished++;
        return new DuckLakeSplitState(split);
    }

    @Override
    protected void onSplitFinished(Map<String, DuckLakeSplitState> finished) {
        context.sendSourceEventToCoordinator(new SplitsFinishedEvent(List.copyOf(finished.keySet())));
        unfinished -= finished.size();
        if (unfinished == 0) {
            context.sendSourceEventToCoordinator(new ReaderIdleEvent());
        }
    }

    @Override
    protected DuckLakeSplit toSplitType(String splitId, DuckLakeSplitState state) {
        return state.toSplit();
    }
}
