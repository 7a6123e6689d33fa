package dev.ducklake.flink.source.reader;

import dev.ducklake.engine.read.RowFilter;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.flink.common.EngineSpec;
import dev.ducklake.flink.common.LakeRowConverter;
import dev.ducklake.flink.source.enumerator.ReaderIdleEvent;
import dev.ducklake.flink.source.enumerator.SplitsFinishedEvent;
import dev.ducklake.flink.source.enumerator.VersionsPlannedEvent;
import dev.ducklake.flink.source.split.DuckLakeSplit;
import dev.ducklake.flink.source.split.DuckLakeSplitState;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.connector.source.ReaderOutput;
import org.apache.flink.api.connector.source.SourceEvent;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.base.source.reader.SingleThreadMultiplexSourceReaderBase;
import org.apache.flink.core.io.InputStatus;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.RowType;

/**
 * The source's reader: one fetcher thread reads the assigned splits in order (see
 * {@link DuckLakeSplitReader}) and {@link ChangeEmitter} turns their changes into changelog rows.
 * It tells the enumerator which splits it finished, and when it holds no unfinished split. Once it
 * has read every version the enumerator found, it marks its output idle, so that an event-time
 * operator downstream does not wait for its watermark until the table changes again.
 */
@Internal
public final class DuckLakeSourceReader
        extends SingleThreadMultiplexSourceReaderBase<LakeRecord, RowData, DuckLakeSplit, DuckLakeSplitState> {

    private int unfinished;
    private boolean planned;
    /** The output of the last poll: the same for the reader's life; null before the first poll. */
    @Nullable private ReaderOutput<RowData> output;

    /**
     * @param rowType the produced rows: the read columns, in order, with their Flink types
     * @param keyed whether the table has a primary key, so updates are emitted as -U/+U pairs
     * @param filter the condition the read rows and changes satisfy, or null for all of them
     * @param metadataRows the values of the metadata columns that follow the read columns in each
     *     produced row, for a version; null when the source reads none
     */
    public DuckLakeSourceReader(EngineSpec engineSpec, TableName table, RowType rowType, boolean keyed,
            @Nullable RowFilter filter, @Nullable Function<VersionStamp, RowData> metadataRows,
            SourceReaderContext context) {
        super(() -> new DuckLakeSplitReader(engineSpec, table, rowType.getFieldNames(), filter, metadataRows != null),
                new ChangeEmitter(new LakeRowConverter(rowType), keyed, metadataRows),
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
    public InputStatus pollNext(ReaderOutput<RowData> output) throws Exception {
        this.output = output;
        InputStatus status = super.pollNext(output);
        if (status == InputStatus.NOTHING_AVAILABLE) {
            markIdleWhenCaughtUp();
        }
        return status;
    }

    @Override
    public void handleSourceEvents(SourceEvent event) {
        if (event instanceof VersionsPlannedEvent) {
            planned = true;
            // The reader may have polled its last split before the event came: no poll follows it.
            markIdleWhenCaughtUp();
            return;
        }
        super.handleSourceEvents(event);
    }

    /**
     * Marks the output idle once the reader has read up to the latest version found: until a new
     * one is, it holds no watermark back. A new split's output is active again when it emits.
     */
    private void markIdleWhenCaughtUp() {
        if (planned && unfinished == 0 && output != null) {
            output.markIdle();
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
