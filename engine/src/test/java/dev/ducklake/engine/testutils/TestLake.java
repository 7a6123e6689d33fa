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
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A lake for each test: a catalog of one kind in a temporary directory, made before the test's own
 * {@code @BeforeEach} methods, and an engine on it with the {@link TestLakes#config test settings},
 * opened when the test first asks for it. After the test every engine opened through the lake is
 * closed, a PostgreSQL catalog's database dropped and the directory deleted.
 *
 * <pre>{@code
 * @RegisterExtension final TestLake lake = TestLake.of(CatalogLocation.Kind.DUCKDB);
 * }</pre>
 *
 * <p>A test that runs once per catalog kind registers {@link #perKind()} and opens the lake of the
 * kind it is given with {@link #open(CatalogLocation.Kind)}.
 */
public final class TestLake implements BeforeEachCallback, AfterEachCallback {

    private final CatalogLocation.Kind kind;
    private final UnaryOperator<EngineConfig.Builder> settings;
    private final List<LakeEngine> opened = new ArrayList<>();
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

    /**
     * A lake whose kind each test gives when it {@link #open(CatalogLocation.Kind) opens} it: for a
     * test run once per catalog kind.
     */
    public static TestLake perKind() {
        return new TestLake(null, UnaryOperator.identity());
    }

    /** The same lake, its engine opened with these changes to the test settings. */
    public TestLake withSettings(UnaryOperator<EngineConfig.Builder> settings) {
        return new TestLake(kind, settings);
    }

    @Override
    public void beforeEach(ExtensionContext context) throws IOException {
        dir = Files.createTempDirectory("ducklake-test-lake");
        if (kind != null) {
            catalog = TestLakes.catalog(kind, dir);
        }
    }

    @Override
    public void afterEach(ExtensionContext context) throws IOException {
        try {
            opened.forEach(LakeEngine::close);
        } finally {
            if (catalog != null) {
                TestLakes.drop(catalog);
            }
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
        if (catalog == null) {
            throw new IllegalStateException("open the lake of a kind first: open(kind)");
        }
        return catalog;
    }

    /** The engine open on the lake for the test, opened the first time it is asked for. */
    public LakeEngine engine() {
        if (engine == null) {
            engine = openAnother();
        }
        return engine;
    }

    /**
     * Makes the lake a catalog of this kind and opens its engine; for a {@link #perKind()} lake.
     */
    public LakeEngine open(CatalogLocation.Kind kind) {
        if (catalog != null) {
            throw new IllegalStateException("the lake is open already, on a " + catalog.kind());
        }
        catalog = TestLakes.catalog(kind, dir);
        return engine();
    }

    /**
     * Closes the lake's engine and opens it again, as a process that restarts would; the new engine
     * is the lake's {@link #engine()} from then on.
     */
    public LakeEngine reopen() {
        if (engine != null) {
            engine.close();
        }
        engine = null;
        return engine();
    }

    /** Another engine on the lake, as another process would open; closed after the test. */
    public LakeEngine openAnother() {
        return openAnother(UnaryOperator.identity());
    }

    /**
     * Another engine on the lake, as another process would open, with these changes to the lake's
     * settings; closed after the test.
     */
    public LakeEngine openAnother(UnaryOperator<EngineConfig.Builder> changes) {
        LakeEngine another =
                LakeEngine.open(
                        changes.apply(settings.apply(TestLakes.config(catalog(), dir))).build());
        opened.add(another);
        return another;
    }
}
