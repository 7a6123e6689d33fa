package dev.ducklake.flink.sink.testutils;

import static org.awaitility.Awaitility.await;

import dev.ducklake.engine.EngineRegistry;
import java.time.Duration;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * After each test, however its job ended, no sink or source still holds an engine. Flink closes a
 * finished, failed or cancelled job's enumerators, readers, writers and committers as the job winds
 * down, not before the client hears that it ended: this waits for that, up to 10 s.
 */
public final class NoEngineLeftOpen implements AfterEachCallback {

    @Override
    public void afterEach(ExtensionContext context) throws Exception {
        awaitNone();
    }

    /** Waits until no engine of the JVM-wide registry is open. */
    public static void awaitNone() throws Exception {
        // Usually they are closed already: look at once.
        await("every engine closed (open engines)").atMost(Duration.ofSeconds(10)).pollDelay(Duration.ZERO)
                .until(() -> EngineRegistry.shared().openEngines(), open -> open == 0);
    }
}
