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

package dev.ducklake.engine.metadata;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ducklake.engine.LakeEngine;
import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.metadata.TableSnapshot.Kind;
import dev.ducklake.engine.schema.PartitionField;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.schema.TableSchema;
import dev.ducklake.engine.testutils.DuckDbAndPostgresCatalogs;
import dev.ducklake.engine.testutils.TestLake;
import dev.ducklake.engine.testutils.TestLakes;
import dev.ducklake.engine.testutils.TestSchemas;
import dev.ducklake.engine.write.CommitOptions;
import dev.ducklake.engine.write.WriteMode;
import dev.ducklake.engine.write.WriteSession;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The snapshots and files of a table, as system tables show them, for commits of the engine and of
 * plain DuckDB; DuckLake's own {@code ducklake_list_files} is the model for the files.
 */
class TableMetadataTest {

    static final TableName EVENTS = TableName.of("events");
    static final TableSchema SCHEMA =
            TestSchemas.columns("id BIGINT", "region VARCHAR")
                    .partitionBy(PartitionField.identity("region"))
                    .build();

    @RegisterExtension
    final TestLake lake =
            TestLake.perKind().withSettings(settings -> settings.dataInliningRowLimit(0));

    @DuckDbAndPostgresCatalogs
    void snapshotsAndFilesOfEngineAndPlainCommits(CatalogLocation.Kind kind) throws Exception {
        LakeEngine engine = lake.open(kind);
        engine.createTable(EVENTS, SCHEMA);
        try (WriteSession write = engine.openWriteSession(EVENTS, WriteMode.APPEND)) {
            write.write(new Object[] {1L, "eu"});
            write.write(new Object[] {2L, "us"});
            write.write(new Object[] {3L, "eu"});
            write.commit(CommitOptions.builder().producer(Map.of("checkpoint-id", "7")).build());
        }
        engine.close();
        TestLakes.plainExecute(
                lake.catalog(),
                lake.dir(),
                "CALL plain.set_option('data_inlining_row_limit', 0)",
                "INSERT INTO plain.main.events VALUES (4, 'eu'), (5, 'ap')",
                "DELETE FROM plain.main.events WHERE id = 1",
                "UPDATE plain.main.events SET id = 22 WHERE id = 2");
        List<String> modelFiles =
                TestLakes.plainRows(
                        lake.catalog(),
                        lake.dir(),
                        "SELECT data_file, data_file_size_bytes,"
                                + " delete_file, delete_file_size_bytes FROM ducklake_list_files('plain', 'events')");
        engine = lake.reopen();
        List<TableSnapshot> snapshots = engine.snapshots(EVENTS);

        assertThat(snapshots)
                .extracting(TableSnapshot::kind)
                .containsExactly(Kind.WRITE, Kind.DELETE, Kind.INSERT, Kind.INSERT, Kind.CREATE);
        assertThat(snapshots)
                .extracting(s -> s.version().id())
                .isEqualTo(engine.versions(EVENTS, 0, 10).stream().map(v -> v.id()).toList());
        TableSnapshot append = snapshots.get(3);
        assertThat(append.version().metadata())
                .hasValueSatisfying(
                        m -> {
                            assertThat(m.mode()).isEqualTo("append");
                            assertThat(m.producer()).containsEntry("checkpoint-id", "7");
                        });
        assertThat(counts(append))
                .containsExactly(OptionalLong.of(3), OptionalLong.of(0), OptionalLong.of(0));
        assertThat(counts(snapshots.get(2)))
                .containsExactly(OptionalLong.of(2), OptionalLong.empty(), OptionalLong.of(0));
        assertThat(counts(snapshots.get(1)))
                .containsExactly(OptionalLong.of(0), OptionalLong.empty(), OptionalLong.of(1));
        assertThat(counts(snapshots.get(0)))
                .containsExactly(OptionalLong.of(1), OptionalLong.empty(), OptionalLong.of(1));

        List<LakeFile> files = engine.files(EVENTS);
        List<LakeFile> data =
                files.stream().filter(f -> f.content() == LakeFile.Content.DATA).toList();
        // The engine's eu file (ids 1, 3; 1 deleted) and plain DuckDB's eu, ap and us
        // files; the engine's us file went when the update deleted its only row.
        assertThat(data)
                .extracting(LakeFile::recordCount)
                .containsExactlyInAnyOrder(2L, 1L, 1L, 1L);
        assertThat(data)
                .allSatisfy(
                        f -> {
                            assertThat(Files.size(Path.of(f.path()))).isEqualTo(f.fileSizeBytes());
                            assertThat(f.format()).isEqualTo("parquet");
                            assertThat(f.partition()).containsOnlyKeys("region");
                            assertThat(f.path()).contains("region=" + f.partition().get("region"));
                            assertThat(snapshots)
                                    .extracting(s -> s.version().id())
                                    .contains(f.addedInSnapshot());
                        });
        List<String> asModel =
                data.stream()
                        .map(
                                f ->
                                        f.path()
                                                + "|"
                                                + f.fileSizeBytes()
                                                + "|"
                                                + files.stream()
                                                        .filter(
                                                                d ->
                                                                        d.dataFile()
                                                                                .equals(
                                                                                        Optional.of(
                                                                                                f
                                                                                                        .path())))
                                                        .map(
                                                                d ->
                                                                        d.path()
                                                                                + "|"
                                                                                + d.fileSizeBytes())
                                                        .findFirst()
                                                        .orElse("null|null"))
                        .toList();
        assertThat(asModel).containsExactlyInAnyOrderElementsOf(modelFiles);
        assertThat(files)
                .filteredOn(f -> f.content() == LakeFile.Content.DELETES)
                .singleElement()
                .satisfies(
                        d -> {
                            assertThat(d.recordCount()).isEqualTo(1);
                            assertThat(d.partition()).isEqualTo(Map.of("region", "eu"));
                            assertThat(d.addedInSnapshot())
                                    .isEqualTo(snapshots.get(1).version().id());
                        });
    }

    private static List<OptionalLong> counts(TableSnapshot snapshot) {
        return List.of(snapshot.inserted(), snapshot.updated(), snapshot.deleted());
    }
}
