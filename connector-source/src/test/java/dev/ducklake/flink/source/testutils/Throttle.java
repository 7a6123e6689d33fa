package dev.ducklake.flink.source.testutils;

import org.apache.flink.api.common.functions.MapFunction;

/** Passes records through, sleeping a millisecond every {@code every} records: spreads a read over checkpoints. */
public final class Throttle<T> implements MapFunction<T, T> {

    private static final long serialVersionUID = 1L;

    private final int every;
    private transient long seen;

    public Throttle(int every) {
        this.every = every;
    }

    @Override
    public T map(T value) throws InterruptedException {
        if (++seen % every == 0) {
            Thread.sleep(1);
        }
        return value;
    }
}
