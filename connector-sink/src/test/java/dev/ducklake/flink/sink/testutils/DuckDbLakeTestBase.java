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

package dev.ducklake.flink.sink.testutils;

import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.testutils.TestLakes;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * A test whose jobs write a lake of their own: before each test (and before the subclass's own
 * {@code @BeforeEach} methods), {@link #catalog} is a new DuckDB-file catalog in the test's
 * temporary {@link #dir}, and {@link FailOnce} and {@link LoseAcknowledgementOnce} fail once again.
 */
public abstract class DuckDbLakeTestBase {

    /** The test's directory, which holds the catalog file and, by default, the lake's data. */
    @TempDir protected Path dir;

    /** The catalog of the test's lake. */
    protected CatalogLocation catalog;

    @BeforeEach
    protected void createLake() {
        catalog = TestLakes.catalog(CatalogLocation.Kind.DUCKDB, dir);
        FailOnce.reset();
        LoseAcknowledgementOnce.reset();
    }
}
