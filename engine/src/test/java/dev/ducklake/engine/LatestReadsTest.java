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
import dev.ducklake.engine.internal.read.ParquetScans;
import dev.ducklake.engine.internal.table.TableCatalog;
import dev.ducklake.engine.read.RowReader;
import dev.ducklake.engine.read.ScanRequest;
import dev.ducklake.engine.schema.LakeType;
import dev.ducklake.engine.schema.LakeType.Primitive;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.schema.TableSchema;
import dev.ducklake.engine.testutils.TestLakes;
import dev.ducklake.engine.write.WriteMode;
import dev.ducklake.engine.write.WriteSession;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A read of a table's latest rows holds what it knows of the table for the lake's latest snapshot;
 * whatever another writer does to the table (here plain DuckDB on the same SQLite catalog: commits,
 * a schema change, a rename, an expiry of every older snapshot), the engine's next read sees it.
 * Read straight from the table's Parquet files ({@link ParquetScans}), the latest rows are what
 * DuckLake's own scan of the same version gives, through another writer's renames, added columns,
 * adopted files, deletes and inlined rows; and the read skips DuckLake exactly where the files hold
 * the rows as they are.
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

    @Test
    void theLatestRowsReadFromTheFilesAreDuckLakesRows() throws Exception {
        CatalogLocation catalog = TestLakes.catalog(CatalogLocation.Kind.SQLITE, dir);
        try (LakeEngine engine = TestLakes.open(catalog, dir)) {
            engine.createTable(ITEMS, allTypes());
            writeAllTypes(engine, 0, 300);
            assertReadFromFiles(engine, true, "written by the engine");

            Path adopted = dir.resolve("adopted.parquet");
            List<FileStep> steps =
                    List.of(
                            new FileStep(
                                    "with inlined rows",
                                    false,
                                    "INSERT INTO plain.items (id, name) VALUES (1000, 'inlined')"),
                            new FileStep(
                                    "after the inlined rows were flushed",
                                    true,
                                    "CALL ducklake_flush_inlined_data('plain')"),
                            new FileStep(
                                    "after a rename and an added column",
                                    true,
                                    "CALL plain.set_option('data_inlining_row_limit', 0)",
                                    "ALTER TABLE plain.items RENAME COLUMN name TO title",
                                    "ALTER TABLE plain.items ADD COLUMN extra INTEGER",
                                    "INSERT INTO plain.items SELECT i, 'new-' || i, i % 7, i / 4,"
                                            + " i * 1.25, DATE '2026-01-01' + i::INTEGER, TIMESTAMP"
                                            + " '2026-01-01 00:00:00' + INTERVAL (i) SECOND,"
                                            + " TIMESTAMPTZ '2026-01-01 00:00:00+00' + INTERVAL (i)"
                                            + " MINUTE, i % 2 = 0, 'x'::BLOB, i::SMALLINT, i / 8,"
                                            + " TIME '01:00:00' + INTERVAL (i) SECOND, i * 10 FROM"
                                            + " range(300, 400) t(i)"),
                            new FileStep(
                                    "with a file adopted by name",
                                    true,
                                    "COPY (SELECT i::BIGINT AS id, 'adopted-' || i AS title, (i %"
                                            + " 5)::INTEGER AS qty, i / 2 AS price, (i *"
                                            + " 0.5)::DECIMAL(12,2) AS amount, DATE '2025-01-01' AS"
                                            + " day, TIMESTAMP '2025-01-01 10:00:00' AS ts,"
                                            + " TIMESTAMPTZ '2025-01-01 10:00:00+00' AS tsz, true AS"
                                            + " flag, 'y'::BLOB AS data, 7::SMALLINT AS small,"
                                            + " 1.5::FLOAT AS f, TIME '12:00:00' AS t,"
                                            + " NULL::INTEGER AS extra FROM range(400, 450) t(i)) TO"
                                            + " '"
                                            + adopted
                                            + "'",
                                    "CALL ducklake_add_data_files('plain', 'items', '"
                                            + adopted
                                            + "')"),
                            new FileStep(
                                    "after deletes from files",
                                    false,
                                    "DELETE FROM plain.items WHERE id IN (3, 310, 420)"),
                            new FileStep(
                                    "after the deletes were rewritten into the files",
                                    true,
                                    "CALL ducklake_rewrite_data_files('plain', 'items',"
                                            + " delete_threshold => 0)",
                                    "CALL ducklake_merge_adjacent_files('plain')"));
            for (FileStep step : steps) {
                plain(catalog, step.statements());
                assertReadFromFiles(engine, step.fromFiles(), step.when());
            }
        }
    }

    private static TableSchema allTypes() {
        return TableSchema.builder()
                .column("id", Primitive.BIGINT)
                .column("name", Primitive.VARCHAR)
                .column("qty", Primitive.INTEGER)
                .column("price", Primitive.DOUBLE)
                .column("amount", new LakeType.Decimal(12, 2))
                .column("day", Primitive.DATE)
                .column("ts", Primitive.TIMESTAMP)
                .column("tsz", Primitive.TIMESTAMPTZ)
                .column("flag", Primitive.BOOLEAN)
                .column("data", Primitive.BLOB)
                .column("small", Primitive.SMALLINT)
                .column("f", Primitive.FLOAT)
                .column("t", Primitive.TIME)
                .build();
    }

    private static void writeAllTypes(LakeEngine engine, long from, long to) {
        try (WriteSession session = engine.openWriteSession(ITEMS, WriteMode.APPEND)) {
            for (long i = from; i < to; i++) {
                session.write(
                        new Object[] {
                            i,
                            i % 11 == 0 ? null : "name-" + i,
                            (int) (i % 7),
                            i / 3.0,
                            BigDecimal.valueOf(i * 25, 2),
                            LocalDate.of(2026, 1, 1).plusDays(i),
                            LocalDateTime.of(2026, 1, 1, 0, 0).plusSeconds(i),
                            Instant.parse("2026-01-01T00:00:00Z").plusSeconds(60 * i),
                            i % 2 == 0,
                            new byte[] {(byte) i},
                            (short) i,
                            i / 8f,
                            LocalTime.of(1, 0).plusSeconds(i)
                        });
            }
            session.commit();
        }
    }

    /**
     * Whether the latest rows are read from the files, and that every read of them, whole or a key
     * lookup of some columns, equals DuckLake's scan of the table's latest version.
     */
    private static void assertReadFromFiles(LakeEngine engine, boolean fromFiles, String when) {
        long snapshot = engine.latestSnapshot();
        TableCatalog.SnapshotView view =
                new TableCatalog.SnapshotView(snapshot, engine.describeTable(ITEMS), ITEMS);
        assertThat(new ParquetScans(engine.context()).rowsSql(ITEMS, view).isPresent())
                .as("read from the files " + when)
                .isEqualTo(fromFiles);
        long version = engine.latestVersion(ITEMS);
        List<ScanRequest> requests =
                List.of(
                        ScanRequest.all(),
                        ScanRequest.builder()
                                .columns(List.of("amount", "id"))
                                .filter(id -> id.apply("id") + " IN (3, 150, 310, 420, 1000)")
                                .build());
        for (ScanRequest request : requests) {
            ScanRequest.Builder atVersion =
                    ScanRequest.builder().columns(request.columns()).version(version);
            request.filter().ifPresent(atVersion::filter);
            List<String> expected = rows(engine, ITEMS, atVersion.build());
            assertThat(expected).as("rows " + when).isNotEmpty();
            assertThat(rows(engine, ITEMS, request)).as("rows " + when).isEqualTo(expected);
        }
    }

    /** A change by another writer, and whether the latest rows are read from the files after it. */
    private record FileStep(String when, boolean fromFiles, String... statements) {}

    private void plain(CatalogLocation catalog, String... statements) throws Exception {
        TestLakes.plainExecute(catalog, dir, statements);
    }

    private static List<String> latest(LakeEngine engine, TableName table) {
        return rows(engine, table, ScanRequest.all());
    }

    private static List<String> rows(LakeEngine engine, TableName table, ScanRequest request) {
        try (RowReader reader = engine.read(table, request)) {
            return reader.toList().stream()
                    .map(
                            row ->
                                    Arrays.stream(row)
                                            .map(
                                                    value ->
                                                            value instanceof byte[] bytes
                                                                    ? Arrays.toString(bytes)
                                                                    : String.valueOf(value))
                                            .collect(Collectors.joining("|")))
                    .sorted()
                    .toList();
        }
    }
}
