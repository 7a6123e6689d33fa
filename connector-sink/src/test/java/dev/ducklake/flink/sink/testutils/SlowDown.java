package dev.ducklake.flink.sink.testutils;

import org.apache.flink.api.common.functions.MapFunction;

/** Passes records through, sleeping after each: spreads a small input over many checkpoints. */
public final class SlowDown<T> implements MapFunction<T, T> {

    private static final long serialVersionUID = 1L;

    private final long millis;

    public SlowDown(long millis) {
        this.millis = millis;
    }

    @Override
    public T map(T value) throws InterruptedException {
        Thread.sleep(millis);
        return value;
    }
}
