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

package dev.ducklake.engine.internal.maintenance;

import dev.ducklake.engine.error.LakeCancelledException;
import dev.ducklake.engine.internal.EngineContext;
import dev.ducklake.engine.internal.Jdbc;
import dev.ducklake.engine.internal.ReadGate;
import dev.ducklake.engine.internal.catalog.BeforeImageTable;
import dev.ducklake.engine.internal.catalog.LakeStatements;
import dev.ducklake.engine.internal.catalog.MetadataTables;
import dev.ducklake.engine.internal.catalog.TableIdentity;
import dev.ducklake.engine.maintenance.MaintenanceReport;
import dev.ducklake.engine.maintenance.MaintenanceRequest;
import dev.ducklake.engine.schema.Identifiers;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.version.CommitMetadata;
import dev.ducklake.engine.version.VersionPins;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs DuckLake maintenance: flushing inlined data, rewriting files most of whose rows were
 * deleted, merging adjacent small files, expiring old snapshots (with the before-images of the
 * expired commits), and deleting data files no snapshot needs. Holds the read gate alone while it
 * runs, so it waits for open reads and new reads wait for it. Expiry spares pinned versions,
 * everything newer, the latest snapshot, and every table's latest version.
 */
public final class LakeMaintenance {

    private static final Logger LOG = LoggerFactory.getLogger(LakeMaintenance.class);
    private static final String LAKE = Identifiers.literal(EngineContext.LAKE_ALIAS);

    private final EngineContext context;
    private final VersionPins pins;

    public LakeMaintenance(EngineContext context, VersionPins pins) {
        this.context = context;
        this.pins = pins;
    }

    /**
     * Runs the request. It changes the catalog, so it waits for this engine's commits and other
     * maintenance, and holds them back while it runs.
     */
    @SuppressWarnings("try") // the gate is held for the run, not used in it
    public MaintenanceReport run(MaintenanceRequest request) {
        String what = "maintenance" + request.table().map(t -> " of " + t).orElse("");
        try (ReadGate.Permit gate = context.readGate().enterMaintenance(what)) {
            MaintenanceReport report =
                    context.exclusively("run " + what, () -> runOnConnection(what, request));
            LOG.info("Ran {}: {}", what, report);
            return report;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LakeCancelledException("Interrupted while waiting to run " + what, e);
        }
    }

    private MaintenanceReport runOnConnection(String what, MaintenanceRequest request) {
        return context.withConnection("run " + what, c -> run(c, request));
    }

    private MaintenanceReport run(Connection c, MaintenanceRequest request) throws SQLException {
        Optional<TableName> table = request.table();
        Optional<TableIdentity> identity =
                table.isPresent()
                        ? Optional.of(MetadataTables.requireIdentity(c, table.get()))
                        : Optional.empty();
        boolean dryRun = request.dryRun();
        Rewrites rewrites =
                dryRun ? plannedRewrites(c, request, identity) : rewriteFiles(c, request);
        List<Long> expired = new ArrayList<>();
        if (request.expireOlderThan().isPresent()) {
            List<Long> candidates =
                    Jdbc.query(
                            c,
                            "SELECT snapshot_id FROM "
                                    + EngineContext.LAKE_ALIAS
                                    + ".snapshots()"
                                    + " WHERE snapshot_time < now() - to_milliseconds(?) AND snapshot_id < ?"
                                    + " AND snapshot_id < (SELECT max(snapshot_id) FROM "
                                    + EngineContext.LAKE_ALIAS
                                    + ".snapshots())"
                                    + " AND snapshot_id NOT IN ("
                                    + MetadataTables.latestVersionSnapshotsSql()
                                    + ")"
                                    + " ORDER BY snapshot_id",
                            rs -> rs.getLong(1),
                            request.expireOlderThan().get().toMillis(),
                            pins.oldest().orElse(Long.MAX_VALUE));
            if (!candidates.isEmpty()) {
                expired =
                        Jdbc.query(
                                c,
                                "SELECT snapshot_id FROM ducklake_expire_snapshots("
                                        + LAKE
                                        + ", versions => ["
                                        + candidates.stream()
                                                .map(String::valueOf)
                                                .collect(Collectors.joining(", "))
                                        + "], dry_run => "
                                        + dryRun
                                        + ") ORDER BY snapshot_id",
                                rs -> rs.getLong(1));
            }
        }
        long images = dryRun || expired.isEmpty() ? 0 : deleteExpiredBeforeImages(c);
        List<String> deleted =
                request.deleteUnusedFiles()
                        ? deleteFiles(
                                c,
                                "ducklake_cleanup_old_files",
                                request.unusedFilesOlderThan(),
                                dryRun)
                        : List.of();
        List<String> orphans =
                request.orphanedFilesOlderThan().isPresent()
                        ? deleteFiles(
                                c,
                                "ducklake_delete_orphaned_files",
                                request.orphanedFilesOlderThan(),
                                dryRun)
                        : List.of();
        return new MaintenanceReport(
                dryRun,
                rewrites.rowsFlushed(),
                rewrites.filesMerged(),
                rewrites.filesCreated(),
                rewrites.filesRewritten(),
                expired,
                images,
                deleted,
                orphans);
    }

