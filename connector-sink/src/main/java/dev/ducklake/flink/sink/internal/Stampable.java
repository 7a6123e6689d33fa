package dev.ducklake.flink.sink.internal;

import org.apache.flink.annotation.Internal;

/** A committable that carries the id of its checkpoint, written in by the {@link CheckpointStamper}. */
@Internal
public interface Stampable<C> {

    long checkpointId();

    /** The staged file the committable carries, which names it within its sink. */
    String file();

    /** This committable, of the given checkpoint. */
    C withCheckpointId(long checkpointId);
}
