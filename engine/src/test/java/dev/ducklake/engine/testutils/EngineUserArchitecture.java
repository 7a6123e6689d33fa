/*
 * Copyright 2026 The Flink connector for DuckLake authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */

package dev.ducklake.engine.testutils;

import org.junit.jupiter.api.Test;

/**
 * The architecture test of a module built on the engine: it uses the engine and the other connector
 * modules only through their APIs, and its packages have no cycles and at most {@value
 * #MAX_PACKAGE_CLASSES} classes each. A module's test extends it with the module's root package.
 */
public abstract class EngineUserArchitecture {

    /** The most top-level classes a main package holds. */
    public static final int MAX_PACKAGE_CLASSES = 20;

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
        ArchitectureRules.usesNoOtherModulesInternals(rootPackage)
                .check(ArchitectureRules.allClasses(rootPackage));
    }

    @Test
    void packagesHaveNoCycles() {
        ArchitectureRules.noPackageCycles().check(ArchitectureRules.mainClasses(rootPackage));
    }

    @Test
    void packagesAreSmall() {
        ArchitectureRules.packagesHoldAtMost(MAX_PACKAGE_CLASSES)
                .check(ArchitectureRules.mainClasses(rootPackage));
    }
}
