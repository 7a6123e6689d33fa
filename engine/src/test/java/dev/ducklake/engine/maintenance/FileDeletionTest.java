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

package dev.ducklake.engine.maintenance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ducklake.engine.LakeEngine;
import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.schema.LakeType.Primitive;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.testutils.TestLakes;
import dev.ducklake.engine.write.MergeSession;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Deleting unused files after an age, and orphaned files, with and without a dry run. */
class FileDeletionTest {

    static final TableName ITEMS = TableName.of("items");

    @TempDir Path dir;

    LakeEngine engine;

    @AfterEach
    void close() {
        engine.close();
    }

    @Test
    void unusedFilesAreDeletedOnceOldEnoughAndOrphansOnlyWhenAsked() throws Exception {
        engine =
                LakeEngine.open(
                        TestLakes.config(
                                        CatalogLocation.duckDbFile(dir.resolve("lake.ducklake")),
                                        dir)
                                .dataInliningRowLimit(0)
                                .build());
        engine.createTable(
                ITEMS, TestLakes.keyValueSchema("id", Primitive.INTEGER, "v", Primitive.VARCHAR));
        for (String value : List.of("a", "b", "c")) {
            try (MergeSession merge = engine.openMergeSession(ITEMS)) {
                merge.upsert(new Object[] {1, value});
                merge.upsert(new Object[] {2, value});
                merge.commit();
            }
        }
        engine.maintain(
                MaintenanceRequest.builder()
                        .flushInlinedData()
                        .rewriteFilesWithDeletes()
                        .mergeAdjacentFiles()
                        .expireSnapshotsOlderThan(Duration.ZERO)
                        .build());
        Path orphan =
                Files.writeString(dir.resolve("data").resolve("orphan.parquet"), "not committed");

        // Files became unused just now, and the orphan was just written: an hour spares them all.
        MaintenanceReport young =
                engine.maintain(
                        MaintenanceRequest.builder()
                                .deleteUnusedFilesOlderThan(Duration.ofHours(1))
                                .deleteOrphanedFilesOlderThan(Duration.ofHours(1))
                                .build());
        assertThat(young.deletedFiles()).isEmpty();
        assertThat(young.deletedOrphanedFiles()).isEmpty();

        MaintenanceReport planned =
                engine.maintain(
                        MaintenanceRequest.builder()
                                .deleteUnusedFilesOlderThan(Duration.ZERO)
                                .deleteOrphanedFilesOlderThan(Duration.ZERO)
                                .dryRun(true)
                                .build());
        assertThat(planned.deletedFiles()).isNotEmpty().allMatch(f -> Files.exists(Path.of(f)));
        assertThat(planned.deletedOrphanedFiles()).containsExactly(orphan.toString());
        assertThat(orphan).exists();

        MaintenanceReport done =
                engine.maintain(
                        MaintenanceRequest.builder()
                                .deleteUnusedFilesOlderThan(Duration.ZERO)
                                .deleteOrphanedFilesOlderThan(Duration.ZERO)
                                .build());
        assertThat(done.deletedFiles())
                .containsExactlyInAnyOrderElementsOf(planned.deletedFiles())
                .noneMatch(f -> Files.exists(Path.of(f)));
        assertThat(done.deletedOrphanedFiles()).containsExactly(orphan.toString());
        assertThat(orphan).doesNotExist();
        assertThat(engine.files(ITEMS)).allMatch(f -> Files.exists(Path.of(f.path())));

        assertThatThrownBy(
                        () ->
                                MaintenanceRequest.builder()
                                        .deleteOrphanedFilesOlderThan(Duration.ofSeconds(-1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("must not be negative");
    }
}
