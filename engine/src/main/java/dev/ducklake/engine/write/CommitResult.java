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

package dev.ducklake.engine.write;

/**
 * The outcome of a commit: the table's version afterwards and the row counts. When nothing changed
 * and no snapshot was created, {@code committed} is false and {@code version} is the unchanged
 * latest version. {@code alreadyCommitted} is true when the commit's key was found in the table's
 * history (see {@link CommitOptions.Builder#commitKey}): nothing was applied and {@code version} is
 * the version that key created. {@code retries} counts the attempts that conflicted with concurrent
 * commits before this outcome.
 */
public record CommitResult(
        boolean committed,
        long version,
        String commitId,
        long rowsWritten,
        long inserted,
        long updated,
        long deleted,
        boolean alreadyCommitted,
        int retries) {

    /** The result of a commit that changed nothing and created no snapshot. */
    public static CommitResult unchanged(long version, int retries) {
        return new CommitResult(false, version, null, 0, 0, 0, 0, false, retries);
    }

    /** The result of a commit whose key an earlier commit already carried. */
    public static CommitResult alreadyCommitted(long version, int retries) {
        return new CommitResult(false, version, null, 0, 0, 0, 0, true, retries);
    }
}
