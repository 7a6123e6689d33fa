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

package dev.ducklake.engine.internal.version;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.ducklake.engine.error.LakeValidationException;
import dev.ducklake.engine.internal.EngineContext;
import dev.ducklake.engine.internal.Jdbc;
import dev.ducklake.engine.internal.catalog.ChangeKind;
import dev.ducklake.engine.internal.catalog.MetadataTables;
import dev.ducklake.engine.internal.catalog.SnapshotHistory;
import dev.ducklake.engine.internal.catalog.TableIdentity;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.version.CommitMetadata;
import dev.ducklake.engine.version.TableVersion;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The versions of a table. A version is a snapshot that changed the table's rows or definition: its
 * creation, inserts, deletes, updates and schema changes. Snapshots that only touched other tables,
 * or only reorganised this table's files (flushing inlined data, merging files), are not versions.
 * DuckLake marks most reorganisations in a snapshot's changes, but a flush of inlined deletions
 * alone looks like a delete there; the engine's own maintenance snapshots are therefore also known
 * by their author, {@link CommitMetadata#MAINTENANCE_AUTHOR}.
 */
public final class VersionLog {

    /**
     * The history this log reads outside commit transactions: the catalog's tables by key, so that
     * finding a version costs the same whatever the length of the history.
     */
    private static final SnapshotHistory HISTORY = SnapshotHistory.CATALOG;

    private final EngineContext context;

    public VersionLog(EngineContext context) {
        this.context = context;
    }

    /** The newest version of the table. */
    public long latest(TableName table) {
        return context.withConnection(
                "find the latest version of " + table,
                c ->
                        Jdbc.queryLong(
                                c, "SELECT max(snapshot_id) FROM (" + versionsOf(c, table) + ")"));
    }

    /** The newest version of the table that is not after the given snapshot. */
    public long latestAtOrBefore(TableName table, long snapshot) {
        return context.withConnection(
                "find the latest version of " + table + " up to " + snapshot,
                c ->
                        Jdbc.queryLong(
                                c,
                                "SELECT max(snapshot_id) FROM ("
                                        + versionsOf(c, table)
                                        + " AND snapshot_id <= ?)",
                                snapshot));
    }

    /** Versions of the table, newest first. */
    public List<TableVersion> list(TableName table, int offset, int limit) {
        if (offset < 0 || limit < 0) {
            throw new IllegalArgumentException(
                    "offset and limit must be >= 0, got " + offset + " and " + limit);
        }
        return context.withConnection(
                "list the versions of " + table,
                c ->
                        versions(
                                c,
                                table,
                                " ORDER BY snapshot_id DESC LIMIT ? OFFSET ?",
                                limit,
                                offset));
    }

    /**
     * One version of the table, or a validation error that names the version and says why it is not
     * one: expired, not yet committed, before the table was created (or dropped and created again),
     * or a snapshot that did not change this table.
     */
    public TableVersion get(TableName table, long version) {
        return context.withConnection(
                "read version " + version + " of " + table,
                c -> {
                    TableIdentity id = MetadataTables.requireIdentity(c, table);
                    Optional<TableVersion> found =
                            Jdbc.queryFirst(
                                    c,
                                    MetadataTables.versionsQuery(id, HISTORY)
                                            + " AND snapshot_id = ?",
                                    rs -> toVersion(rs, table),
                                    version);
                    if (found.isEmpty()) {
                        throw notAVersion(c, table, id, version);
                    }
                    return found.get();
                });
    }

    private static LakeValidationException notAVersion(
            Connection connection, TableName table, TableIdentity id, long version)
            throws SQLException {
        long latestSnapshot = MetadataTables.currentSnapshot(connection);
        boolean exists =
                Jdbc.queryLong(
                                connection,
                                "SELECT count(*) FROM "
                                        + HISTORY.source()
                                        + " WHERE snapshot_id = ?",
                                version)
                        > 0;
        String why;
        if (version > latestSnapshot) {
            why = "no such snapshot yet; the latest snapshot of the lake is " + latestSnapshot;
        } else if (version < id.createdAt()) {
            why =
                    MetadataTables.identity(connection, table, version)
                            .map(
                                    old ->
                                            "the table was dropped and created again after it: the "
                                                    + table
                                                    + " of version "
                                                    + version
                                                    + " was DuckLake table "
                                                    + old.id()
                                                    + ", the one now is table "
                                                    + id.id()
                                                    + ", created at snapshot "
                                                    + id.createdAt()
                                                    + ". A change source cannot follow a table"
                                                    + " across its re-creation; start the source anew, without its checkpoint or savepoint,"
                                                    + " to read the new table")
                            .orElse("the table was created later, at snapshot " + id.createdAt());
        } else if (!exists) {
            why =
                    "the snapshot was expired or never existed; the oldest version of "
                            + table
                            + " kept is "
                            + Jdbc.queryLong(
                                    connection,
                                    "SELECT min(snapshot_id) FROM ("
                                            + MetadataTables.versionsQuery(id, HISTORY)
                                            + ")");
        } else {
            why = "that snapshot did not change this table";
        }
        return new LakeValidationException(
                "Version " + version + " is not a version of " + table + ": " + why);
    }

    /**
     * The newest version of the table committed at or before the instant, or a validation error
     * when the table has none that old (it was created later, or those versions were expired).
     */
    public TableVersion at(TableName table, Instant instant) {
        return context.withConnection(
                "find the version of " + table + " at " + instant,
                c ->
                        versions(
                                        c,
                                        table,
                                        " AND snapshot_time <= ? ORDER BY snapshot_id DESC LIMIT 1",
                                        OffsetDateTime.ofInstant(instant, ZoneOffset.UTC))
                                .stream()
                                .findFirst()
                                .orElseThrow(
                                        () ->
                                                new LakeValidationException(
                                                        "No version of "
                                                                + table
                                                                + " was committed at or before "
                                                                + instant
                                                                + ": the table was created later, or its versions of that time were expired")));
    }

    /** The versions of the table in {@code (from, to]}, oldest first, at most {@code limit}. */
    public List<TableVersion> between(TableName table, long from, long to, int limit) {
        return context.withConnection(
                "list the versions of " + table,
                c ->
                        versions(
                                c,
                                table,
                                " AND snapshot_id > ? AND snapshot_id <= ? ORDER BY snapshot_id LIMIT ?",
                                from,
                                to,
                                limit));
    }

    /**
     * True when, after {@code version}, DuckLake flushed inlined data of the table to files,
     * rewrote its files that held deletes ({@code ducklake_rewrite_data_files}) or merged its files
     * ({@code ducklake_merge_adjacent_files}). DuckLake v1.5.5's change feed misreports ranges that
     * start before such a snapshot: it misplaces the deletes of flushed inlined rows (a delete or
     * pre-image lands in another snapshot), reports rewritten rows as updated and rows deleted
     * before a rewrite as deleted again, and across a merge after a rewrite it put a delete in
     * another snapshot. Change reads that start before one must not use the change feed.
     */
    public boolean filesRewrittenAfter(TableName table, long version) {
        return context.withConnection(
                "look for rewrites of the files of " + table,
                c -> {
                    long id = MetadataTables.requireIdentity(c, table).id();
                    return Jdbc.queryLong(
                                    c,
                                    "SELECT count(*) FROM "
                                            + HISTORY.source()
                                            + " WHERE snapshot_id > ? AND "
                                            + HISTORY.touches(ChangeKind.REWRITES, id),
                                    version)
                            > 0;
                });
    }

    /**
     * The versions of the table that {@code clauses} select, appended to the query of all its
     * versions: a condition after {@code AND}, an order, a limit.
     */
    private List<TableVersion> versions(
            Connection connection, TableName table, String clauses, Object... parameters)
            throws SQLException {
        return Jdbc.query(
                connection,
                versionsOf(connection, table) + clauses,
                rs -> toVersion(rs, table),
                parameters);
    }

    /**
     * The versions of the table, as {@link MetadataTables#versionsQuery(TableIdentity,
     * SnapshotHistory)} selects them.
     */
    private static String versionsOf(Connection connection, TableName table) throws SQLException {
        return MetadataTables.versionsQuery(
                MetadataTables.requireIdentity(connection, table), HISTORY);
    }

    /**
     * Whether a snapshot after {@code after} changed the table's rows or columns without carrying
     * all the {@code producer} fields (at least one) in its commit metadata; read through DuckLake,
     * so safe inside a commit transaction.
     */
    public static boolean rowsChangedByOthers(
            Connection connection, TableIdentity table, long after, Map<String, String> producer)
            throws SQLException {
        List<Object> parameters = new ArrayList<>(List.of(after));
        String changed = SnapshotHistory.LAKE.touches(ChangeKind.ROWS, table.id());
        String same =
                producer.entrySet().stream()
                        .map(
                                field -> {
                                    parameters.add("$.producer.\"" + field.getKey() + "\"");
                                    parameters.add(field.getValue());
                                    return "json_extract_string(commit_extra_info, ?) = ?";
                                })
                        .collect(Collectors.joining(" AND "));
        return Jdbc.queryLong(
                        connection,
                        "SELECT count(*) FROM "
                                + SnapshotHistory.LAKE.source()
                                + " WHERE"
                                + " snapshot_id > ? AND "
                                + changed
                                + " AND NOT coalesce("
                                + same
                                + ", false)",
                        parameters.toArray())
                > 0;
    }

    /**
     * Whether the lake still has every snapshot after {@code snapshot}: DuckLake numbers snapshots
     * one after another, so an expiry that removed one leaves a gap. Read through DuckLake, so safe
     * inside a commit transaction.
     */
    public static boolean historyIntactAfter(Connection connection, long snapshot)
            throws SQLException {
        return Jdbc.queryLong(
                        connection,
                        "SELECT (count(*) = coalesce(max(snapshot_id) - ?, 0))::BIGINT FROM "
                                + SnapshotHistory.LAKE.source()
                                + " WHERE snapshot_id > ?",
                        snapshot,
                        snapshot)
                == 1;
    }

    /** See {@link #historyIntactAfter(Connection, long)}. */
    public boolean historyIntactAfter(long snapshot) {
        return context.withConnection(
                "look for expired snapshots after " + snapshot,
                c -> historyIntactAfter(c, snapshot));
    }

    /**
     * Maps a row of {@link MetadataTables#versionsQuery} to a version of the table, with its part
     * of the metadata.
     */
    TableVersion toVersion(ResultSet rs, TableName table) throws SQLException {
        String extra = rs.getString(5);
        return new TableVersion(
                rs.getLong(1),
                rs.getObject(2, OffsetDateTime.class).toInstant(),
                rs.getString(3),
                rs.getString(4),
                extra,
                parse(extra).map(m -> m.forTable(table.toString())));
    }

    private Optional<CommitMetadata> parse(String extraInfo) {
        if (extraInfo == null || extraInfo.isBlank()) {
            return Optional.empty();
        }
        try {
            CommitMetadata metadata = context.json().readValue(extraInfo, CommitMetadata.class);
            return metadata.commitId() == null ? Optional.empty() : Optional.of(metadata);
        } catch (JsonProcessingException e) {
            return Optional.empty();
        }
    }
}
