package dev.ducklake.flink.sink.testutils;

import java.util.concurrent.atomic.AtomicInteger;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.api.common.state.CheckpointListener;

/** Passes records through and counts completed checkpoints JVM-wide. */
public final class CountCheckpoints<T> implements MapFunction<T, T>, CheckpointListener {

    private static final long serialVersionUID = 1L;
    private static final AtomicInteger COMPLETED = new AtomicInteger();

    public CountCheckpoints() {
        COMPLETED.set(0);
    }

    public static int completed() {
        return COMPLETED.get();
    }

    @Override
    public T map(T value) {
        return value;
    }

    @Override
    public void notifyCheckpointComplete(long checkpointId) {
        COMPLETED.incrementAndGet();
    }
}
