package dev.ducklake.engine;

import dev.ducklake.engine.testutils.ArchitectureRules;
import org.junit.jupiter.api.Test;

/**
 * The engine's architecture: no Flink, no package cycles, and a public API that does not reach
 * into the packages named {@code internal}, in its signatures or, but for {@code LakeEngine}, at all.
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
    void theApiUsesNoInternalTypeButThroughLakeEngine() {
        ArchitectureRules.apiUsesNoInternalType().check(ArchitectureRules.mainClasses("dev.ducklake.engine"));
    }

    @Test
    void theApiExposesNoInternalType() {
        ArchitectureRules.noInternalTypeInApiSignatures().check(ArchitectureRules.mainClasses("dev.ducklake.engine"));
    }
}
