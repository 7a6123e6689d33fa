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

package dev.ducklake.engine.internal.read;

import dev.ducklake.engine.internal.EngineContext;
import dev.ducklake.engine.internal.Jdbc;
import dev.ducklake.engine.internal.catalog.MetadataTables;
import dev.ducklake.engine.internal.table.TableCatalog;
import dev.ducklake.engine.internal.table.TableFiles;
import dev.ducklake.engine.schema.Column;
import dev.ducklake.engine.schema.Identifiers;
import dev.ducklake.engine.schema.LakeType;
import dev.ducklake.engine.schema.TableName;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * Reads of a table's latest rows straight from its Parquet files, which skip DuckLake's planning of
 * a scan (binding the table at the version, listing its files): most of what a small read, a
 * lookup, costs. The files of a table at a lake snapshot are read from the catalog once and held
 * while the snapshot is the latest.
 *
 * <p>Only where DuckLake's scan would add nothing to the files' rows: every column a top-level
 * column of a primitive or decimal type without an initial default, no delete files, no inlined
 * rows or deletes, no encryption, no partition values outside the files; and at most {@link
 * #MAX_FILES} files, as each read opens every file's footer, where DuckLake skips files by the
 * statistics in its catalog. A table with any of these is read through DuckLake, as is every read
 * of an older version.
 *
 * <p>A file DuckLake wrote names its columns by field id (the column's id); a file adopted by
 * {@code ducklake_add_data_files} by name, through a name mapping. Either way a column comes under
 * its name at the snapshot, cast to its type then.
 */
public final class ParquetScans {

    private static final String META = MetadataTables.METADATA;

    /**
     * The most files read directly. A key lookup in 10 M rows took 4.7 ms through 10 files' footers
     * and 7.0 ms through 100, against DuckLake's 7.3 to 7.7 ms for either (DuckDB 1.5.5, metadata
     * cache on).
     */
    private static final int MAX_FILES = 32;

    private final EngineContext context;
    private final Map<TableName, Files> held = new ConcurrentHashMap<>();

    public ParquetScans(EngineContext context) {
        this.context = context;
    }

    /**
     * The SQL of the table's rows at the view's snapshot, its columns named as the table's, to
     * select from and filter as the table itself; empty when the read must go through DuckLake.
     */
    public Optional<String> rowsSql(TableName name, TableCatalog.SnapshotView view) {
        Files files = held.get(name);
        if (files == null || files.snapshot() != view.snapshot()) {
            files =
                    new Files(
                            view.snapshot(),
                            context.withConnection(
                                    "list the Parquet files of "
                                            + name
                                            + " at snapshot "
                                            + view.snapshot(),
                                    c -> plan(c, name, view)));
            held.put(name, files);
        }
        return files.sql();
    }

    private static Optional<String> plan(
            Connection c, TableName name, TableCatalog.SnapshotView view) throws SQLException {
        long snapshot = view.snapshot();
        List<Column> columns = view.schema().columns();
        if (!columns.stream().allMatch(ParquetScans::readable)) {
            return Optional.empty();
        }
        long table = MetadataTables.requireIdentity(c, name).id();
        Optional<Map<String, Long>> ids = columnIds(c, table, snapshot);
        if (ids.isEmpty()
                || !columns.stream().allMatch(column -> ids.get().containsKey(column.name()))
                || inlinedRows(c, table, snapshot)) {
            return Optional.empty();
        }
        List<DataFile> files = dataFiles(c, table, snapshot);
        if (files.isEmpty()
                || files.size() > MAX_FILES
                || files.stream().anyMatch(DataFile::needsDuckLake)
                || inlinedDeletes(c, table, snapshot)) {
            return Optional.empty();
        }
        return nameMappings(c, files).map(mappings -> sql(columns, ids.get(), files, mappings));
    }

    /**
     * The ids of the table's top-level columns by name at the snapshot; empty when a column has an
     * initial default, which rows of files written before the column existed take.
     */
    private static Optional<Map<String, Long>> columnIds(Connection c, long table, long snapshot)
            throws SQLException {
        return mapUnlessFlagged(
                c,
                "SELECT column_name, column_id, initial_default IS NOT NULL FROM "
                        + META
                        + ".ducklake_column c WHERE table_id = ? AND parent_column IS NULL AND "
                        + visibleAt("c", snapshot),
                table,
                rs -> rs.getString(1),
                rs -> rs.getLong(2));
    }

    /**
     * The first two columns of the query's rows, as keys and values; empty when the third is true
     * in any row.
     */
    private static <K, V> Optional<Map<K, V>> mapUnlessFlagged(
            Connection c,
            String sql,
            long parameter,
            Jdbc.RowMapper<K> key,
            Jdbc.RowMapper<V> value)
            throws SQLException {
        Map<K, V> map = new HashMap<>();
        List<Boolean> flags =
                Jdbc.query(
                        c,
                        sql,
                        rs -> {
                            map.put(key.map(rs), value.map(rs));
                            return rs.getBoolean(3);
                        },
                        parameter);
        return flags.contains(true) ? Optional.empty() : Optional.of(map);
    }

    /** The table's data files at the snapshot. */
    private static List<DataFile> dataFiles(Connection c, long table, long snapshot)
            throws SQLException {
        return Jdbc.query(
                c,
                "SELECT "
                        + TableFiles.absolutePath("f")
                        + ", f.mapping_id, f.encryption_key IS NOT NULL OR EXISTS (SELECT 1 FROM "
                        + META
                        + ".ducklake_delete_file d WHERE d.data_file_id = f.data_file_id AND "
                        + visibleAt("d", snapshot)
                        + ") FROM "
                        + META
                        + ".ducklake_data_file f"
                        + TableFiles.joinTableAndSchema("f")
                        + " WHERE f.table_id = ? AND "
                        + visibleAt("f", snapshot)
                        + " ORDER BY f.data_file_id",
                rs ->
                        new DataFile(
                                rs.getString(1),
                                rs.getObject(2) == null ? null : rs.getLong(2),
                                rs.getBoolean(3)),
                table);
    }

    /** Whether the files hold the column as DuckLake reads it: a top-level, non-nested value. */
    private static boolean readable(Column column) {
        return column.type() instanceof LakeType.Primitive
                || column.type() instanceof LakeType.Decimal;
    }

    /** SQL of a row of {@code alias} that exists at the snapshot. */
    private static String visibleAt(String alias, long snapshot) {
        return alias
                + ".begin_snapshot <= "
                + snapshot
                + " AND ("
                + alias
                + ".end_snapshot IS NULL OR "
                + alias
                + ".end_snapshot > "
                + snapshot
                + ")";
    }

    /** Whether rows of the table at the snapshot are inlined into the catalog. */
    private static boolean inlinedRows(Connection c, long table, long snapshot)
            throws SQLException {
        List<String> inlinedTables =
                Jdbc.query(
                        c,
                        "SELECT table_name FROM "
                                + META
                                + ".ducklake_inlined_data_tables WHERE table_id = ?",
                        rs -> rs.getString(1),
                        table);
        for (String inlined : inlinedTables) {
            if (Jdbc.queryLong(
                            c,
                            "SELECT count(*) FROM "
                                    + META
                                    + "."
                                    + Identifiers.quote(inlined)
                                    + " i WHERE "
                                    + visibleAt("i", snapshot))
                    > 0) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether deletes of the table's rows in files are inlined into the catalog by the snapshot.
     * DuckLake creates the table of them with the first such delete, and lists it nowhere.
     */
    private static boolean inlinedDeletes(Connection c, long table, long snapshot)
            throws SQLException {
        String deletes = "ducklake_inlined_delete_" + table;
        try {
            return Jdbc.queryLong(
                            c,
                            "SELECT count(*) FROM "
                                    + META
                                    + "."
                                    + deletes
                                    + " WHERE begin_snapshot <= "
                                    + snapshot)
                    > 0;
        } catch (SQLException e) {
            if (e.getMessage() != null
                    && e.getMessage().contains(deletes)
                    && e.getMessage().contains("does not exist")) {
                return false;
            }
            throw e;
        }
    }

    /**
     * The file names of the table's columns (by column id) under each name mapping the files use;
     * empty when a mapping takes a value from outside the file (a partition value in its path).
     */
    private static Optional<Map<Long, Map<Long, String>>> nameMappings(
            Connection c, List<DataFile> files) throws SQLException {
        Map<Long, Map<Long, String>> mappings = new HashMap<>();
        for (Long mapping : files.stream().map(DataFile::mapping).distinct().toList()) {
            if (mapping == null) {
                continue;
            }
            Optional<Map<Long, String>> names =
                    mapUnlessFlagged(
                            c,
                            "SELECT target_field_id, source_name, is_partition FROM "
                                    + META
                                    + ".ducklake_name_mapping WHERE mapping_id = ? AND"
                                    + " parent_column IS NULL",
                            mapping,
                            rs -> rs.getLong(1),
                            rs -> rs.getString(2));
            if (names.isEmpty()) {
                return Optional.empty();
            }
            mappings.put(mapping, names.get());
        }
        return Optional.of(mappings);
    }

    /** The union of the files' rows, the files grouped by how they name the columns. */
    private static String sql(
            List<Column> columns,
            Map<String, Long> ids,
            List<DataFile> files,
            Map<Long, Map<Long, String>> mappings) {
        Map<Long, List<String>> byMapping = new LinkedHashMap<>();
        List<String> byFieldId = new ArrayList<>();
        for (DataFile file : files) {
            if (file.mapping() == null) {
                byFieldId.add(file.path());
            } else {
                byMapping.computeIfAbsent(file.mapping(), m -> new ArrayList<>()).add(file.path());
            }
        }
        List<String> reads = new ArrayList<>();
        if (!byFieldId.isEmpty()) {
            reads.add(byFieldIds(columns, ids, byFieldId));
        }
        byMapping.forEach(
                (mapping, paths) -> reads.add(byNames(columns, ids, mappings.get(mapping), paths)));
        return "(" + String.join(" UNION ALL ", reads) + ")";
    }

    private static String byFieldIds(
            List<Column> columns, Map<String, Long> ids, List<String> paths) {
        String schema =
                columns.stream()
                        .map(
                                column ->
                                        ids.get(column.name())
                                                + ": {name: "
                                                + Identifiers.literal(column.name())
                                                + ", type: "
                                                + Identifiers.literal(column.type().sql())
                                                + ", default_value: NULL}")
                        .collect(Collectors.joining(", ", "MAP {", "}"));
        return "SELECT "
                + quoted(columns)
                + " FROM read_parquet(["
                + Jdbc.literals(paths)
                + "], schema = "
                + schema
                + ", hive_partitioning = false)";
    }

    private static String byNames(
            List<Column> columns,
            Map<String, Long> ids,
            Map<Long, String> fileNames,
            List<String> paths) {
        String select =
                columns.stream()
                        .map(
                                column -> {
                                    String fileName = fileNames.get(ids.get(column.name()));
                                    return "CAST("
                                            + (fileName == null
                                                    ? "NULL"
                                                    : Identifiers.quote(fileName))
                                            + " AS "
                                            + column.type().sql()
                                            + ") AS "
                                            + Identifiers.quote(column.name());
                                })
                        .collect(Collectors.joining(", "));
        return "SELECT "
                + select
                + " FROM read_parquet(["
                + Jdbc.literals(paths)
                + "], hive_partitioning = false)";
    }

    private static String quoted(List<Column> columns) {
        return columns.stream()
                .map(c -> Identifiers.quote(c.name()))
                .collect(Collectors.joining(", "));
    }

    /**
     * A data file of the table: its name mapping, if any, and whether only DuckLake can read it
     * (deletes, encryption).
     */
    private record DataFile(String path, Long mapping, boolean needsDuckLake) {}

    /** What a read at the snapshot selects from, if it can skip DuckLake. */
    private record Files(long snapshot, Optional<String> sql) {}
}
