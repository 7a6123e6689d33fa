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
    private final boolean dryRun;

    private MaintenanceRequest(Builder b) {
        this.table = b.table;
        this.flushInlinedData = b.flushInlinedData;
        this.mergeAdjacentFiles = b.mergeAdjacentFiles;
        this.rewriteFilesWithDeletes = b.rewriteFilesWithDeletes;
        this.expireOlderThan = b.expireOlderThan;
        this.deleteUnusedFiles = b.deleteUnusedFiles;
        this.dryRun = b.dryRun;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The table to flush, merge and rewrite; empty for every table. Expiry and file deletion are lake-wide. */
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
         * Rewrites data files most of whose rows were deleted (DuckLake's
         * {@code rewrite_delete_threshold}, 95% by default) without those rows: an upserted table
         * deletes from older files on every commit, and merging leaves files with deletes alone.
         * Time travel and changes are kept.
         */
        public Builder rewriteFilesWithDeletes() {
            this.rewriteFilesWithDeletes = true;
            return this;
        }

        /** Expires snapshots older than this, except pinned versions, anything newer, the latest snapshot and each table's latest version. */
        public Builder expireSnapshotsOlderThan(Duration retention) {
            if (retention.isNegative()) {
                throw new IllegalArgumentException("retention must not be negative, got " + retention);
            }
            this.expireOlderThan = retention;
            return this;
        }

        /** Deletes data files that no remaining snapshot needs. */
        public Builder deleteUnusedFiles() {
            this.deleteUnusedFiles = true;
            return this;
        }

        /** Reports what would be done without changing the lake. */
        public Builder dryRun(boolean dryRun) {
            this.dryRun = dryRun;
            return this;
        }

        public MaintenanceRequest build() {
            return new MaintenanceRequest(this);
        }
    }
}
