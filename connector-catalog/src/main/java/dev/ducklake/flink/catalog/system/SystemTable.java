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

package dev.ducklake.flink.catalog.system;

import static org.apache.flink.table.api.DataTypes.BIGINT;
import static org.apache.flink.table.api.DataTypes.BOOLEAN;
import static org.apache.flink.table.api.DataTypes.FIELD;
import static org.apache.flink.table.api.DataTypes.MAP;
import static org.apache.flink.table.api.DataTypes.ROW;
import static org.apache.flink.table.api.DataTypes.STRING;
import static org.apache.flink.table.api.DataTypes.TIMESTAMP_LTZ;

import dev.ducklake.engine.LakeEngine;
import dev.ducklake.engine.metadata.LakeFile;
import dev.ducklake.engine.metadata.TableSnapshot;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.version.CommitMetadata;
import dev.ducklake.engine.version.TableVersion;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.BiFunction;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.data.GenericMapData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.types.DataType;

/**
 * The read-only system tables of a DuckLake catalog table, named {@code <table>$<suffix>}: their
 * columns, and how their rows are read from the engine. docs/catalog.md describes each column.
 */
@Internal
public enum SystemTable {

    /** One row per version of the table, oldest first. */
    SNAPSHOTS(
            "snapshots",
            ROW(
                            FIELD("version", BIGINT().notNull()),
                            FIELD("committed_at", TIMESTAMP_LTZ(3).notNull()),
                            FIELD("author", STRING()),
                            FIELD("operation", STRING().notNull()),
                            FIELD("commit_message", STRING()),
                            FIELD("rows_inserted", BIGINT()),
                            FIELD("rows_updated", BIGINT()),
                            FIELD("rows_deleted", BIGINT()),
                            FIELD("commit_mode", STRING()),
                            FIELD("commit_id", STRING()),
                            FIELD("commit_key", STRING()),
                            FIELD("rows_written", BIGINT()),
                            FIELD("before_images", BOOLEAN()),
                            FIELD("flink_job_id", STRING()),
                            FIELD("flink_checkpoint_id", BIGINT()),
                            FIELD("flink_sink_id", STRING()),
                            FIELD("producer", MAP(STRING(), STRING())),
                            FIELD("inputs", MAP(STRING(), BIGINT())),
                            FIELD("commit_extra_info", STRING()))
                    .notNull(),
            (engine, table) ->
                    engine.snapshots(table).stream()
                            .sorted(Comparator.comparingLong(s -> s.version().id()))
                            .map(SystemTable::snapshotRow)
                            .toList()),

    /**
     * One row per data file and delete file of the table's latest version, data files first, by
     * path.
     */
    FILES(
            "files",
            ROW(
                            FIELD("content", STRING().notNull()),
                            FIELD("path", STRING().notNull()),
                            FIELD("file_format", STRING()),
                            FIELD("record_count", BIGINT().notNull()),
                            FIELD("file_size_bytes", BIGINT().notNull()),
                            FIELD("partition_values", MAP(STRING(), STRING()).notNull()),
                            FIELD("added_snapshot", BIGINT().notNull()),
                            FIELD("data_file", STRING()))
                    .notNull(),
            (engine, table) ->
                    engine.files(table).stream()
                            .sorted(
                                    Comparator.comparing(LakeFile::content)
                                            .thenComparing(LakeFile::path))
                            .map(SystemTable::fileRow)
                            .toList());

    /** Separates a table's name from a system table's suffix: {@code orders$files}. */
    public static final String SEPARATOR = "$";

    // The producer fields the connector's sink writes with each checkpoint's commit
    // (DuckLakeCommitter).
    private static final String FLINK_JOB_ID = "flink-job-id";
    private static final String CHECKPOINT_ID = "checkpoint-id";
    private static final String SINK_ID = "sink-id";

    private final String suffix;
    private final DataType rowType;
    private final BiFunction<LakeEngine, TableName, List<RowData>> reader;

    SystemTable(
            String suffix,
            DataType rowType,
            BiFunction<LakeEngine, TableName, List<RowData>> reader) {
        this.suffix = suffix;
        this.rowType = rowType;
        this.reader = reader;
    }

    /** The suffix after {@value #SEPARATOR}. */
    public String suffix() {
        return suffix;
    }

    /** The row of the system table, its columns in order. */
    public DataType rowType() {
        return rowType;
    }

    /** The system table of a suffix, if there is one. */
    public static Optional<SystemTable> ofSuffix(String suffix) {
        return Arrays.stream(values()).filter(t -> t.suffix.equals(suffix)).findFirst();
    }

    /** The system table's rows for a table, read now. */
    List<RowData> read(LakeEngine engine, TableName table) {
        return reader.apply(engine, table);
    }

    private static RowData snapshotRow(TableSnapshot snapshot) {
        TableVersion version = snapshot.version();
        Optional<CommitMetadata> metadata = version.metadata();
        Map<String, String> producer = metadata.map(CommitMetadata::producer).orElse(Map.of());
        return GenericRowData.of(
                version.id(),
                TimestampData.fromEpochMillis(version.committedAt().toEpochMilli()),
                string(version.author()),
                string(snapshot.kind().name().toLowerCase(Locale.ROOT)),
                string(version.message()),
                count(snapshot.inserted()),
                count(snapshot.updated()),
                count(snapshot.deleted()),
                string(metadata.map(CommitMetadata::mode).orElse(null)),
                string(metadata.map(CommitMetadata::commitId).orElse(null)),
                string(metadata.map(CommitMetadata::commitKey).orElse(null)),
                metadata.map(CommitMetadata::rowsWritten).orElse(null),
                metadata.map(CommitMetadata::beforeImages).orElse(null),
                string(producer.get(FLINK_JOB_ID)),
                number(producer.get(CHECKPOINT_ID)),
                string(producer.get(SINK_ID)),
                metadata.isPresent() ? map(producer) : null,
                metadata.isPresent() ? versions(metadata.get().inputs()) : null,
                string(version.extraInfo()));
    }

    private static RowData fileRow(LakeFile file) {
        return GenericRowData.of(
                string(file.content().name().toLowerCase(Locale.ROOT)),
                string(file.path()),
                string(file.format()),
                file.recordCount(),
                file.fileSizeBytes(),
                map(file.partition()),
                file.addedInSnapshot(),
                string(file.dataFile().orElse(null)));
    }

    private static StringData string(String value) {
        return value == null ? null : StringData.fromString(value);
    }

    private static Long count(OptionalLong count) {
        return count.isPresent() ? count.getAsLong() : null;
    }

    /**
     * A producer field that holds a number; null when absent or not a number (another producer's
     * field).
     */
    private static Long number(String value) {
        try {
            return value == null ? null : Long.valueOf(value);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static GenericMapData map(Map<String, String> values) {
        Map<StringData, StringData> map = new HashMap<>();
        values.forEach((key, value) -> map.put(string(key), string(value)));
        return new GenericMapData(map);
    }

    private static GenericMapData versions(Map<String, Long> inputs) {
        Map<StringData, Long> map = new HashMap<>();
        inputs.forEach((table, version) -> map.put(string(table), version));
        return new GenericMapData(map);
    }

    /** The suffixes, {@code $snapshots, $files}, for messages. */
    static String suffixes() {
        List<String> suffixes = new ArrayList<>();
        for (SystemTable table : values()) {
            suffixes.add(SEPARATOR + table.suffix);
        }
        return String.join(", ", suffixes);
    }
}
