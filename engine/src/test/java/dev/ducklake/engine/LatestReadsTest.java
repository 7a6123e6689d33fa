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

package dev.ducklake.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.error.TableNotFoundException;
import dev.ducklake.engine.read.RowReader;
import dev.ducklake.engine.read.ScanRequest;
import dev.ducklake.engine.schema.LakeType.Primitive;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.testutils.TestLakes;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A read of a table's latest rows holds what it knows of the table for the lake's latest snapshot;
 * whatever another writer does to the table (here plain DuckDB on the same SQLite catalog: commits,
 * a schema change, a rename, an expiry of every older snapshot), the engine's next read sees it.
 */
class LatestReadsTest {

    private static final TableName ITEMS = TableName.of("items");
    private static final TableName GOODS = TableName.of("goods");

    @TempDir Path dir;

    @Test
    void anotherWritersChangesAreSeenByTheNextRead() throws Exception {
        CatalogLocation catalog = TestLakes.catalog(CatalogLocation.Kind.SQLITE, dir);
        try (LakeEngine engine = TestLakes.open(catalog, dir)) {
            engine.createTable(
                    ITEMS,
                    TestLakes.twoColumnSchema("id", Primitive.BIGINT, "name", Primitive.VARCHAR));
            plain(catalog, "INSERT INTO plain.items VALUES (1, 'a')");
            assertThat(latest(engine, ITEMS)).containsExactly("1|a");
            assertThat(latest(engine, ITEMS))
                    .as("read again, the lake unchanged")
                    .containsExactly("1|a");

            plain(catalog, "INSERT INTO plain.items VALUES (2, 'b')");
            assertThat(latest(engine, ITEMS)).containsExactly("1|a", "2|b");

            plain(
                    catalog,
                    "ALTER TABLE plain.items ADD COLUMN qty INTEGER",
                    "UPDATE plain.items SET qty = 5 WHERE id = 2");
            assertThat(latest(engine, ITEMS)).containsExactly("1|a|null", "2|b|5");

            plain(
                    catalog,
                    "DELETE FROM plain.items WHERE id = 1",
                    "ALTER TABLE plain.items RENAME TO goods");
            assertThatThrownBy(() -> latest(engine, ITEMS))
                    .isInstanceOf(TableNotFoundException.class)
                    .hasMessageContaining("main.items");
            assertThat(latest(engine, GOODS)).containsExactly("2|b|5");

            plain(catalog, "CALL ducklake_expire_snapshots('plain', older_than => now())");
            assertThat(latest(engine, GOODS))
                    .as("after every older snapshot expired")
                    .containsExactly("2|b|5");
        }
    }

    private void plain(CatalogLocation catalog, String... statements) throws Exception {
        TestLakes.plainExecute(catalog, dir, statements);
    }

    private static List<String> latest(LakeEngine engine, TableName table) {
        try (RowReader reader = engine.read(table, ScanRequest.all())) {
            return reader.toList().stream()
                    .map(
                            row ->
                                    Arrays.stream(row)
                                            .map(String::valueOf)
                                            .collect(Collectors.joining("|")))
                    .sorted()
                    .toList();
        }
    }
}
