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

/** How the changes between two versions are computed; both give the same changes. */
public enum ChangeMethod {
    /**
     * From DuckLake's change feed: reads only the data the snapshots in the range inserted, plus
     * the before-images of the rows they deleted or updated. Inserts cost what they added; DuckLake
     * v1.5.5 finds a deleted row's before-image by scanning the data file that holds it, so deletes
     * and updates in a large file cost a scan of that file (see docs/benchmarks.md).
     */
    CHANGE_FEED,
    /**
     * From the before-images the engine's merges kept (in {@code ducklake_engine.before_images_*})
     * and DuckLake's per-snapshot insertions: reads only what the range's snapshots wrote. Possible
     * when every version in the range was committed by the engine with its before-images.
     */
    BEFORE_IMAGES,
    /**
     * The reference: a full outer join of the table at both versions (by key; a multiset difference
     * for tables without one). Reads the whole table twice.
     */
    FULL_DIFF
}
