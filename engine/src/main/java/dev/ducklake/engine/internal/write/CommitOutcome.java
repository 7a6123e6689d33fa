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

package dev.ducklake.engine.internal.write;

/**
 * What a commit body did inside the transaction. {@code beforeImages}: every row the commit deleted
 * or replaced has its before-image in the table's {@code BeforeImageTable} (trivially true for
 * commits that delete and replace nothing).
 */
public record CommitOutcome(
        boolean changed,
        long rowsWritten,
        long inserted,
        long updated,
        long deleted,
        boolean beforeImages) {

    public static CommitOutcome changed(
            long rowsWritten, long inserted, long updated, long deleted, boolean beforeImages) {
        return new CommitOutcome(true, rowsWritten, inserted, updated, deleted, beforeImages);
    }

    public static CommitOutcome unchanged() {
        return new CommitOutcome(false, 0, 0, 0, 0, true);
    }
}
