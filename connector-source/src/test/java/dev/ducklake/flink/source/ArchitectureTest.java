package dev.ducklake.flink.source;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.belongToAnyOf;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;

import dev.ducklake.engine.testutils.ArchitectureRules;
import org.junit.jupiter.api.Test;

/** This module uses the engine only through its API, and its packages have no cycles. */
class ArchitectureTest {

    @Test
    void usesOnlyTheEnginesApi() {
        ArchitectureRules.usesOnlyEngineApi().check(ArchitectureRules.allClasses("dev.ducklake.flink.source"));
    }

    /**
     * One known cycle is left out: the enumerator and the reader read the source's settings
     * ({@link SourceSettings}, with its {@link StartupMode} and {@link LakeFilter}), which live in
     * the package of {@link DuckLakeSource}, which creates them. Moving the settings to a package
     * of their own removes it; any other cycle fails.
     */
    @Test
    void packagesHaveNoCycles() {
        ArchitectureRules.noPackageCycles()
                .ignoreDependency(resideInAnyPackage("dev.ducklake.flink.source.enumerator..",
                        "dev.ducklake.flink.source.reader.."),
                        belongToAnyOf(SourceSettings.class, StartupMode.class, LakeFilter.class))
                .check(ArchitectureRules.mainClasses("dev.ducklake.flink.source"));
    }
}
