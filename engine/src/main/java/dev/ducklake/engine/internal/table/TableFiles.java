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

package dev.ducklake.engine.internal.table;

import dev.ducklake.engine.internal.EngineContext;
import dev.ducklake.engine.internal.Jdbc;
import dev.ducklake.engine.internal.catalog.MetadataTables;
import dev.ducklake.engine.metadata.LakeFile;
import dev.ducklake.engine.schema.TableName;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The data and delete files of a table's latest version, from DuckLake's metadata alone: paths made
 * absolute (a file's path is relative to its table's, the table's to its schema's, the schema's to
 * the lake's data path), record counts, sizes, partition values, and the snapshot that added each.
 */
public final class TableFiles {

    private static final String META = MetadataTables.METADATA;

    private final EngineContext context;

    public TableFiles(EngineContext context) {
        this.context = context;
    }

    /** The data files, each followed by its delete file if it has one. */
    public List<LakeFile> list(TableName name) {
        return context.withConnection(
                "list the files of " + name,
                c -> {
                    long id = MetadataTables.requireIdentity(c, name).id();
                    Map<Long, Map<String, String>> partitions = partitions(c, id);
                    String files =
                            joinTableAndSchema("f")
                                    + " WHERE f.table_id = ? AND f.end_snapshot IS NULL";
                    return Jdbc.query(
                            c,
                            "SELECT * FROM (SELECT 'DATA' AS content, "
                                    + absolutePath("f")
                                    + " AS path, f.file_format, f.record_count, f.file_size_bytes,"
                                    + " f.begin_snapshot, f.data_file_id, NULL AS data_path FROM "
                                    + META
                                    + ".ducklake_data_file f"
                                    + files
                                    + " UNION ALL SELECT 'DELETES', "
                                    + absolutePath("d")
                                    + ", d.format, d.delete_count, d.file_size_bytes, d.begin_snapshot, d.data_file_id,"
                                    + " "
                                    + absolutePath("f")
                                    + " FROM "
                                    + META
                                    + ".ducklake_delete_file d JOIN "
                                    + META
                                    + ".ducklake_data_file f ON f.data_file_id = d.data_file_id"
                                    + files.replace(
                                            "f.end_snapshot IS NULL",
                                            "f.end_snapshot IS NULL AND d.end_snapshot IS NULL")
                                    + ") ORDER BY data_file_id, content",
                            rs ->
                                    new LakeFile(
                                            LakeFile.Content.valueOf(rs.getString(1)),
                                            rs.getString(2),
                                            rs.getString(3),
                                            rs.getLong(4),
                                            rs.getLong(5),
                                            partitions.getOrDefault(rs.getLong(7), Map.of()),
                                            rs.getLong(6),
                                            Optional.ofNullable(rs.getString(8))),
                            id,
                            id);
                });
    }

    /**
     * SQL of the absolute path of the data or delete file aliased {@code file}: a file's path is
     * relative to its table's ({@code t}), the table's to its schema's ({@code s}), the schema's to
     * the lake's data path. Joined by {@link #joinTableAndSchema}.
     */
    public static String absolutePath(String file) {
        String base =
                "(SELECT value FROM "
                        + META
                        + ".ducklake_metadata WHERE key = 'data_path' AND scope IS NULL)";
        String tableDir =
                "CASE WHEN t.path_is_relative THEN CASE WHEN s.path_is_relative THEN "
                        + base
                        + " || s.path ELSE s.path END || t.path ELSE t.path END";
        return "CASE WHEN "
                + file
                + ".path_is_relative THEN "
                + tableDir
                + " || "
                + file
                + ".path ELSE "
                + file
                + ".path END";
    }

    /**
     * SQL joining the data file aliased {@code file} to its table {@code t} and schema {@code s}.
     */
    public static String joinTableAndSchema(String file) {
        return " JOIN "
                + META
                + ".ducklake_table t ON t.table_id = "
                + file
                + ".table_id AND t.end_snapshot IS NULL JOIN "
                + META
                + ".ducklake_schema s ON s.schema_id = t.schema_id AND s.end_snapshot IS NULL";
    }

    /** The partition values of the table's current data files, by data file id. */
    private static Map<Long, Map<String, String>> partitions(Connection connection, long tableId)
            throws SQLException {
        Map<Long, Map<String, String>> byFile = new HashMap<>();
        Jdbc.query(
                connection,
                "SELECT v.data_file_id, pc.transform, c.column_name, v.partition_value FROM "
                        + META
                        + ".ducklake_file_partition_value v JOIN "
                        + META
                        + ".ducklake_data_file f"
                        + " ON f.data_file_id = v.data_file_id AND f.end_snapshot IS NULL JOIN "
                        + META
                        + ".ducklake_partition_column pc ON pc.partition_id = f.partition_id AND pc.table_id = f.table_id"
                        + " AND pc.partition_key_index = v.partition_key_index JOIN "
                        + META
                        + ".ducklake_column c"
                        + " ON c.table_id = f.table_id AND c.column_id = pc.column_id AND c.end_snapshot IS NULL"
                        + " WHERE v.table_id = ? ORDER BY v.data_file_id, v.partition_key_index",
                rs ->
                        byFile.computeIfAbsent(rs.getLong(1), k -> new LinkedHashMap<>())
                                .put(
                                        "identity".equals(rs.getString(2))
                                                ? rs.getString(3)
                                                : rs.getString(2) + "(" + rs.getString(3) + ")",
                                        rs.getString(4)),
                tableId);
        return byFile;
    }
}
