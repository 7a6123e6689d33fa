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

package dev.ducklake.engine;

import dev.ducklake.engine.testutils.ArchitectureRules;
import dev.ducklake.engine.testutils.EngineUserArchitecture;
import org.junit.jupiter.api.Test;

/**
 * The engine's architecture: no Flink, no package cycles, small packages, and a public API that
 * does not reach into the packages named {@code internal}, in its signatures or, but for {@code
 * LakeEngine}, at all.
 */
class ArchitectureTest {

    @Test
    void theEngineDoesNotDependOnFlink() {
        ArchitectureRules.engineWithoutFlink()
                .check(ArchitectureRules.allClasses("dev.ducklake.engine"));
    }

    @Test
    void theEnginesPackagesHaveNoCycles() {
        ArchitectureRules.noPackageCycles()
                .check(ArchitectureRules.mainClasses("dev.ducklake.engine"));
    }

    @Test
    void theEnginesPackagesAreSmall() {
        ArchitectureRules.packagesHoldAtMost(EngineUserArchitecture.MAX_PACKAGE_CLASSES)
                .check(ArchitectureRules.mainClasses("dev.ducklake.engine"));
    }

    @Test
    void theApiUsesNoInternalTypeButThroughLakeEngine() {
        ArchitectureRules.apiUsesNoInternalType()
                .check(ArchitectureRules.mainClasses("dev.ducklake.engine"));
    }

    @Test
    void theApiExposesNoInternalType() {
        ArchitectureRules.noInternalTypeInApiSignatures()
                .check(ArchitectureRules.mainClasses("dev.ducklake.engine"));
    }
}
