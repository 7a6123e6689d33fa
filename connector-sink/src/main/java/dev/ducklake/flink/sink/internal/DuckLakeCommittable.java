package dev.ducklake.flink.sink.internal;

import java.util.Objects;
import org.apache.flink.annotation.Internal;

/**
 * One writer's staged rows for one checkpoint: a Parquet file in the sink's staging directory and
 * its row count. The sink's id and the checkpoint id name the commit that applies it; the
 * checkpoint id is stamped from Flink's lineage after the writer emits the committable (see
 * {@link CheckpointStamper}), and is {@link #UNSTAMPED} before that.
 */
@Internal
public record DuckLakeCommittable(String sinkId, long checkpointId, String file, long rows) {

    public static final long UNSTAMPED = -1;

    public DuckLakeCommittable {
        Objects.requireNonNull(sinkId, "sinkId");
        Objects.requireNonNull(file, "file");
    }

    public DuckLakeCommittable withCheckpointId(long checkpointId) {
        return new DuckLakeCommittable(sinkId, checkpointId, file, rows);
    }
}
