package dev.ducklake.flink.source.testutils;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ducklake.engine.EngineRegistry;

/** Checks that a test left no engine open, once Flink has wound its jobs down. */
public final class OpenEngines {

    private OpenEngines() {}

    /** Flink closes a finished or failed job's enumerator and readers as the job winds down. */
    public static void awaitNone() throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (EngineRegistry.shared().openEngines() > 0 && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(EngineRegistry.shared().openEngines()).isZero();
    }
}
