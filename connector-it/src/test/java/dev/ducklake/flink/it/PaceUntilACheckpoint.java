package dev.ducklake.flink.it;

import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.api.common.state.CheckpointListener;

/**
 * Passes records through, sleeping {@code millis} before each until its subtask has seen a
 * checkpoint complete: a small bounded input then still flows when the first checkpoint of a job
 * with many operators completes, so that a failure can follow it. Pacing, not synchronization:
 * checkpoints run between records.
 */
final class PaceUntilACheckpoint<T> implements MapFunction<T, T>, CheckpointListener {

    private static final long serialVersionUID = 1L;

    private final long millis;
    private transient boolean checkpointCompleted;

    PaceUntilACheckpoint(long millis) {
        this.millis = millis;
    }

    @Override
    public T map(T value) throws InterruptedException {
        if (!checkpointCompleted) {
            Thread.sleep(millis);
        }
        return value;
    }

    @Override
    public void notifyCheckpointComplete(long checkpointId) {
        checkpointCompleted = true;
    }
}
