package dev.ducklake.flink.sink.internal;

import dev.ducklake.engine.write.CommitResult;
import java.io.Serializable;
import org.apache.flink.annotation.Internal;

/**
 * Told of every commit the committer made, after the lake accepted it and before the committer
 * returns to Flink. The sink's metrics are one observer; tests use another to lose the
 * acknowledgement of a commit that succeeded.
 */
@Internal
@FunctionalInterface
public interface CommitObserver extends Serializable {

    CommitObserver NONE = (checkpointId, result) -> { };

    void committed(long checkpointId, CommitResult result);
}
