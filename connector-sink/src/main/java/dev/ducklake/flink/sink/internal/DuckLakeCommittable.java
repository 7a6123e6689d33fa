package dev.ducklake.flink.sink.internal;

import java.util.Objects;
import org.apache.flink.annotation.Internal;

/**
 * One writer's staged rows for one checkpoint: a Parquet file in the sink's staging directory and
 * its row count. The sink's id and the checkpoint id name the commit that applies it; the
 * checkpoint id is stamped from Flink's lineage after the writer emits the committable (see
 * {@link CheckpointStamper}), and is {@link #UNSTAMPED} before that. The file of an upsert sink
 * with an index also holds each change's current row, valid at the version
 * {@code currentRowsAsOf} (or {@link CurrentRowIndex#UNKNOWN}); it is {@link #NO_CURRENT_ROWS}
 * for a file without them.
 */
@Internal
public record DuckLakeCommittable(String sinkId, long checkpointId, String file, long rows, long currentRowsAsOf)
        implements Stampable<DuckLakeCommittable> {

    public static final long UNSTAMPED = -1;
    /** The {@code currentRowsAsOf} of a file that holds changes (or rows) without current rows. */
    public static final long NO_CURRENT_ROWS = -2;

    /** A file without current rows. */
    public DuckLakeCommittable(String sinkId, long checkpointId, String file, long rows) {
        this(sinkId, checkpointId, file, rows, NO_CURRENT_ROWS);
    }

    public boolean hasCurrentRows() {
        return currentRowsAsOf != NO_CURRENT_ROWS;
    }

    public DuckLakeCommittable {
        Objects.requireNonNull(sinkId, "sinkId");
        Objects.requireNonNull(file, "file");
    }

    @Override
    public DuckLakeCommittable withCheckpointId(long checkpointId) {
        return new DuckLakeCommittable(sinkId, checkpointId, file, rows, currentRowsAsOf);
    }
}
