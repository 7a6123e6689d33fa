package dev.ducklake.flink.source;

import dev.ducklake.engine.testutils.ArchitectureRules;
import org.junit.jupiter.api.Test;

/** This module uses the engine only through its API, and its packages have no cycles. */
class ArchitectureTest {

    @Test
    void usesOnlyTheEnginesApi() {
        ArchitectureRules.usesOnlyEngineApi().check(ArchitectureRules.allClasses("dev.ducklake.flink.source"));
    }

    @Test
    void packagesHaveNoCycles() {
        ArchitectureRules.noPackageCycles().check(ArchitectureRules.mainClasses("dev.ducklake.flink.source"));
    }
}
