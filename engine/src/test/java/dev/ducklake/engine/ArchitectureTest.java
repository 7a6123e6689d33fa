package dev.ducklake.engine;

import dev.ducklake.engine.testutils.ArchitectureRules;
import org.junit.jupiter.api.Test;

/**
 * The engine's architecture: no Flink, no package cycles, and a public API whose signatures do
 * not reach into the packages named {@code internal}.
 */
class ArchitectureTest {

    @Test
    void theEngineDoesNotDependOnFlink() {
        ArchitectureRules.engineWithoutFlink().check(ArchitectureRules.allClasses("dev.ducklake.engine"));
    }

    @Test
    void theEnginesPackagesHaveNoCycles() {
        ArchitectureRules.noPackageCycles().check(ArchitectureRules.mainClasses("dev.ducklake.engine"));
    }

    @Test
    void theApiExposesNoInternalType() {
        ArchitectureRules.noInternalTypeInApiSignatures().check(ArchitectureRules.mainClasses("dev.ducklake.engine"));
    }
}
