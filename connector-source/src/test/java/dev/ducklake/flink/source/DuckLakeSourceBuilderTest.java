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

package dev.ducklake.flink.source;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ducklake.engine.LakeEngine;
import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.testutils.TestLakes;
import dev.ducklake.engine.testutils.TestSchemas;
import java.nio.file.Path;
import org.apache.flink.api.connector.source.Boundedness;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where a source starts is set by the last of the builder's start setters, whichever it is. */
class DuckLakeSourceBuilderTest {

    @TempDir Path dir;

    private CatalogLocation catalog;

    @BeforeEach
    void createTable() {
        catalog = TestLakes.catalog(CatalogLocation.Kind.DUCKDB, dir);
        try (LakeEngine engine = LakeEngine.open(TestLakes.config(catalog, dir).build())) {
            engine.createTable(TableName.of("orders"), TestSchemas.columns("id BIGINT").build());
        }
    }

    @Test
    void aStreamingStartAfterASnapshotMakesAChangeStream() {
        assertThat(source().snapshot().startAfterVersion(1).build().getBoundedness())
                .isEqualTo(Boundedness.CONTINUOUS_UNBOUNDED);
        assertThat(
                        source().snapshotAtVersion(1)
                                .startupMode(StartupMode.LATEST)
                                .build()
                                .getBoundedness())
                .isEqualTo(Boundedness.CONTINUOUS_UNBOUNDED);
        assertThat(source().snapshotAtTimestamp(0).startAfterTimestamp(0).build().getBoundedness())
                .isEqualTo(Boundedness.CONTINUOUS_UNBOUNDED);
    }

    @Test
    void aSnapshotAfterAStreamingStartMakesABoundedRead() {
        assertThat(source().startAfterVersion(1).snapshotAtVersion(1).build().getBoundedness())
                .isEqualTo(Boundedness.BOUNDED);
        assertThat(source().startupMode(StartupMode.LATEST).snapshot().build().getBoundedness())
                .isEqualTo(Boundedness.BOUNDED);
    }

    private DuckLakeSourceBuilder source() {
        return DuckLakeSource.builder()
                .catalog(catalog.key())
                .dataPath(dir.resolve("data") + "/")
                .table("orders");
    }
}
