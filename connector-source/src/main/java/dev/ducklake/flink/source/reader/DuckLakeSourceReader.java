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

package dev.ducklake.flink.source.reader;

import dev.ducklake.engine.EngineRegistry;
import dev.ducklake.engine.read.RowFilter;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.flink.common.EngineSpec;
import dev.ducklake.flink.source.enumerator.ReaderIdleEvent;
import dev.ducklake.flink.source.enumerator.SplitsAssignedEvent;
import dev.ducklake.flink.source.enumerator.SplitsFinishedEvent;
import dev.ducklake.flink.source.enumerator.VersionsPlannedEvent;
import dev.ducklake.flink.source.split.DuckLakeSplit;
import dev.ducklake.flink.source.split.DuckLakeSplitState;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.eventtime.Watermark;
import org.apache.flink.api.connector.source.ReaderOutput;
import org.apache.flink.api.connector.source.SourceEvent;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.base.source.reader.SingleThreadMultiplexSourceReaderBase;
import org.apache.flink.core.io.InputStatus;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.RowType;

/**
 * The source's reader: one fetcher thread reads the assigned splits in order (see {@link
 * DuckLakeSplitReader}) and {@link ChangeEmitter} turns their changes into changelog rows. It tells
 * the enumerator which splits it finished, and when it holds no unfinished split. Once it has read
 * every version the enumerator found, it marks its output idle, so that an event-time operator
 * downstream does not wait for its watermark until the table changes again.
 *
 * <p>With snapshot watermarks it never marks its output idle; its watermarks are lake snapshot ids.
 * Once it has finished every split of its own up to a version that the enumerator announced as
 * assigned ({@link SplitsAssignedEvent}), it emits that version's snapshot: right after the last of
 * those changes, within the same poll, so that no checkpoint barrier comes between them.
 *
 * <p>It holds the lake's engine for its whole life: Flink closes a fetcher that runs out of splits,
 * and the next split must not wait for the lake to be opened again.
 */
@Internal
public final class DuckLakeSourceReader
        extends SingleThreadMultiplexSourceReaderBase<
                LakeRecord, RowData, DuckLakeSplit, DuckLakeSplitState> {

    private final boolean snapshotWatermarks;
    private final EngineRegistry.Lease engine;
    private int unfinished;

    /** The last version of each unfinished split, with how many such splits there are. */
    private final TreeMap<Long, Integer> unfinishedUpTo = new TreeMap<>();

    /** Versions announced as assigned, oldest first, each with its snapshot. */
    private final Deque<SplitsAssignedEvent> assigned = new ArrayDeque<>();

    private long watermark = Long.MIN_VALUE;

    /**
     * Whether {@code watermark} is newer than the last one emitted (no output to emit it on yet).
     */
    private boolean watermarkDue;

    private boolean planned;

    /** The output of the last poll: the same for the reader's life; null before the first poll. */
    @Nullable private ReaderOutput<RowData> output;

    /**
     * @param rowType the produced rows: the read columns, in order, with their Flink types
     * @param keyed whether the table has a primary key, so updates are emitted as -U/+U pairs
     * @param filter the condition the read rows and changes satisfy, or null for all of them
     * @param metadataRows the values of the metadata columns that follow the read columns in each
     *     produced row, for a version; null when the source reads none
     * @param snapshotWatermarks whether the reader emits lake snapshots as watermarks instead of
     *     going idle
     * @param batchSize the rows or changes read from DuckDB at a time
     */
    public DuckLakeSourceReader(
            EngineSpec engineSpec,
            TableName table,
            RowType rowType,
            boolean keyed,
            @Nullable RowFilter filter,
            @Nullable Function<VersionStamp, RowData> metadataRows,
            boolean snapshotWatermarks,
            int batchSize,
            SourceReaderContext context) {
        super(
                () ->
                        new DuckLakeSplitReader(
                                engineSpec,
                                table,
                                rowType,
                                filter,
                                metadataRows != null,
                                batchSize),
                new ChangeEmitter(keyed, metadataRows),
                new Configuration(),
                context);
        this.snapshotWatermarks = snapshotWatermarks;
        this.engine = EngineRegistry.shared().acquire(engineSpec.toEngineConfig());
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
        emitDueWatermark();
        InputStatus status = super.pollNext(output);
        if (status == InputStatus.NOTHING_AVAILABLE) {
            markIdleWhenCaughtUp();
        }
        return status;
    }

    @Override
    public void handleSourceEvents(SourceEvent event) {
        if (event instanceof SplitsAssignedEvent announced) {
            assigned.addLast(announced);
            advanceWatermark();
            return;
        }
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
        if (!snapshotWatermarks && planned && unfinished == 0 && output != null) {
            output.markIdle();
        }
    }

    @Override
    protected DuckLakeSplitState initializedState(DuckLakeSplit split) {
        unfinished++;
        unfinishedUpTo.merge(split.to(), 1, Integer::sum);
        return new DuckLakeSplitState(split);
    }

    @Override
    protected void onSplitFinished(Map<String, DuckLakeSplitState> finished) {
        context.sendSourceEventToCoordinator(
                new SplitsFinishedEvent(List.copyOf(finished.keySet())));
        unfinished -= finished.size();
        finished.values()
                .forEach(
                        state ->
                                unfinishedUpTo.computeIfPresent(
                                        state.toSplit().to(),
                                        (version, count) -> count == 1 ? null : count - 1));
        if (unfinished == 0) {
            context.sendSourceEventToCoordinator(new ReaderIdleEvent());
        }
        advanceWatermark();
    }

    /**
     * Moves the watermark to the newest announced snapshot none of whose splits here is unfinished.
     */
    private void advanceWatermark() {
        long firstUnfinished =
                unfinishedUpTo.isEmpty() ? Long.MAX_VALUE : unfinishedUpTo.firstKey();
        while (!assigned.isEmpty() && assigned.peekFirst().version() < firstUnfinished) {
            long snapshot = assigned.pollFirst().snapshot();
            if (snapshot > watermark) {
                watermark = snapshot;
                watermarkDue = true;
            }
        }
        emitDueWatermark();
    }

    private void emitDueWatermark() {
        if (watermarkDue && output != null) {
            output.emitWatermark(new Watermark(watermark));
            watermarkDue = false;
        }
    }

    @Override
    public void close() throws Exception {
        try {
            super.close();
        } finally {
            engine.close();
        }
    }

    @Override
    protected DuckLakeSplit toSplitType(String splitId, DuckLakeSplitState state) {
        return state.toSplit();
    }
}
