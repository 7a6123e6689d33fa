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

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.domain.JavaMember;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.domain.JavaType;
import com.tngtech.archunit.core.domain.PackageMatcher;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import com.tngtech.archunit.library.dependencies.SliceRule;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The architecture rules of the project, shared by every module's architecture test: the engine's
 * API boundary (its internals live in packages named {@code internal}, and neither the API's
 * signatures nor the engine's users reach them) and no package cycles.
 */
public final class ArchitectureRules {

    /** The engine's internal packages. */
    public static final String ENGINE_INTERNAL = "dev.ducklake.engine..internal..";

    private static final PackageMatcher INTERNAL_PACKAGES = PackageMatcher.of(ENGINE_INTERNAL);

    private ArchitectureRules() {}

    /** The main (non-test) classes of the packages, as a module's build compiled them. */
    public static JavaClasses mainClasses(String... packages) {
        return new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
                .importPackages(packages);
    }

    /** The main and test classes of the packages, as a module's build compiled them. */
    public static JavaClasses allClasses(String... packages) {
        return new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
                .importPackages(packages);
    }

    /** No cycle between the packages under {@code dev.ducklake}: every package is a slice. */
    public static SliceRule noPackageCycles() {
        return slices().matching("dev.ducklake.(**)")
                .namingSlices("package dev.ducklake.$1")
                .should()
                .beFreeOfCycles();
    }

    /**
     * No package holds more than {@code maxClasses} top-level classes: a package that grows beyond
     * it mixes roles and is split by role.
     */
    public static ArchRule packagesHoldAtMost(int maxClasses) {
        return classes()
                .that()
                .areTopLevelClasses()
                .should(
                        new ArchCondition<>(
                                "be in a package of at most " + maxClasses + " top-level classes") {
                            private final Map<String, Integer> sizes = new HashMap<>();

                            @Override
                            public void init(Collection<JavaClass> classes) {
                                for (JavaClass javaClass : classes) {
                                    sizes.merge(javaClass.getPackageName(), 1, Integer::sum);
                                }
                            }

                            @Override
                            public void check(JavaClass javaClass, ConditionEvents events) {
                                int size = sizes.get(javaClass.getPackageName());
                                if (size > maxClasses) {
                                    events.add(
                                            SimpleConditionEvent.violated(
                                                    javaClass,
                                                    javaClass.getName()
                                                            + " is one of the "
                                                            + size
                                                            + " classes of its package"));
                                }
                            }
                        });
    }

    /** The classes use the engine only through its API. */
    public static ArchRule usesOnlyEngineApi() {
        return noClasses()
                .should()
                .dependOnClassesThat()
                .resideInAPackage(ENGINE_INTERNAL)
                .because(
                        "the engine's packages named internal are not its API; use LakeEngine and the API types");
    }

    /** The engine has no Flink dependency: connectors build on it, not the other way round. */
    public static ArchRule engineWithoutFlink() {
        return noClasses()
                .that()
                .resideInAPackage("dev.ducklake.engine..")
                .should()
                .dependOnClassesThat()
                .resideInAPackage("org.apache.flink..")
                .because("the engine is an embedded lake engine usable without Flink");
    }

    /**
     * No internal type of the engine in a public signature of its API: the public and protected
     * fields, constructors and methods of public API classes, and their supertypes.
     */
    public static ArchRule noInternalTypeInApiSignatures() {
        return classes()
                .that()
                .resideInAPackage("dev.ducklake.engine..")
                .and()
                .resideOutsideOfPackage(ENGINE_INTERNAL)
                .and()
                .arePublic()
                .should(exposeNoInternalType());
    }

    /**
     * The API's types use no internal type at all, not even in their bodies, so that they stay what
     * their signatures say; only the facade that runs the engine, {@code LakeEngine}, does.
     */
    public static ArchRule apiUsesNoInternalType() {
        return noClasses()
                .that()
                .resideInAPackage("dev.ducklake.engine..")
                .and()
                .resideOutsideOfPackage(ENGINE_INTERNAL)
                .and()
                .doNotHaveFullyQualifiedName("dev.ducklake.engine.LakeEngine")
                .should()
                .dependOnClassesThat()
                .resideInAPackage(ENGINE_INTERNAL)
                .because(
                        "the API's value types, errors and sessions are what users hold; LakeEngine runs the"
                                + " internals behind them");
    }

    /**
     * The classes use no other module's internals: the connectors' packages named {@code internal}
     * belong to the module that holds them.
     */
    public static ArchRule usesNoOtherModulesInternals(String rootPackage) {
        return noClasses()
                .should()
                .dependOnClassesThat(
                        JavaClass.Predicates.resideInAPackage("dev.ducklake.flink..internal..")
                                .and(
                                        JavaClass.Predicates.resideOutsideOfPackage(
                                                rootPackage + "..")))
                .because(
                        "a connector module's internal packages are not its API; use the public builders, options"
                                + " and metric names");
    }

    private static ArchCondition<JavaClass> exposeNoInternalType() {
        return new ArchCondition<>(
                "expose no type of " + ENGINE_INTERNAL + " in a public or protected signature") {
            @Override
            public void check(JavaClass api, ConditionEvents events) {
                List<JavaType> supertypes = new ArrayList<>(api.getInterfaces());
                api.getSuperclass().ifPresent(supertypes::add);
                for (JavaType supertype : supertypes) {
                    report(events, api, api.getName() + " extends or implements", supertype);
                }
                for (JavaMember member : api.getMembers()) {
                    Set<JavaModifier> modifiers = member.getModifiers();
                    if (!modifiers.contains(JavaModifier.PUBLIC)
                                    && !modifiers.contains(JavaModifier.PROTECTED)
                            || modifiers.contains(JavaModifier.SYNTHETIC)) {
                        continue;
                    }
                    if (member instanceof JavaField field) {
                        report(events, api, field.getFullName() + " has type", field.getType());
                    } else if (member instanceof JavaCodeUnit code) {
                        report(events, api, code.getFullName() + " returns", code.getReturnType());
                        for (JavaType parameter : code.getParameterTypes()) {
                            report(events, api, code.getFullName() + " takes", parameter);
                        }
                        for (JavaType thrown : code.getThrowsClause().getTypes()) {
                            report(events, api, code.getFullName() + " throws", thrown);
                        }
                    }
                }
            }

            private void report(
                    ConditionEvents events, JavaClass api, String where, JavaType type) {
                for (JavaClass involved : type.getAllInvolvedRawTypes()) {
                    if (INTERNAL_PACKAGES.matches(involved.getPackageName())) {
                        events.add(
                                SimpleConditionEvent.violated(
                                        api, where + " the internal type " + involved.getName()));
                    }
                }
            }
        };
    }
}
