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

package dev.ducklake.flink.sink.internal.staging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ducklake.engine.LakeEngine;
import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.config.EngineConfig;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.testutils.TestLakes;
import dev.ducklake.engine.testutils.TestSchemas;
import dev.ducklake.engine.write.WriteMode;
import dev.ducklake.engine.write.WriteSession;
import dev.ducklake.flink.sink.testutils.PlainMaintenance;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.stream.LongStream;
import javax.annotation.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The sink's default staging against every DuckLake maintenance call a user may run from a plain
 * DuckDB: a checkpoint's staged file that is not committed yet survives them all, and the files an
 * append registered as the lake's data files stay lake data.
 */
class StagingMaintenanceTest {

    static final TableName TABLE = TableName.of("events");

    @TempDir Path dir;

    @ParameterizedTest(name = "local data path given: {0}")
    @ValueSource(booleans = {true, false})
    void maintenanceFromPlainDuckDbLeavesAPendingCheckpointIntact(boolean localDataPath)
            throws Exception {
        CatalogLocation catalog = CatalogLocation.duckDbFile(dir.resolve("metadata.ducklake"));
        String dataPath = localDataPath ? dir.resolve("data") + "/" : null;
        String root = StagingDirectory.defaultRoot(catalog, dataPath).orElseThrow();
        String committed;
        String pending;
        try (StagingDirectory staging =
                new StagingDirectory(StagingStore.open(root, Map.of()), "sink")) {
            committed = parquet(staging.newFile(0, 1), 0, 100);
            pending = parquet(staging.newFile(0, 2), 1000, 1100);
        }
        try (LakeEngine engine = LakeEngine.open(config(catalog, dataPath))) {
            StagingDirectory.requireOutsideDataPaths(root, engine.dataPaths(), TABLE);
            engine.createTable(TABLE, TestSchemas.columns("id BIGINT").build());
            try (WriteSession append = engine.openWriteSession(TABLE, WriteMode.APPEND)) {
                append.importStaged(committed);
                append.commit();
                assertThat(append.adoptedFiles())
                        .as("the staged file became a data file")
                        .containsExactly(committed);
            }
        }

        try (Connection plain = DriverManager.getConnection("jdbc:duckdb:");
                Statement sql = plain.createStatement()) {
            sql.execute("LOAD ducklake");
            sql.execute("ATTACH 'ducklake:" + catalog.location() + "' AS plain");
            sql.execute("DELETE FROM plain.main.events WHERE id < 90");
            sql.execute("INSERT INTO plain.main.events SELECT range FROM range(100, 110)");
            for (String call : PlainMaintenance.CALLS) {
                sql.execute("CALL " + call);
                assertThat(Path.of(pending)).as("the pending staged file after " + call).exists();
            }
        }

        try (LakeEngine engine = LakeEngine.open(config(catalog, dataPath));
                WriteSession append = engine.openWriteSession(TABLE, WriteMode.APPEND)) {
            append.importStaged(pending);
            append.commit();
        }
        List<Long> expected = new ArrayList<>(LongStream.range(90, 110).boxed().toList());
        expected.addAll(LongStream.range(1000, 1100).boxed().toList());
        assertThat(ids(catalog)).isEqualTo(expected);
    }

    @Test
    void aStagingPathInsideTheDataPathIsRefusedNamingBothAndTheTable() {
        CatalogLocation catalog = TestLakes.catalog(CatalogLocation.Kind.DUCKDB, dir);
        try (LakeEngine engine = LakeEngine.open(TestLakes.config(catalog, dir).build())) {
            String inside = dir.resolve("data").resolve("staging").toString();
            assertThatThrownBy(
                            () ->
                                    StagingDirectory.requireOutsideDataPaths(
                                            inside, engine.dataPaths(), TABLE))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining(inside)
                    .hasMessageContaining(dir.resolve("data").toString())
                    .hasMessageContaining("main.events")
                    .hasMessageContaining("'sink.staging-path'");
            StagingDirectory.requireOutsideDataPaths(
                    dir.resolve("data.flink-staging").toString(), engine.dataPaths(), TABLE);
        }
    }

    @Test
    void aRestoreFromAnOlderCheckpointKeepsTheStagedFilesLaterAppendsMadeLakeData()
            throws Exception {
        CatalogLocation catalog = TestLakes.catalog(CatalogLocation.Kind.DUCKDB, dir);
        StagingDirectory staging =
                new StagingDirectory(
                        StagingStore.open(dir.resolve("staging").toString(), Map.of()), "sink");
        String registered = parquet(staging.newFile(0, 5), 0, 100);
        String uncommitted = parquet(staging.newFile(0, 6), 100, 200);
        try (staging;
                LakeEngine engine = LakeEngine.open(TestLakes.config(catalog, dir).build())) {
            engine.createTable(TABLE, TestSchemas.columns("id BIGINT").build());
            try (WriteSession append = engine.openWriteSession(TABLE, WriteMode.APPEND)) {
                append.importStaged(registered);
                append.commit();
                assertThat(append.adoptedFiles()).containsExactly(registered);
            }
            staging.removeUncheckpointed(0, 1, OptionalLong.of(3), engine::referencedDataFiles);
        }
        assertThat(Path.of(registered)).as("a data file of the lake").exists();
        assertThat(Path.of(uncommitted)).as("staging of no completed checkpoint").doesNotExist();
        assertThat(ids(catalog)).isEqualTo(LongStream.range(0, 100).boxed().toList());
    }

    private EngineConfig config(CatalogLocation catalog, @Nullable String dataPath) {
        EngineConfig.Builder config =
                EngineConfig.builder(catalog).temporaryDirectory(dir.resolve("tmp"));
        if (dataPath != null) {
            config.dataPath(dataPath);
        }
        return config.build();
    }

    /** A staged file of ids {@code [from, to)}, as a writer would leave it. */
    private static String parquet(String file, long from, long to) throws SQLException {
        try (Connection duckDb = DriverManager.getConnection("jdbc:duckdb:");
                Statement sql = duckDb.createStatement()) {
            sql.execute(
                    "COPY (SELECT range AS id FROM range("
                            + from
                            + ", "
                            + to
                            + ")) TO '"
                            + file
                            + "' (FORMAT parquet)");
        }
        return file;
    }

    private static List<Long> ids(CatalogLocation catalog) throws SQLException {
        try (Connection plain = DriverManager.getConnection("jdbc:duckdb:");
                Statement sql = plain.createStatement()) {
            sql.execute("LOAD ducklake");
            sql.execute("ATTACH 'ducklake:" + catalog.location() + "' AS plain (READ_ONLY)");
            List<Long> ids = new ArrayList<>();
            try (ResultSet rs = sql.executeQuery("SELECT id FROM plain.main.events ORDER BY id")) {
                while (rs.next()) {
                    ids.add(rs.getLong(1));
                }
            }
            return ids;
        }
    }
}
