package dev.ducklake.flink.sink.testutils;

import dev.ducklake.engine.EngineRegistry;
import dev.ducklake.engine.testutils.Await;
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
        Await.atMost(Duration.ofSeconds(10)).until("every engine closed (open engines)",
                () -> EngineRegistry.shared().openEngines(), open -> open == 0);
    }
}