    /** The age argument of DuckLake's file deletions: {@code cleanup_all} without one. */
    /**
     * Runs one of DuckLake's file clean-ups, {@code function}, on the files older than {@code age}
     * (all without); the paths it deleted, or would delete on a dry run.
     */
    private static List<String> deleteFiles(
            Connection c, String function, Optional<Duration> age, boolean dryRun)
            throws SQLException {
        return Jdbc.query(
                c,
                "SELECT path FROM "
                        + function
                        + "("
                        + LAKE
                        + olderThan(age)
                        + ", dry_run => "
                        + dryRun
                        + ")",
                rs -> rs.getString(1));
    }

    private static String olderThan(Optional<Duration> age) {
        return age.map(a -> ", older_than => now() - to_milliseconds(" + a.toMillis() + ")")
                .orElse(", cleanup_all => true");
    }

    /**
     * Flushes inlined rows, then rewrites files with deletes and merges adjacent files, as the
     * request asks. Each step runs in an explicit transaction whose snapshot is authored {@link
     * CommitMetadata#MAINTENANCE_AUTHOR}, so that version logs can tell it from a change of rows:
     * DuckLake refuses a transaction that both flushes (a change) and compacts, and crashes on a
     * merge of adopted files bound outside the transaction that runs it.
     */
    private static Rewrites rewriteFiles(Connection c, MaintenanceRequest request)
            throws SQLException {
        Optional<TableName> table = request.table();
        long flushed =
                !request.flushInlinedData()
                        ? 0
                        : inMaintenanceTransaction(
                                c,
                                () ->
                                        Jdbc.queryLong(
                                                c,
                                                "SELECT coalesce(sum(rows_flushed), 0) FROM ducklake_flush_inlined_data("
                                                        + LAKE
                                                        + table.map(
                                                                        t ->
                                                                                ", schema_name => "
                                                                                        + Identifiers
                                                                                                .literal(
                                                                                                        t
                                                                                                                .schema())
                                                                                        + ", table_name => "
                                                                                        + Identifiers
                                                                                                .literal(
                                                                                                        t
                                                                                                                .table()))
                                                                .orElse("")
                                                        + ")"));
        if (!request.rewriteFilesWithDeletes() && !request.mergeAdjacentFiles()) {
            return new Rewrites(flushed, 0, 0, 0);
        }
        String ofTable =
                table.map(
                                t ->
                                        ", "
                                                + Identifiers.literal(t.table())
                                                + ", schema => "
                                                + Identifiers.literal(t.schema()))
                        .orElse("");
        return inMaintenanceTransaction(
                c,
                () -> {
                    long rewritten =
                            !request.rewriteFilesWithDeletes()
                                    ? 0
                                    : Jdbc.queryLong(
                                            c,
                                            "SELECT"
                                                    + " coalesce(sum(files_processed), 0) FROM ducklake_rewrite_data_files("
                                                    + LAKE
                                                    + ofTable
                                                    + ")");
                    return !request.mergeAdjacentFiles()
                            ? new Rewrites(flushed, 0, 0, rewritten)
                            : Jdbc.queryFirst(
                                            c,
                                            "SELECT"
                                                    + " coalesce(sum(files_processed), 0), coalesce(sum(files_created), 0) FROM"
                                                    + " ducklake_merge_adjacent_files("
                                                    + LAKE
                                                    + ofTable
                                                    + ")",
                                            rs ->
                                                    new Rewrites(
                                                            flushed,
                                                            rs.getLong(1),
                                                            rs.getLong(2),
                                                            rewritten))
                                    .orElseThrow();
                });
    }

