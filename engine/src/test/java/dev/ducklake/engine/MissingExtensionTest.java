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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.config.EngineConfig;
import dev.ducklake.engine.error.MissingExtensionException;
import dev.ducklake.engine.testutils.TestLakes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An engine on a machine whose extension directory lacks the DuckDB extensions. */
class MissingExtensionTest {

    @TempDir Path dir;

    @Test
    void failsWithAnActionableMessageAndLeavesNoTemporaryDirectory() throws IOException {
        Path emptyExtensions = Files.createDirectories(dir.resolve("no-extensions"));
        CatalogLocation catalog = TestLakes.catalog(CatalogLocation.Kind.DUCKDB, dir);
        EngineConfig config =
                TestLakes.config(catalog, dir).extensionDirectory(emptyExtensions).build();

        Throwable thrown = catchThrowable(() -> LakeEngine.open(config).close());

        assertThat(thrown)
                .isInstanceOf(MissingExtensionException.class)
                .hasMessageContaining("ducklake")
                .hasMessageContaining("v1.5.5")
                .hasMessageContaining("scripts/install-duckdb-extensions.sh");
        Path tmp = dir.resolve("tmp");
        if (Files.exists(tmp)) {
            try (Stream<Path> children = Files.list(tmp)) {
                assertThat(children.map(p -> p.getFileName().toString()))
                        .noneMatch(name -> name.startsWith("ducklake-engine-"));
            }
        }
        assertThat(Path.of(catalog.location())).as("no catalog file is created").doesNotExist();
        try (Stream<Path> children = Files.list(emptyExtensions)) {
            assertThat(children)
                    .as("nothing was downloaded into the extension directory")
                    .isEmpty();
        }
    }
}
