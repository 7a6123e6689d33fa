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

import dev.ducklake.engine.schema.TableName;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * Which maintenance to run, on one table or the whole lake, for real or as a dry run that only
 * reports what would be done.
 *
 * <pre>{@code
 * MaintenanceRequest.builder().flushInlinedData().mergeAdjacentFiles().rewriteFilesWithDeletes()
 *     .expireSnapshotsOlderThan(Duration.ofDays(7)).deleteUnusedFiles().build();
 * }</pre>
 */
public final class MaintenanceRequest {

    private final TableName table;
    private final boolean flushInlinedData;
    private final boolean mergeAdjacentFiles;
    private final boolean rewriteFilesWithDeletes;
    private final Duration expireOlderThan;
    private final boolean deleteUnusedFiles;
    private final Duration unusedFilesOlderThan;
    private final Duration orphanedFilesOlderThan;
    private final boolean dryRun;

    private MaintenanceRequest(Builder b) {
        this.table = b.table;
        this.flushInlinedData = b.flushInlinedData;
        this.mergeAdjacentFiles = b.mergeAdjacentFiles;
        this.rewriteFilesWithDeletes = b.rewriteFilesWithDeletes;
        this.expireOlderThan = b.expireOlderThan;
        this.deleteUnusedFiles = b.deleteUnusedFiles;
        this.unusedFilesOlderThan = b.unusedFilesOlderThan;
        this.orphanedFilesOlderThan = b.orphanedFilesOlderThan;
        this.dryRun = b.dryRun;
    }

    public static Builder builder() {
        return new Builder();
    }

    /**
     * The table to flush, merge and rewrite; empty for every table. Expiry and file deletion are
     * lake-wide.
     */
    public Optional<TableName> table() {
        return Optional.ofNullable(table);
    }

    public boolean flushInlinedData() {
        return flushInlinedData;
    }

    public boolean mergeAdjacentFiles() {
        return mergeAdjacentFiles;
    }

    public boolean rewriteFilesWithDeletes() {
        return rewriteFilesWithDeletes;
    }

    public Optional<Duration> expireOlderThan() {
        return Optional.ofNullable(expireOlderThan);
    }

    public boolean deleteUnusedFiles() {
        return deleteUnusedFiles;
    }

    /**
     * With {@link #deleteUnusedFiles()}: only files unused for at least this long; empty for all.
     */
    public Optional<Duration> unusedFilesOlderThan() {
        return Optional.ofNullable(unusedFilesOlderThan);
    }

    /** Deletes orphaned files last modified at least this long ago; empty to keep them. */
    public Optional<Duration> orphanedFilesOlderThan() {
        return Optional.ofNullable(orphanedFilesOlderThan);
    }

    public boolean dryRun() {
        return dryRun;
    }

    /** Builds a {@link MaintenanceRequest}. */
    public static final class Builder {
        private TableName table;
        private boolean flushInlinedData;
        private boolean mergeAdjacentFiles;
        private boolean rewriteFilesWithDeletes;
        private Duration expireOlderThan;
        private boolean deleteUnusedFiles;
        private Duration unusedFilesOlderThan;
        private Duration orphanedFilesOlderThan;
        private boolean dryRun;

        private Builder() {}

        public Builder table(TableName table) {
            this.table = Objects.requireNonNull(table, "table");
            return this;
        }

        /** Moves rows that small commits kept in the catalog into Parquet files. */
        public Builder flushInlinedData() {
            this.flushInlinedData = true;
            return this;
        }

        /**
         * Merges small adjacent data files into larger ones; time travel and changes are kept.
         * DuckLake merges only files without deleted rows.
         */
        public Builder mergeAdjacentFiles() {
            this.mergeAdjacentFiles = true;
            return this;
        }

        /**
         * Rewrites data files most of whose rows were deleted (DuckLake's {@code
         * rewrite_delete_threshold}, 95% by default) without those rows: an upserted table deletes
         * from older files on every commit, and merging leaves files with deletes alone. Time
         * travel and changes are kept.
         */
        public Builder rewriteFilesWithDeletes() {
            this.rewriteFilesWithDeletes = true;
            return this;
        }

        /**
         * Expires snapshots older than this, except pinned versions, anything newer, the latest
         * snapshot and each table's latest version.
         */
        public Builder expireSnapshotsOlderThan(Duration retention) {
            this.expireOlderThan = requireNotNegative(retention, "retention");
            return this;
        }

        /**
         * Deletes the files no remaining snapshot needs, which DuckLake schedules for deletion when
         * snapshot expiry or a compaction leaves them unused.
         */
        public Builder deleteUnusedFiles() {
            this.deleteUnusedFiles = true;
            this.unusedFilesOlderThan = null;
            return this;
        }

        /**
         * Deletes the files no remaining snapshot needs, as {@link #deleteUnusedFiles()}, but only
         * those unused for at least {@code age}: a query that started before they became unused may
         * still read them.
         */
        public Builder deleteUnusedFilesOlderThan(Duration age) {
            this.unusedFilesOlderThan = requireNotNegative(age, "age");
            this.deleteUnusedFiles = true;
            return this;
        }

        /**
         * Deletes orphaned files: files under the data path that the catalog does not know, left by
         * failed or killed writers, last modified at least {@code age} ago. Keep {@code age} above
         * the time a writer of another client (DuckDB, Spark) takes from writing a file to
         * committing it: its files are orphans until the commit.
         */
        public Builder deleteOrphanedFilesOlderThan(Duration age) {
            this.orphanedFilesOlderThan = requireNotNegative(age, "age");
            return this;
        }

        /** Reports what would be done without changing the lake. */
        public Builder dryRun(boolean dryRun) {
            this.dryRun = dryRun;
            return this;
        }

        private static Duration requireNotNegative(Duration duration, String what) {
            if (duration.isNegative()) {
                throw new IllegalArgumentException(what + " must not be negative, got " + duration);
            }
            return duration;
        }

        public MaintenanceRequest build() {
            return new MaintenanceRequest(this);
        }
    }
}
