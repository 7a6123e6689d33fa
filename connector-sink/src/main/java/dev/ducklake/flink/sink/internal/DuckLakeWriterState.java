package dev.ducklake.flink.sink.internal;

import java.util.Objects;
import org.apache.flink.annotation.Internal;

/**
 * What a writer keeps in Flink state: the sink's id, so that a job restored from a checkpoint or a
 * savepoint names its staging and its commits as the job that took it.
 */
@Internal
public record DuckLakeWriterState(String sinkId) {

    public DuckLakeWriterState {
        Objects.requireNonNull(sinkId, "sinkId");
    }
}
