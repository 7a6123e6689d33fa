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

import dev.ducklake.engine.LakeEngine;
import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.config.EngineConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A lake for each test: a catalog of one kind in a temporary directory and an engine open on it
 * with the {@link TestLakes#config test settings}, before the test's own {@code @BeforeEach}
 * methods; after the test the engine is closed, a PostgreSQL catalog's database dropped and the
 * directory deleted.
 *
 * <pre>{@code
 * @RegisterExtension final TestLake lake = TestLake.of(CatalogLocation.Kind.DUCKDB);
 * }</pre>
 */
public final class TestLake implements BeforeEachCallback, AfterEachCallback {

    private final CatalogLocation.Kind kind;
    private final UnaryOperator<EngineConfig.Builder> settings;
    private Path dir;
    private CatalogLocation catalog;
    private LakeEngine engine;

    private TestLake(CatalogLocation.Kind kind, UnaryOperator<EngineConfig.Builder> settings) {
        this.kind = kind;
        this.settings = settings;
    }

    /** A lake on a catalog of this kind, with the test settings. */
    public static TestLake of(CatalogLocation.Kind kind) {
        return new TestLake(kind, UnaryOperator.identity());
    }

    /** The same lake, its engine opened with these changes to the test settings. */
    public TestLake withSettings(UnaryOperator<EngineConfig.Builder> settings) {
        return new TestLake(kind, settings);
    }

    @Override
    public void beforeEach(ExtensionContext context) throws IOException {
        dir = Files.createTempDirectory("ducklake-test-lake");
        catalog = TestLakes.catalog(kind, dir);
        engine = LakeEngine.open(settings.apply(TestLakes.config(catalog, dir)).build());
    }

    @Override
    public void afterEach(ExtensionContext context) throws IOException {
        try {
            if (engine != null) {
                engine.close();
            }
        } finally {
            TestLakes.drop(catalog);
            try (Stream<Path> files = Files.walk(dir)) {
                for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(file);
                }
            }
        }
    }

    /** The directory the lake's catalog file, data and temporary files live in. */
    public Path dir() {
        return dir;
    }

    public CatalogLocation catalog() {
        return catalog;
    }

    /** The engine open on the lake for the test. */
    public LakeEngine engine() {
        return engine;
    }
}
