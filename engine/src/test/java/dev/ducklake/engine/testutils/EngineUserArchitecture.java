package dev.ducklake.engine.testutils;

import org.junit.jupiter.api.Test;

/**
 * The architecture test of a module built on the engine: it uses the engine and the other
 * connector modules only through their APIs, and its packages have no cycles. A module's test extends it with the module's root package.
 */
public abstract class EngineUserArchitecture {

    private final String rootPackage;

    protected EngineUserArchitecture(String rootPackage) {
        this.rootPackage = rootPackage;
    }

    @Test
    void usesOnlyTheEnginesApi() {
        ArchitectureRules.usesOnlyEngineApi().check(ArchitectureRules.allClasses(rootPackage));
    }

    @Test
    void usesNoOtherModulesInternals() {
        ArchitectureRules.usesNoOtherModulesInternals(rootPackage).check(ArchitectureRules.allClasses(rootPackage));
    }

    @Test
    void packagesHaveNoCycles() {
        ArchitectureRules.noPackageCycles().check(ArchitectureRules.mainClasses(rootPackage));
    }
}
