package dev.ducklake.flink.sink.testutils;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ducklake.engine.EngineRegistry;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/** After each test, however its job ended, no sink or source still holds an engine. */
public final class NoEngineLeftOpen implements AfterEachCallback {

    @Override
    public void afterEach(ExtensionContext context) {
        assertThat(EngineRegistry.shared().openEngines()).as("engines left open").isZero();
    }
}
