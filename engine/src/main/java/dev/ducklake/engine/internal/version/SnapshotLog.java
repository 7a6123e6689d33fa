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

import dev.ducklake.engine.internal.EngineContext;
import dev.ducklake.engine.internal.Jdbc;
import dev.ducklake.engine.internal.catalog.MetadataTables;
import dev.ducklake.engine.internal.catalog.TableIdentity;
import dev.ducklake.engine.metadata.TableSnapshot;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.version.CommitMetadata;
import dev.ducklake.engine.version.TableVersion;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The versions of a table with what each did, for a snapshots system table. The kind comes from
 * DuckLake's record of the snapshot's changes; row counts from the engine's commit metadata when
 * the engine made the commit, otherwise from the record counts DuckLake keeps for the data and
 * delete files the snapshot added (no file is read).
 */
public final class SnapshotLog {

    private static final String META = MetadataTables.METADATA;

    private final EngineContext context;
    private final VersionLog versions;

    public SnapshotLog(EngineContext context, VersionLog versions) {
        this.context = context;
        this.versions = versions;
    }

    /** Every version of the table, newest first. */
    public List<TableSnapshot> list(TableName table) {
        return context.withConnection(
                "list the snapshots of " + table,
                c -> {
                    TableIdentity id = MetadataTables.requireIdentity(c, table);
                    String tableId = "'" + id.id() + "'";
                    return Jdbc.query(
                            c,
                            "SELECT v.*, "
                                    + touched("tables_altered", tableId)
                                    + ", "
                                    + touched("tables_inserted_into", tableId)
                                    + " OR "
                                    + touched("inlined_insert", tableId)
                                    + ", "
                                    + touched("tables_deleted_from", tableId)
                                    + " OR "
                                    + touched("inlined_delete", tableId)
                                    + ", "
                                    + fileRows("ducklake_data_file", "record_count", "begin")
                                    + ", "
                                    + fileRows("ducklake_data_file", "record_count", "end")
                                    + ", "
                                    + fileRows("ducklake_delete_file", "delete_count", "begin")
                                    + ", "
                                    + fileRows("ducklake_delete_file", "delete_count", "end")
                                    + " FROM ("
                                    + MetadataTables.versionsQuery(id)
                                    + ") v JOIN "
                                    + EngineContext.LAKE_ALIAS
                                    + ".snapshots() s ON s.snapshot_id = v.snapshot_id ORDER BY v.snapshot_id DESC",
                            rs -> toSnapshot(rs, table, id),
                            id.id(),
                            id.id(),
                            id.id(),
                            id.id());
                });
    }

    /** SQL summing a row count of the table's files that the snapshot {@code v} began or ended. */
    private static String fileRows(String files, String count, String beginOrEnd) {
        return "(SELECT sum("
                + count
                + ") FROM "
                + META
                + "."
                + files
                + " f WHERE f.table_id = ? AND f."
                + beginOrEnd
                + "_snapshot = v.snapshot_id)";
    }

    private static String touched(String change, String tableId) {
        return "list_contains(coalesce(s.changes['" + change + "'], []), " + tableId + ")";
    }

    private TableSnapshot toSnapshot(ResultSet rs, TableName table, TableIdentity id)
            throws SQLException {
        TableVersion version = versions.toVersion(rs, table);
        boolean altered = rs.getBoolean(6);
        boolean inserted = rs.getBoolean(7);
        boolean deleted = rs.getBoolean(8);
        TableSnapshot.Kind kind =
                version.id() == id.createdAt()
                        ? TableSnapshot.Kind.CREATE
                        : id.namedAt().contains(version.id())
                                ? TableSnapshot.Kind.RENAME
                                : altered
                                        ? TableSnapshot.Kind.ALTER
                                        : inserted && deleted
                                                ? TableSnapshot.Kind.WRITE
                                                : deleted
                                                        ? TableSnapshot.Kind.DELETE
                                                        : TableSnapshot.Kind.INSERT;
        Optional<CommitMetadata> metadata = version.metadata();
        if (metadata.isPresent()) {
            return new TableSnapshot(
                    version,
                    kind,
                    OptionalLong.of(metadata.get().inserted()),
                    OptionalLong.of(metadata.get().updated()),
                    OptionalLong.of(metadata.get().deleted()));
        }
        return new TableSnapshot(
                version,
                kind,
                count(rs, inserted, 9),
                OptionalLong.empty(),
                count(rs, deleted, 10, 11, -12));
    }

    /**
     * A file-based count: the sum of the columns (a negative column number subtracts), zero when
     * the snapshot did not do it, empty when it did it inline (no file holds the rows). Deleted
     * rows are the rows of the data files the snapshot retired, plus those its delete files delete,
     * less those of the delete files they replace (a delete file holds every deletion of its data
     * file so far).
     */
    private static OptionalLong count(ResultSet rs, boolean done, int... columns)
            throws SQLException {
        long sum = 0;
        boolean anyFile = false;
        for (int column : columns) {
            long rows = rs.getLong(Math.abs(column));
            if (!rs.wasNull()) {
                anyFile = true;
                sum += column < 0 ? -rows : rows;
            }
        }
        return anyFile ? OptionalLong.of(sum) : done ? OptionalLong.empty() : OptionalLong.of(0);
    }
}
