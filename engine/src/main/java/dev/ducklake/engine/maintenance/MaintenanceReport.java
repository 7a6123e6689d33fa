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

import java.util.List;

/**
 * What maintenance did, or in a dry run would do. In a dry run, {@code rowsFlushed} counts the
 * inlined rows waiting to be flushed and {@code filesMerged} the data files that merging would
 * consider; {@code filesRewritten} counts the files with deletes that were rewritten (0 in a dry
 * run); {@code expiredSnapshots} is exactly what a real run would expire, and {@code deletedFiles}
 * the files already unneeded before that expiry. {@code beforeImagesDeleted} counts the kept
 * before-images of expired commits that were removed (always 0 in a dry run), and {@code
 * deletedOrphanedFiles} the orphaned files deleted (or that would be).
 */
public record MaintenanceReport(
        boolean dryRun,
        long rowsFlushed,
        long filesMerged,
        long filesCreated,
        long filesRewritten,
        List<Long> expiredSnapshots,
        long beforeImagesDeleted,
        List<String> deletedFiles,
        List<String> deletedOrphanedFiles) {

    public MaintenanceReport {
        expiredSnapshots = List.copyOf(expiredSnapshots);
        deletedFiles = List.copyOf(deletedFiles);
        deletedOrphanedFiles = List.copyOf(deletedOrphanedFiles);
    }
}
