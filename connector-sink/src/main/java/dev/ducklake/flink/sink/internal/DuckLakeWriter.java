package dev.ducklake.flink.sink.internal;

import dev.ducklake.engine.EngineRegistry;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.flink.sink.RowDataConverter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.OptionalLong;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.connector.sink2.CommittingSinkWriter;
import org.apache.flink.api.connector.sink2.InitContext;
import org.apache.flink.api.connector.sink2.StatefulSinkWriter;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.apache.flink.metrics.Counter;
import org.apache.flink.table.data.RowData;

/**
 * Stages the records of one subtask in the engine (off the Java heap, spilling to disk) and, at each
 * checkpoint barrier, moves them into a Parquet file in the staging directory and emits a
 * {@link DuckLakeCommittable} naming it. Nothing reaches the lake here; the committer applies the
 * files once the checkpoint completes.
 */
@Internal
public final class DuckLakeWriter<IN>
        implements CommittingSinkWriter<IN, DuckLakeCommittable>, StatefulSinkWriter<IN, DuckLakeWriterState> {

    private final SinkSettings settings;
    private final RowDataConverter<IN> converter;
    private final String sinkId;
    private final int subtask;
    private final StagingDirectory staging;
    private final Counter recordsWritten;
    private final EngineRegistry.Lease lease;
    private final LakeRowConverter rows;
    private final RowStager stager;
    private long lastCheckpointId;
    private boolean endOfInput;

    public DuckLakeWriter(SinkSettings settings, RowDataConverter<IN> converter, WriterInitContext context,
            String sinkId) {
        this.settings = settings;
        this.converter = converter;
        this.sinkId = sinkId;
        this.subtask = context.getTaskInfo().getIndexOfThisSubtask();
        OptionalLong restored = context.getRestoredCheckpointId();
        this.lastCheckpointId = restored.orElse(InitContext.INITIAL_CHECKPOINT_ID - 1);
        this.staging = new StagingDirectory(settings.stagingPath(), sinkId);
        staging.removeUncheckpointed(subtask, context.getTaskInfo().getNumberOfParallelSubtasks(), restored);
        this.recordsWritten = context.metricGroup().getNumRecordsSendCounter();
        this.lease = EngineRegistry.shared().acquire(settings.engine().toEngineConfig());
        try {
            TableName table = settings.table();
            TableBinding binding = TableBinding.createOrBind(lease.engine(), table, settings.rowType(),
                    settings.primaryKey(), settings.partitionKeys());
            this.rows = binding.converter(settings.rowType());
            this.stager = RowStager.open(lease.engine(), table, settings.mode());
        } catch (RuntimeException e) {
            lease.close();
            throw e;
        }
    }

    @Override
    public void write(IN element, Context context) {
        RowData row = converter.convert(element);
        stager.stage(row.getRowKind(), rows.toLakeRow(row));
        recordsWritten.inc();
    }

    @Override
    public void flush(boolean endOfInput) {
        this.endOfInput |= endOfInput;
    }

    @Override
    public Collection<DuckLakeCommittable> prepareCommit() {
        // An overwrite commits at the end of input even when empty: it empties the table.
        boolean overwriteAtEnd = settings.mode() == SinkMode.OVERWRITE && endOfInput;
        if (stager.staged() == 0 && !overwriteAtEnd) {
            return List.of();
        }
        Path file = staging.newFile(subtask, lastCheckpointId + 1);
        long count = stager.export(file);
        return List.of(new DuckLakeCommittable(sinkId, DuckLakeCommittable.UNSTAMPED, file.toString(), count));
    }

    @Override
    public List<DuckLakeWriterState> snapshotState(long checkpointId) {
        lastCheckpointId = checkpointId;
        return List.of(new DuckLakeWriterState(sinkId));
    }

    @Override
    public void close() throws IOException {
        try {
            stager.close();
        } finally {
            lease.close();
        }
    }
}
