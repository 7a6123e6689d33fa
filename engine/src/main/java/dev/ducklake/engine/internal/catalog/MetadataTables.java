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

package dev.ducklake.engine.internal.catalog;

import dev.ducklake.engine.error.TableNotFoundException;
import dev.ducklake.engine.internal.EngineContext;
import dev.ducklake.engine.internal.Jdbc;
import dev.ducklake.engine.schema.Identifiers;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.version.CommitMetadata;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.stream.Collectors;

/**
 * The lookups in DuckLake's own metadata that the table catalog, the commit executor, the version
 * log and maintenance all need: a table's identity by name at a snapshot, its versions and latest
 * version, the lake's current snapshot, the version a commit key created. They sit below those
 * classes, which use them and not each other. Static, on the caller's connection.
 */
public final class MetadataTables {

    /** The name under which DuckLake attaches the metadata catalog of the lake. */
    public static final String METADATA = "__ducklake_metadata_" + EngineContext.LAKE_ALIAS;

    private MetadataTables() {}

    public static TableNotFoundException notFound(TableName name) {
        return new TableNotFoundException("Table " + name + " does not exist in the lake");
    }

    /** The identity of the table that has this name now, or a not-found error. */
    public static TableIdentity requireIdentity(Connection connection, TableName name)
            throws SQLException {
        return identity(connection, name, Long.MAX_VALUE).orElseThrow(() -> notFound(name));
    }

    /**
     * The identity of the table that had this name at the snapshot. Reads the catalog's own tables,
     * so never call it inside a commit transaction: a SQLite catalog locks against its own readers.
     */
    public static Optional<TableIdentity> identity(
            Connection connection, TableName name, long version) throws SQLException {
        return Jdbc.queryFirst(
                connection,
                "SELECT t.table_id, (SELECT string_agg(n.begin_snapshot::VARCHAR, ',' ORDER BY n.begin_snapshot) FROM "
                        + METADATA
                        + ".ducklake_table n WHERE n.table_id = t.table_id) FROM "
                        + METADATA
                        + ".ducklake_table t JOIN "
                        + METADATA
                        + ".ducklake_schema s ON s.schema_id = t.schema_id"
                        + " WHERE lower(s.schema_name) = ? AND lower(t.table_name) = ?"
                        + " AND t.begin_snapshot <= ? AND (t.end_snapshot IS NULL OR t.end_snapshot > ?)"
                        + " AND s.begin_snapshot <= ? AND (s.end_snapshot IS NULL OR s.end_snapshot > ?)",
                rs ->
                        new TableIdentity(
                                rs.getLong(1),
                                Arrays.stream(rs.getString(2).split(","))
                                        .map(Long::valueOf)
                                        .toList()),
                name.schema().toLowerCase(Locale.ROOT),
                name.table().toLowerCase(Locale.ROOT),
                version,
                version,
                version,
                version);
    }

    /**
     * The name the table had at a snapshot: a table keeps its id when renamed, but DuckLake's time
     * travel ({@code AT (VERSION => ...)}) finds it only by the name it had then.
     */
    public static TableName nameAt(
            Connection connection, TableName current, TableIdentity table, long version)
            throws SQLException {
        return Jdbc.queryFirst(
                        connection,
                        "SELECT table_name FROM "
                                + METADATA
                                + ".ducklake_table WHERE table_id = ?"
                                + " AND begin_snapshot <= ? AND (end_snapshot IS NULL OR end_snapshot > ?)",
                        rs -> TableName.of(current.schema(), rs.getString(1)),
                        table.id(),
                        version,
                        version)
                .orElse(current);
    }

    /** The newest version of the table, read on the caller's connection. */
    public static long latestVersion(Connection connection, TableName table) throws SQLException {
        return latestVersion(connection, requireIdentity(connection, table));
    }

    /**
     * The newest version of the table, read through DuckLake only, so it is safe inside a commit
     * transaction (it reads the snapshot that transaction sees).
     */
    public static long latestVersion(Connection connection, TableIdentity table)
            throws SQLException {
        return Jdbc.queryLong(
                connection, "SELECT max(snapshot_id) FROM (" + versionsQuery(table) + ")");
    }

    /** The newest snapshot of the whole lake. */
    public static long currentSnapshot(Connection connection) throws SQLException {
        return Jdbc.queryLong(
                connection,
                "SELECT id FROM ducklake_current_snapshot('" + EngineContext.LAKE_ALIAS + "')");
    }

