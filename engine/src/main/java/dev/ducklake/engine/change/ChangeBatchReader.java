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

package dev.ducklake.engine.change;

import dev.ducklake.engine.read.BatchReader;

/**
 * The changes a {@link ChangeRequest} selects, as Arrow batches (see {@link BatchReader}). A batch
 * has {@code 2 + 2n} vectors for the {@code n} image columns of {@link #columns()}: the booleans
 * {@code has_before} and {@code has_after} (an insert has only an after image, a delete only a
 * before image, an update both), then the before image's columns, then the after image's, in the
 * order of {@link #columns()}; an absent image's values are NULL. Opened by {@link
 * dev.ducklake.engine.LakeEngine#changeBatches}.
 */
public interface ChangeBatchReader extends BatchReader {

    /**
     * The range, the row counts at both ends, and the number of changes (before any selection). The
     * row counts are read at the first call, which counts the table's rows at both versions.
     */
    ChangeSummary summary();
}
