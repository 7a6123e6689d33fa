package dev.ducklake.examples;

import dev.ducklake.engine.testutils.ArchitectureRules;
import org.junit.jupiter.api.Test;

/** This module uses the engine only through its API, and its packages have no cycles. */
class ArchitectureTest {

    @Test
    void usesOnlyTheEnginesApi() {
        ArchitectureRules.usesOnlyEngineApi().check(ArchitectureRules.allClasses("dev.ducklake.examples"));
    }

    @Test
    void packagesHaveNoCycles() {
        ArchitectureRules.noPackageCycles().check(ArchitectureRules.mainClasses("dev.ducklake.examples"));
    }
}