    /**
     * The lake's schema version: DuckLake moves it with every change of a definition, not with
     * commits of rows. Reads the catalog's own tables, so never call it inside a commit
     * transaction.
     */
    public static long schemaVersion(Connection connection) throws SQLException {
        return Jdbc.queryLong(
                connection,
                "SELECT schema_version FROM "
                        + METADATA
                        + ".ducklake_snapshot"
                        + " WHERE snapshot_id = (SELECT max(snapshot_id) FROM "
                        + METADATA
                        + ".ducklake_snapshot)");
    }

    /**
     * SQL selecting the versions of the table (snapshot id, time, author, message, extra info) from
     * DuckLake's snapshots, safe inside a commit transaction; see {@link
     * #versionsQuery(TableIdentity, SnapshotHistory)}.
     */
    public static String versionsQuery(TableIdentity table) {
        return versionsQuery(table, SnapshotHistory.LAKE);
    }

    /**
     * SQL selecting the versions of the table (snapshot id, time, author, message, extra info) from
     * the history: the snapshots that created or renamed it and those that changed its rows or
     * definition, without maintenance. Append {@code AND ...} conditions and an {@code ORDER BY} as
     * needed.
     */
    public static String versionsQuery(TableIdentity table, SnapshotHistory history) {
        return "SELECT snapshot_id, snapshot_time, author, commit_message, commit_extra_info FROM "
                + history.source()
                + " WHERE (snapshot_id IN ("
                + table.namedAt().stream().map(String::valueOf).collect(Collectors.joining(", "))
                + ")"
                + " OR ("
                + history.touches(ChangeKind.ROWS, table.id())
                + " AND NOT "
                + history.touches(ChangeKind.MAINTENANCE, table.id())
                + " AND author IS DISTINCT FROM "
                + Identifiers.literal(CommitMetadata.MAINTENANCE_AUTHOR)
                + "))";
    }

    /**
     * SQL listing, for every table of the lake, the snapshot of its latest version (a table's
     * creation counts, by name, as one too). Expiry keeps these, so every table keeps a latest
     * version.
     */
    public static String latestVersionSnapshotsSql() {
        String snapshots = SnapshotHistory.LAKE.source();
        return "SELECT max(snapshot_id) FROM (SELECT snapshot_id, unnest("
                + SnapshotHistory.lakeTableIds(ChangeKind.ROWS)
                + ") AS t FROM "
                + snapshots
                + " UNION ALL SELECT snapshot_id, unnest(coalesce(changes['tables_created'], [])) FROM "
                + snapshots
                + ") GROUP BY t";
    }

    /**
     * The version whose commit metadata carries the key, as its own or among the keys of earlier
     * commits that changed nothing, if any commit carried it, found in the history ({@link
     * SnapshotHistory#LAKE} inside a commit transaction).
     */
    public static OptionalLong committedVersion(
            Connection connection, SnapshotHistory history, String commitKey) throws SQLException {
        // Commit keys hold no character that JSON escapes, so the serialised key is this exact
        // text.
        String quoted = "\"" + commitKey + "\"";
        String unchanged = "\"unchangedCommitKeys\":\\[[^\\]]*" + quoted.replace(".", "\\.");
        long version =
                Jdbc.queryLong(
                        connection,
                        "SELECT coalesce(max(snapshot_id), -1) FROM "
                                + history.source()
                                + " WHERE author = ? AND contains(commit_extra_info, ?) AND (contains(commit_extra_info, ?)"
                                + " OR regexp_matches(commit_extra_info, ?))",
                        CommitMetadata.AUTHOR,
                        quoted,
                        "\"commitKey\":" + quoted,
                        unchanged);
        return version < 0 ? OptionalLong.empty() : OptionalLong.of(version);
    }

    /** The newest snapshot the engine committed whose commit metadata contains the text, if any. */
    public static OptionalLong engineCommitWith(
            Connection connection, SnapshotHistory history, String text) throws SQLException {
        long version =
                Jdbc.queryLong(
                        connection,
                        "SELECT coalesce(max(snapshot_id), -1) FROM "
                                + history.source()
                                + " WHERE author = ? AND contains(commit_extra_info, ?)",
                        CommitMetadata.AUTHOR,
                        text);
        return version < 0 ? OptionalLong.empty() : OptionalLong.of(version);
    }

    /**
     * The data path recorded in the catalog, which every DuckDB attaching the lake uses by default.
     */
    public static List<String> dataPath(Connection connection) throws SQLException {
        return Jdbc.query(
                connection,
                "SELECT value FROM "
                        + METADATA
                        + ".ducklake_metadata"
                        + " WHERE key = 'data_path' AND scope IS NULL",
                rs -> rs.getString(1));
    }
}
