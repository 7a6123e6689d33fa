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
import java.nio.file.Path;

/**
 * A process that opens an engine on a DuckDB-file catalog under {@code args[0]}, spilling under
 * {@code args[1]}, and keeps it open until it is killed.
 */
public final class EngineUntilKilled {

    private EngineUntilKilled() {}

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        LakeEngine engine =
                LakeEngine.open(
                        TestLakes.config(TestLakes.catalog(CatalogLocation.Kind.DUCKDB, dir), dir)
                                .temporaryDirectory(Path.of(args[1]))
                                .build());
        System.out.println("Opened " + engine);
        Thread.currentThread().join();
    }
}