    /** What flushing and compaction did, or in a dry run would work on. */
    private record Rewrites(
            long rowsFlushed, long filesMerged, long filesCreated, long filesRewritten) {}

    /** A step of maintenance, run on the caller's connection. */
    @FunctionalInterface
    private interface Step<T> {
        T run() throws SQLException;
    }

    private static <T> T inMaintenanceTransaction(Connection c, Step<T> step) throws SQLException {
        Jdbc.execute(c, "BEGIN TRANSACTION");
        try {
            LakeStatements.setCommitMessage(c, CommitMetadata.MAINTENANCE_AUTHOR, "compaction");
            T result = step.run();
            Jdbc.execute(c, "COMMIT");
            return result;
        } catch (SQLException | RuntimeException e) {
            try {
                Jdbc.execute(c, "ROLLBACK");
            } catch (SQLException rollback) {
                e.addSuppressed(rollback);
            }
            throw e;
        }
    }

    /**
     * What {@link #rewriteFiles} would work on: inlined rows to flush and files to consider
     * merging.
     */
    private static Rewrites plannedRewrites(
            Connection c, MaintenanceRequest request, Optional<TableIdentity> identity)
            throws SQLException {
        long inlined = request.flushInlinedData() ? inlinedRows(c, identity) : 0;
        long files =
                !request.mergeAdjacentFiles()
                        ? 0
                        : Jdbc.queryLong(
                                c,
                                "SELECT coalesce(sum(file_count), 0) FROM "
                                        + EngineContext.LAKE_ALIAS
                                        + ".table_info()"
                                        + identity.map(i -> " WHERE table_id = " + i.id())
                                                .orElse(""));
        return new Rewrites(inlined, files, 0, 0);
    }

    /** Removes the before-images of commits whose snapshots no longer exist. */
    private static long deleteExpiredBeforeImages(Connection c) throws SQLException {
        List<String> imageTables =
                Jdbc.query(
                        c,
                        "SELECT table_name FROM duckdb_tables() WHERE database_name = ?"
                                + " AND schema_name = ? AND table_name LIKE 'before_images_%'",
                        rs -> rs.getString(1),
                        EngineContext.LAKE_ALIAS,
                        BeforeImageTable.SCHEMA);
        String liveCommits =
                "SELECT json_extract_string(commit_extra_info, '$.commitId') AS id FROM "
                        + EngineContext.LAKE_ALIAS
                        + ".snapshots() WHERE json_valid(commit_extra_info)";
        long removed = 0;
        for (String imageTable : imageTables) {
            removed +=
                    Jdbc.update(
                            c,
                            "DELETE FROM "
                                    + TableName.of(BeforeImageTable.SCHEMA, imageTable)
                                            .sql(EngineContext.LAKE_ALIAS)
                                    + " WHERE "
                                    + Identifiers.quote(BeforeImageTable.COMMIT_ID)
                                    + " NOT IN (SELECT id FROM ("
                                    + liveCommits
                                    + ") WHERE id IS NOT NULL)");
        }
        return removed;
    }

    /** Rows kept inline in the catalog, that a flush would write to Parquet. */
    private static long inlinedRows(Connection c, Optional<TableIdentity> identity)
            throws SQLException {
        List<String> inlinedTables =
                Jdbc.query(
                        c,
                        "SELECT table_name FROM "
                                + MetadataTables.METADATA
                                + ".ducklake_inlined_data_tables"
                                + identity.map(i -> " WHERE table_id = " + i.id()).orElse(""),
                        rs -> rs.getString(1));
        long rows = 0;
        for (String inlined : inlinedTables) {
            rows +=
                    Jdbc.queryLong(
                            c,
                            "SELECT count(*) FROM "
                                    + MetadataTables.METADATA
                                    + "."
                                    + Identifiers.quote(inlined)
                                    + " WHERE end_snapshot IS NULL");
        }
        return rows;
    }
}
