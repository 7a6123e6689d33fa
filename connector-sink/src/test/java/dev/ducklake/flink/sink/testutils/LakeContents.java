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

package dev.ducklake.flink.sink.testutils;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.testutils.TestLakes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** What plain DuckDB, not the engine, sees in the lake: a table's rows and the sink's snapshots. */
public final class LakeContents {

    private LakeContents() {}

    /** A snapshot written by the sink: its id and its commit metadata. */
    public record SinkSnapshot(
            long snapshotId, String sinkId, long checkpointId, String commitKey) {}

    /** The table's rows by their first column, values as JDBC returns them. */
    public static Map<String, List<Object>> rowsByFirstColumn(
            CatalogLocation catalog, Path dir, String table) throws SQLException {
        Map<String, List<Object>> rows = new TreeMap<>();
        for (List<Object> row : rows(catalog, dir, "SELECT * FROM plain." + table)) {
            Object previous = rows.put(String.valueOf(row.get(0)), row);
            if (previous != null) {
                throw new AssertionError(
                        "Duplicate row for " + row.get(0) + ": " + previous + " and " + row);
            }
        }
        return rows;
    }

    public static List<List<Object>> rows(CatalogLocation catalog, Path dir, String sql)
            throws SQLException {
        try (Connection connection = TestLakes.plainDuckDb(catalog, dir);
                Statement statement = connection.createStatement()) {
            return TestLakes.rows(statement, sql);
        }
    }

    /** The snapshots whose commit metadata carries a Flink sink id, oldest first. */
    public static List<SinkSnapshot> sinkSnapshots(CatalogLocation catalog, Path dir)
            throws Exception {
        ObjectMapper json = new ObjectMapper();
        List<SinkSnapshot> out = new ArrayList<>();
        for (List<Object> row :
                rows(
                        catalog,
                        dir,
                        "SELECT snapshot_id, commit_extra_info FROM plain.snapshots() ORDER BY snapshot_id")) {
            if (row.get(1) == null || !row.get(1).toString().startsWith("{")) {
                continue;
            }
            JsonNode metadata = json.readTree(row.get(1).toString());
            JsonNode producer = metadata.path("producer");
            if (producer.has("sink-id")) {
                out.add(
                        new SinkSnapshot(
                                ((Number) row.get(0)).longValue(),
                                producer.get("sink-id").asText(),
                                producer.get("checkpoint-id").asLong(),
                                metadata.path("commitKey").asText()));
            }
        }
        return out;
    }

    /**
     * Staging under {@code dir}'s default path holds nothing but files the lake adopted as data
     * files of appends.
     */
    public static void assertStagingEmpty(CatalogLocation catalog, Path dir) throws Exception {
        Path staging = dir.resolve("data.flink-staging");
        if (!Files.exists(staging)) {
            return;
        }
        Set<String> lakeFiles =
                rows(catalog, dir, "SELECT path FROM __ducklake_metadata_plain.ducklake_data_file")
                        .stream()
                        .map(r -> r.get(0).toString())
                        .collect(Collectors.toSet());
        try (Stream<Path> files = Files.walk(staging)) {
            assertThat(files.filter(Files::isRegularFile).map(Path::toString))
                    .allMatch(lakeFiles::contains);
        }
    }
}
