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
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.error.LakeConcurrencyException;
import dev.ducklake.engine.error.LakeValidationException;
import dev.ducklake.engine.error.TableNotFoundException;
import dev.ducklake.engine.read.RowReader;
import dev.ducklake.engine.read.ScanRequest;
import dev.ducklake.engine.schema.Column;
import dev.ducklake.engine.schema.LakeType;
import dev.ducklake.engine.schema.LakeType.Primitive;
import dev.ducklake.engine.schema.PartitionField;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.schema.TableSchema;
import dev.ducklake.engine.testutils.TestLakes;
import dev.ducklake.engine.testutils.TestSchemas;
import dev.ducklake.engine.version.CommitMetadata;
import dev.ducklake.engine.version.TableVersion;
import dev.ducklake.engine.write.CommitOptions;
import dev.ducklake.engine.write.CommitResult;
import dev.ducklake.engine.write.MergeSession;
import dev.ducklake.engine.write.WriteMode;
import dev.ducklake.engine.write.WriteSession;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the engine promises on every catalog kind; one subclass per kind runs it for real. */
abstract class LakeEngineContractTest {

    static final TableName ORDERS = TableName.of("sales", "orders");

    static final TableSchema ORDERS_SCHEMA =
            TestSchemas.columns("order_id VARCHAR", "amount DECIMAL(12,2)", "status VARCHAR")
                    .primaryKey("order_id")
                    .build();

    @TempDir Path dir;

    CatalogLocation catalog;
    LakeEngine engine;

    abstract CatalogLocation.Kind kind();

    @BeforeEach
    void openEngine() {
        catalog = TestLakes.catalog(kind(), dir);
        engine = TestLakes.open(catalog, dir);
    }

    @AfterEach
    void closeEngine() {
        engine.close();
        TestLakes.drop(catalog);
    }

    static Object[] order(String id, String amount, String status) {
        return new Object[] {id, amount == null ? null : new BigDecimal(amount), status};
    }

    Map<String, List<Object>> ordersByKey(long version) {
        try (RowReader reader =
                engine.read(ORDERS, ScanRequest.builder().version(version).build())) {
            return reader.toList().stream()
                    .collect(Collectors.toMap(r -> (String) r[0], Arrays::asList));
        }
    }

    Map<String, List<Object>> ordersByKey() {
        return ordersByKey(engine.latestVersion(ORDERS));
    }

    /** Creates the orders table and appends the rows in one commit, whose result it returns. */
    CommitResult ordersHolding(Object[]... rows) {
        engine.createTable(ORDERS, ORDERS_SCHEMA);
        return append(ORDERS, rows);
    }

    CommitResult append(TableName table, Object[]... rows) {
        try (WriteSession session = engine.openWriteSession(table, WriteMode.APPEND)) {
            for (Object[] row : rows) {
                session.write(row);
            }
            return session.commit();
        }
    }

    /** A column of one type, and the value {@link #allTypesRow} holds in it. */
    record Sample(String column, LakeType type, Object value) {}

    /** A column of every type, with its value in the all-types row. */
    static List<Sample> allTypeSamples() {
        Map<String, Integer> scores = new LinkedHashMap<>();
        scores.put("math", 7);
        scores.put("art", null);
        return List.of(
                new Sample("id", Primitive.BIGINT, 1L),
                new Sample("flag", Primitive.BOOLEAN, true),
                new Sample("tiny", Primitive.TINYINT, (byte) -3),
                new Sample("small", Primitive.SMALLINT, (short) 300),
                new Sample("int", Primitive.INTEGER, 70_000),
                new Sample("real", Primitive.FLOAT, 1.5f),
                new Sample("dbl", Primitive.DOUBLE, -2.25),
                new Sample(
                        "price",
                        new LakeType.Decimal(38, 10),
                        new BigDecimal("12345678901234567890.0123456789")),
                new Sample("name", Primitive.VARCHAR, "naïve 'quoted' \"name\""),
                new Sample("bytes", Primitive.BLOB, new byte[] {0, 1, (byte) 0xff}),
                new Sample("day", Primitive.DATE, LocalDate.of(2024, 2, 29)),
                new Sample("clock", Primitive.TIME, LocalTime.of(23, 59, 58, 123_456_000)),
                new Sample("ts_s", Primitive.TIMESTAMP_S, LocalDateTime.of(2024, 1, 2, 3, 4, 5)),
                new Sample(
                        "ts_ms",
                        Primitive.TIMESTAMP_MS,
                        LocalDateTime.of(2024, 1, 2, 3, 4, 5, 123_000_000)),
                new Sample(
                        "ts_us",
                        Primitive.TIMESTAMP,
                        LocalDateTime.of(2024, 1, 2, 3, 4, 5, 123_456_000)),
                new Sample(
                        "ts_ns",
                        Primitive.TIMESTAMP_NS,
                        LocalDateTime.of(2024, 1, 2, 3, 4, 5, 123_456_789)),
                new Sample(
                        "instant",
                        Primitive.TIMESTAMPTZ,
                        Instant.parse("2024-06-30T22:15:30.654321Z")),
                new Sample(
                        "tags",
                        new LakeType.ListOf(Primitive.VARCHAR),
                        Arrays.asList("a", null, "c")),
                new Sample(
                        "scores", new LakeType.MapOf(Primitive.VARCHAR, Primitive.INTEGER), scores),
                new Sample(
                        "address",
                        new LakeType.Struct(
                                List.of(
                                        new LakeType.Field("street", Primitive.VARCHAR),
                                        new LakeType.Field(
                                                "zip codes",
                                                new LakeType.ListOf(Primitive.INTEGER)))),
                        Arrays.asList("Main St 1", List.of(1010, 2020))),
                new Sample(
                        "points",
                        new LakeType.ListOf(
                                new LakeType.Struct(
                                        List.of(
                                                new LakeType.Field("x", Primitive.DOUBLE),
                                                new LakeType.Field("y", Primitive.DOUBLE)))),
                        List.of(List.of(1.0, 2.0), List.of(3.5, -4.5))));
    }

    static TableSchema allTypes() {
        TableSchema.Builder schema = TableSchema.builder();
        for (Sample sample : allTypeSamples()) {
            schema.column(sample.column(), sample.type());
        }
        return schema.primaryKey("id").build();
    }

    static Object[] allTypesRow(long id) {
        Object[] row = allTypeSamples().stream().map(Sample::value).toArray();
        row[0] = id;
        return row;
    }

    @Test
    void createsTablesOfEveryTypeAndReadsTheDefinitionBack() {
        TableName table = TableName.of("all_types");
        engine.createTable(table, allTypes());
        assertThat(engine.describeTable(table)).isEqualTo(allTypes());
        assertThat(engine.describeTable(table).primaryKey()).containsExactly("id");
        assertThat(engine.describeTable(table).column(0).nullable()).isFalse();
    }

    @Test
    void rowsOfEveryTypeRoundTripExactly() {
        TableName table = TableName.of("all_types");
        engine.createTable(table, allTypes());
        Object[] row = allTypesRow(1);
        Object[] nulls = new Object[row.length];
        nulls[0] = 2L;
        append(table, row, nulls);
        try (RowReader reader =
                engine.read(table, ScanRequest.builder().orderByKey(true).build())) {
            List<Object[]> rows = reader.toList();
            assertThat(rows).hasSize(2);
            assertThat(rows.get(0)).usingRecursiveComparison().isEqualTo(row);
            assertThat(rows.get(1)).containsExactly(nulls);
        }
    }

    @Test
    void keepsKeyAndPartitioningAndDefinitionsAtOlderVersions() {
        TableName events = TableName.of("events");
        TableSchema schema =
                TestSchemas.columns("tenant VARCHAR", "id BIGINT", "at TIMESTAMP")
                        .primaryKey("tenant", "id")
                        .partitionBy(PartitionField.identity("tenant"))
                        .partitionBy(new PartitionField("at", PartitionField.Transform.MONTH))
                        .build();
        long created = engine.createTable(events, schema);
        long added = engine.addColumn(events, Column.of("note", Primitive.VARCHAR));

        assertThat(engine.describeTable(events, created)).isEqualTo(schema);
        assertThat(engine.describeTable(events))
                .isEqualTo(schema.withColumn(Column.of("note", Primitive.VARCHAR)));
        assertThat(engine.latestVersion(events)).isEqualTo(added);
        assertThatThrownBy(
                        () ->
                                engine.addColumn(
                                        events, Column.notNull("required", Primitive.INTEGER)))
                .isInstanceOf(LakeValidationException.class)
                .hasMessageContaining("'required'")
                .hasMessageContaining("nullable");
    }

    @Test
    void appendsReadsAtVersionsAndListsVersionsWithMetadata() {
        long created = engine.createTable(ORDERS, ORDERS_SCHEMA);
        CommitResult first =
                append(ORDERS, order("o-1", "10.00", "new"), order("o-2", "20.50", "new"));
        CommitResult second = append(ORDERS, order("o-3", "5", "paid"));

        assertThat(first.committed()).isTrue();
        assertThat(first.rowsWritten()).isEqualTo(2);
        assertThat(second.version()).isGreaterThan(first.version());
        assertThat(engine.latestVersion(ORDERS)).isEqualTo(second.version());
        assertThat(ordersByKey(first.version())).containsOnlyKeys("o-1", "o-2");
        assertThat(ordersByKey()).containsOnlyKeys("o-1", "o-2", "o-3");
        assertThat(ordersByKey().get("o-3").get(1)).isEqualTo(new BigDecimal("5.00"));

        List<TableVersion> versions = engine.versions(ORDERS, 0, 10);
        assertThat(versions)
                .extracting(TableVersion::id)
                .containsExactly(second.version(), first.version(), created);
        assertThat(engine.versions(ORDERS, 1, 1))
                .extracting(TableVersion::id)
                .containsExactly(first.version());
        CommitMetadata metadata = engine.version(ORDERS, first.version()).metadata().orElseThrow();
        assertThat(metadata.table()).isEqualTo("sales.orders");
        assertThat(metadata.mode()).isEqualTo("append");
        assertThat(metadata.rowsWritten()).isEqualTo(2);
        assertThat(metadata.commitId()).isEqualTo(first.commitId());
    }

    @Test
    void readsProjectionOffsetAndLimit() {
        ordersHolding(
                order("a", "1", "x"),
                order("b", "2", "y"),
                order("c", "3", "z"),
                order("d", "4", "w"));
        try (RowReader reader =
                engine.read(
                        ORDERS,
                        ScanRequest.builder()
                                .columns("status", "order_id")
                                .orderByKey(true)
                                .offset(1)
                                .limit(2)
                                .build())) {
            assertThat(reader.columns())
                    .extracting(Column::name)
                    .containsExactly("status", "order_id");
            assertThat(reader.toList())
                    .containsExactly(new Object[] {"y", "b"}, new Object[] {"z", "c"});
        }
        assertThatThrownBy(() -> engine.read(ORDERS, ScanRequest.builder().columns("nope").build()))
                .isInstanceOf(LakeValidationException.class)
                .hasMessageContaining("'nope'");
    }

    @Test
    void snapshotWriteReplacesTheTableAndRefusesDuplicateKeys() {
        ordersHolding(order("o-1", "1", "a"), order("o-2", "2", "b"));
        long before = engine.latestVersion(ORDERS);

        try (WriteSession session = engine.openWriteSession(ORDERS, WriteMode.SNAPSHOT)) {
            session.write(order("o-9", "9", "z"));
            session.write(order("o-9", "8", "y"));
            assertThatThrownBy(session::commit)
                    .isInstanceOf(LakeValidationException.class)
                    .hasMessageContaining("sales.orders")
                    .hasMessageContaining("order_id='o-9'");
        }
        assertThat(engine.latestVersion(ORDERS)).isEqualTo(before);

        try (WriteSession session = engine.openWriteSession(ORDERS, WriteMode.SNAPSHOT)) {
            session.write(order("o-2", "2", "b"));
            session.write(order("o-3", "3", "c"));
            CommitResult replaced = session.commit();
            assertThat(replaced.committed()).isTrue();
            assertThat(replaced.deleted()).isEqualTo(2);
        }
        assertThat(ordersByKey()).containsOnlyKeys("o-2", "o-3");
        assertThat(ordersByKey(before)).containsOnlyKeys("o-1", "o-2");

        long replacedVersion = engine.latestVersion(ORDERS);
        try (WriteSession same = engine.openWriteSession(ORDERS, WriteMode.SNAPSHOT)) {
            same.write(order("o-3", "3", "c"));
            same.write(order("o-2", "2", "b"));
            assertThat(same.commit().committed()).isFalse();
        }
        assertThat(engine.latestVersion(ORDERS)).isEqualTo(replacedVersion);
    }

    @Test
    void mergeKeepsTheLastChangePerKeyAndCountsWhatChanged() {
        ordersHolding(
                order("keep", "1", "a"),
                order("update", "2", "b"),
                order("delete", "3", "c"),
                order("same", "4", "d"));
        CommitResult result;
        try (MergeSession merge = engine.openMergeSession(ORDERS)) {
            merge.upsert(order("update", "20", "b1"));
            merge.upsert(order("update", "21", "b2"));
            merge.deleteKey("delete");
            merge.upsert(order("new", "5", "e"));
            merge.deleteKey("new");
            merge.upsert(order("new", "6", "f"));
            merge.upsert(order("same", "4", "d"));
            merge.deleteKey("absent");
            merge.upsert(order("gone", "7", "g"));
            merge.delete(order("gone", null, null));
            assertThat(merge.staged()).isEqualTo(10);
            result = merge.commit();
        }
        assertThat(result.committed()).isTrue();
        assertThat(result.inserted()).isEqualTo(1);
        assertThat(result.updated()).isEqualTo(1);
        assertThat(result.deleted()).isEqualTo(1);
        Map<String, List<Object>> rows = ordersByKey();
        assertThat(rows).containsOnlyKeys("keep", "update", "same", "new");
        assertThat(rows.get("update")).containsExactly("update", new BigDecimal("21.00"), "b2");
        assertThat(rows.get("new")).containsExactly("new", new BigDecimal("6.00"), "f");
        CommitMetadata metadata = engine.version(ORDERS, result.version()).metadata().orElseThrow();
        assertThat(metadata.mode()).isEqualTo("merge");
        assertThat(List.of(metadata.inserted(), metadata.updated(), metadata.deleted()))
                .containsExactly(1L, 1L, 1L);
    }

    @Test
    void mergeOnACompositeKeyKeepsTheLastChangeOfEachWholeKey() {
        TableName events = TableName.of("tenant_events");
        engine.createTable(
                events,
                TestSchemas.columns("tenant VARCHAR", "id BIGINT", "status VARCHAR")
                        .primaryKey("tenant", "id")
                        .build());
        append(
                events,
                new Object[] {"a", 1L, "a1"},
                new Object[] {"b", 1L, "b1"},
                new Object[] {"a", 2L, "a2"});
        CommitResult result;
        try (MergeSession merge = engine.openMergeSession(events)) {
            merge.upsert(new Object[] {"a", 1L, "a1-x"});
            merge.upsert(new Object[] {"b", 2L, "b2-x"});
            merge.upsert(new Object[] {"a", 1L, "a1-y"});
            merge.deleteKey("b", 1L);
            merge.upsert(new Object[] {"b", 2L, "b2-y"});
            merge.deleteKey("a", 2L);
            merge.upsert(new Object[] {"a", 2L, "a2-z"});
            result = merge.commit();
        }

        assertThat(List.of(result.inserted(), result.updated(), result.deleted()))
                .containsExactly(1L, 2L, 1L);
        try (RowReader reader = engine.read(events, ScanRequest.builder().build())) {
            assertThat(reader.toList().stream().map(Arrays::asList).toList())
                    .containsExactlyInAnyOrder(
                            List.of("a", 1L, "a1-y"),
                            List.of("a", 2L, "a2-z"),
                            List.of("b", 2L, "b2-y"));
        }
    }

    /**
     * A merge deletes replaced rows by DuckDB's row id, which a column named {@code rowid} hides.
     * SQLite catalogs refuse such a column (see {@code SqliteCatalogTest}).
     */
    @Test
    void mergeReplacesRowsOfATableWithAColumnNamedRowid() {
        assumeFalse(
                kind() == CatalogLocation.Kind.SQLITE,
                "a SQLite catalog refuses a column named rowid");
        TableName ledger = TableName.of("ledger");
        engine.createTable(
                ledger,
                TestLakes.keyValueSchema("id", Primitive.BIGINT, "rowid", Primitive.BIGINT));
        append(ledger, new Object[] {1L, 7L}, new Object[] {2L, 7L}, new Object[] {3L, 7L});
        CommitResult result;
        try (MergeSession merge = engine.openMergeSession(ledger)) {
            merge.upsert(new Object[] {3L, 30L});
            merge.deleteKey(2L);
            result = merge.commit();
        }

        assertThat(List.of(result.inserted(), result.updated(), result.deleted()))
                .containsExactly(0L, 1L, 1L);
        try (RowReader reader = engine.read(ledger, ScanRequest.builder().build())) {
            assertThat(reader.toList().stream().map(Arrays::asList).toList())
                    .containsExactlyInAnyOrder(List.of(1L, 7L), List.of(3L, 30L));
        }
    }

    @Test
    void commitsThatChangeNothingCreateNoSnapshotUnlessAsked() {
        ordersHolding(order("o-1", "1", "a"));
        long before = engine.latestVersion(ORDERS);

        assertThat(append(ORDERS).committed()).isFalse();
        try (MergeSession merge = engine.openMergeSession(ORDERS)) {
            merge.upsert(order("o-1", "1", "a"));
            merge.deleteKey("never-there");
            CommitResult result = merge.commit();
            assertThat(result.committed()).isFalse();
            assertThat(result.version()).isEqualTo(before);
        }
        assertThat(engine.latestVersion(ORDERS)).isEqualTo(before);
    }

    @Test
    void producerFieldsAreRecordedAndExpectedVersionIsChecked() {
        long v1 = ordersHolding(order("o-1", "1", "a")).version();
        CommitResult v2;
        try (WriteSession session = engine.openWriteSession(ORDERS, WriteMode.APPEND)) {
            session.write(order("o-2", "2", "b"));
            v2 =
                    session.commit(
                            CommitOptions.builder()
                                    .expectLatestVersion(v1)
                                    .producer(Map.of("sink-id", "sink-a", "checkpoint-id", "42"))
                                    .build());
        }
        assertThat(engine.version(ORDERS, v2.version()).metadata().orElseThrow().producer())
                .containsEntry("sink-id", "sink-a")
                .containsEntry("checkpoint-id", "42");

        try (WriteSession stale = engine.openWriteSession(ORDERS, WriteMode.APPEND)) {
            stale.write(order("o-3", "3", "c"));
            assertThatThrownBy(
                            () ->
                                    stale.commit(
                                            CommitOptions.builder()
                                                    .expectLatestVersion(v1)
                                                    .build()))
                    .isInstanceOf(LakeConcurrencyException.class)
                    .hasMessageContaining("expected latest version " + v1)
                    .hasMessageContaining("at version " + v2.version());
        }
        assertThat(engine.latestVersion(ORDERS)).isEqualTo(v2.version());
        assertThat(ordersByKey()).containsOnlyKeys("o-1", "o-2");
    }

    @Test
    void aCommitKeyIsAppliedOnceAndAnsweredAsAlreadyCommittedAfterwards() {
        engine.createTable(ORDERS, ORDERS_SCHEMA);
        CommitOptions keyed = CommitOptions.builder().commitKey("sink-a/7").build();
        CommitResult first;
        try (MergeSession merge = engine.openMergeSession(ORDERS)) {
            merge.upsert(order("o-1", "1", "a"));
            first = merge.commit(keyed);
        }
        append(ORDERS, order("o-2", "2", "b"));
        assertThat(engine.committedVersion("sink-a/7")).hasValue(first.version());
        assertThat(engine.committedVersion("sink-a/8")).isEmpty();
        try (MergeSession replay = engine.openMergeSession(ORDERS)) {
            replay.upsert(order("o-1", "9", "replayed"));
            CommitResult again = replay.commit(keyed);
            assertThat(again.alreadyCommitted()).isTrue();
            assertThat(again.committed()).isFalse();
            assertThat(again.version()).isEqualTo(first.version());
        }
        try (WriteSession other = engine.openWriteSession(ORDERS, WriteMode.APPEND)) {
            other.write(order("o-3", "3", "c"));
            assertThat(
                            other.commit(CommitOptions.builder().commitKey("sink-a/8").build())
                                    .committed())
                    .isTrue();
        }
        assertThat(ordersByKey().get("o-1")).containsExactly("o-1", new BigDecimal("1.00"), "a");
        assertThat(ordersByKey()).containsOnlyKeys("o-1", "o-2", "o-3");
        assertThat(engine.version(ORDERS, first.version()).metadata().orElseThrow().commitKey())
                .isEqualTo("sink-a/7");
        assertThatThrownBy(() -> CommitOptions.builder().commitKey("it's"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("it's");
    }

    @Test
    void theKeyOfACommitThatChangedNothingIsCommittedOnceALaterCommitRecordsIt() {
        engine.createTable(ORDERS, ORDERS_SCHEMA);
        CommitResult unchanged;
        try (MergeSession merge = engine.openMergeSession(ORDERS)) {
            merge.deleteKey("absent");
            unchanged = merge.commit(CommitOptions.builder().commitKey("sink-a/1").build());
        }
        assertThat(unchanged.committed()).isFalse();
        assertThat(unchanged.alreadyCommitted()).isFalse();
        assertThat(engine.committedVersion("sink-a/1"))
                .as("no snapshot holds the key yet")
                .isEmpty();

        CommitResult recording;
        try (MergeSession merge = engine.openMergeSession(ORDERS)) {
            merge.upsert(order("o-1", "1", "a"));
            recording =
                    merge.commit(
                            CommitOptions.builder()
                                    .commitKey("sink-a/2")
                                    .unchangedCommitKeys(List.of("sink-a/1", "sink-a/1.5"))
                                    .build());
        }
        assertThat(engine.committedVersion("sink-a/1")).hasValue(recording.version());
        assertThat(engine.committedVersion("sink-a/1.5")).hasValue(recording.version());
        assertThat(engine.committedVersion("sink-a/105"))
                .as("a dot in a key matches only a dot")
                .isEmpty();
        assertThat(engine.committedVersion("sink-a/")).isEmpty();
        try (MergeSession replay = engine.openMergeSession(ORDERS)) {
            replay.upsert(order("o-1", "9", "replayed"));
            CommitResult again =
                    replay.commit(CommitOptions.builder().commitKey("sink-a/1").build());
            assertThat(again.alreadyCommitted()).isTrue();
            assertThat(again.version()).isEqualTo(recording.version());
        }
        assertThat(ordersByKey().get("o-1")).containsExactly("o-1", new BigDecimal("1.00"), "a");
        assertThat(
                        engine.version(ORDERS, recording.version())
                                .metadata()
                                .orElseThrow()
                                .unchangedCommitKeys())
                .containsExactly("sink-a/1", "sink-a/1.5");
    }

    @Test
    void stagedRowsExportToFilesThatAnotherSessionCommitsInOrder() {
        ordersHolding(order("keep", "1", "a"), order("gone", "2", "b"));
        String first = dir.resolve("first.parquet").toString();
        String second = dir.resolve("second.parquet").toString();
        try (MergeSession writer = engine.openMergeSession(ORDERS)) {
            writer.upsert(order("new", "3", "c"));
            writer.deleteKey("gone");
            assertThat(writer.exportStaged(first)).isEqualTo(2);
            assertThat(writer.staged()).isZero();
            writer.upsert(order("new", "4", "d"));
            assertThat(writer.exportStaged(second)).isEqualTo(1);
        }
        assertThat(ordersByKey()).containsOnlyKeys("keep", "gone");
        CommitResult result;
        try (MergeSession committer = engine.openMergeSession(ORDERS)) {
            assertThat(committer.importStaged(first)).isEqualTo(2);
            assertThat(committer.importStaged(second)).isEqualTo(1);
            result = committer.commit();
        }
        assertThat(List.of(result.inserted(), result.updated(), result.deleted()))
                .containsExactly(1L, 0L, 1L);
        assertThat(ordersByKey()).containsOnlyKeys("keep", "new");
        assertThat(ordersByKey().get("new")).containsExactly("new", new BigDecimal("4.00"), "d");

        String rows = dir.resolve("rows.parquet").toString();
        try (WriteSession writer = engine.openWriteSession(ORDERS, WriteMode.SNAPSHOT)) {
            writer.write(order("only", "5", "e"));
            writer.exportStaged(rows);
        }
        try (WriteSession committer = engine.openWriteSession(ORDERS, WriteMode.SNAPSHOT)) {
            committer.importStaged(rows);
            committer.commit();
        }
        assertThat(ordersByKey()).containsOnlyKeys("only");
    }

    @Test
    void anAppendRegistersLargeStagedFilesAsDataFilesAndInlinesSmallOnes() {
        engine.createTable(ORDERS, ORDERS_SCHEMA);
        String large = dir.resolve("large.parquet").toString();
        String small = dir.resolve("small.parquet").toString();
        try (WriteSession writer = engine.openWriteSession(ORDERS, WriteMode.APPEND)) {
            for (int i = 0; i < 100; i++) {
                writer.write(order("big-" + i, Integer.toString(i), "a"));
            }
            writer.exportStaged(large);
            writer.write(order("small-1", "1", "b"));
            writer.exportStaged(small);
        }
        try (WriteSession committer = engine.openWriteSession(ORDERS, WriteMode.APPEND)) {
            assertThat(committer.importStaged(large)).isEqualTo(100);
            assertThat(committer.commit().rowsWritten()).isEqualTo(100);
            assertThat(committer.adoptedFiles()).containsExactly(large);
        }
        try (WriteSession committer = engine.openWriteSession(ORDERS, WriteMode.APPEND)) {
            committer.importStaged(small);
            committer.commit();
            assertThat(committer.adoptedFiles()).isEmpty();
        }
        assertThat(engine.referencedDataFiles(List.of(large.toString(), small.toString())))
                .containsExactly(large.toString());
        assertThat(ordersByKey()).hasSize(101).containsKeys("big-0", "big-99", "small-1");
    }

    @Test
    void abortedSessionsLeaveNoTrace() {
        engine.createTable(ORDERS, ORDERS_SCHEMA);
        long before = engine.latestVersion(ORDERS);
        try (MergeSession merge = engine.openMergeSession(ORDERS)) {
            merge.upsert(order("o-1", "1", "a"));
            merge.abort();
            assertThatThrownBy(merge::commit)
                    .hasMessageContaining("already committed, aborted or closed");
        }
        try (WriteSession session = engine.openWriteSession(ORDERS, WriteMode.APPEND)) {
            session.write(order("o-2", "2", "b"));
        }
        assertThat(engine.latestVersion(ORDERS)).isEqualTo(before);
        assertThat(ordersByKey()).isEmpty();
        assertThat(engine.openResources()).isZero();
    }

    @Test
    void badInputFailsClearlyAndLeavesTheLakeUnchanged() {
        ordersHolding(order("o-1", "1", "a"));
        long before = engine.latestVersion(ORDERS);

        try (MergeSession merge = engine.openMergeSession(ORDERS)) {
            merge.upsert(order("fine", "1", "x"));
            assertThatThrownBy(() -> merge.upsert(order(null, "1", "x")))
                    .isInstanceOf(LakeValidationException.class)
                    .hasMessageContaining("'order_id'")
                    .hasMessageContaining("sales.orders")
                    .hasMessageContaining("null");
            assertThatThrownBy(() -> merge.upsert(order("", "1", "x")))
                    .hasMessageContaining("'order_id'")
                    .hasMessageContaining("empty string");
            assertThatThrownBy(() -> merge.upsert(order("o-9", "12345678901.00", "x")))
                    .hasMessageContaining("'amount'")
                    .hasMessageContaining("12345678901.00")
                    .hasMessageContaining("DECIMAL(12,2)");
            assertThatThrownBy(() -> merge.upsert(order("o-9", "1.005", "x")))
                    .hasMessageContaining("'amount'")
                    .hasMessageContaining("fractional digits");
            assertThatThrownBy(() -> merge.upsert(new Object[] {"o-9", 12, "x"}))
                    .hasMessageContaining("'amount'")
                    .hasMessageContaining("java.lang.Integer")
                    .hasMessageContaining("BigDecimal");
            assertThatThrownBy(() -> merge.upsert(Map.of("order_id", "o-9", "colour", "red")))
                    .hasMessageContaining("'colour'")
                    .hasMessageContaining("red")
                    .hasMessageContaining("sales.orders");
            assertThatThrownBy(() -> merge.upsert(new Object[] {"o-9"}))
                    .hasMessageContaining("needs 3 values");
            merge.abort();
        }
        assertThatThrownBy(
                        () ->
                                engine.openWriteSession(
                                        TableName.of("sales", "missing"), WriteMode.APPEND))
                .isInstanceOf(TableNotFoundException.class)
                .hasMessageContaining("sales.missing");
        assertThatThrownBy(() -> engine.latestVersion(TableName.of("missing")))
                .isInstanceOf(TableNotFoundException.class);
        assertThatThrownBy(() -> TableName.of("bad\u0000name"))
                .isInstanceOf(LakeValidationException.class);
        assertThatThrownBy(() -> engine.version(ORDERS, before + 1000))
                .hasMessageContaining(String.valueOf(before + 1000));
        assertThat(engine.latestVersion(ORDERS)).isEqualTo(before);
        assertThat(ordersByKey()).containsOnlyKeys("o-1");
    }

    @Test
    void hostileNamesAndValuesAreStoredVerbatimNotExecuted() throws Exception {
        TableName hostile =
                TableName.of(
                        "x\"; DROP SCHEMA sales CASCADE; --", "t'); DELETE FROM sales.orders; --");
        TableSchema schema =
                TableSchema.builder()
                        .column("k\"ey", Primitive.VARCHAR)
                        .column("v'al; DROP TABLE x", Primitive.VARCHAR)
                        .primaryKey("k\"ey")
                        .build();
        ordersHolding(order("o-1", "1", "a"));
        engine.createTable(hostile, schema);
        String value = "'); DROP TABLE sales.orders; --";
        try (MergeSession merge = engine.openMergeSession(hostile)) {
            merge.upsert(new Object[] {value, "\"quoted\" \\ back"});
            merge.commit();
        }
        assertThat(engine.describeTable(hostile)).isEqualTo(schema);
        try (RowReader reader = engine.read(hostile, ScanRequest.all())) {
            assertThat(reader.toList()).containsExactly(new Object[] {value, "\"quoted\" \\ back"});
        }
        assertThat(ordersByKey()).containsOnlyKeys("o-1");
    }

    /**
     * A VARCHAR key holding U+0000 could be inserted once, and every later upsert or delete of it
     * failed inside DuckLake; it is refused on entry. Other control characters in string keys, and
     * NUL bytes in BLOB keys, upsert again as often as asked.
     */
    @Test
    void stringKeysWithANulAreRefusedAndOtherKeysUpsertAgain() {
        engine.createTable(ORDERS, ORDERS_SCHEMA);
        try (MergeSession merge = engine.openMergeSession(ORDERS)) {
            assertThatThrownBy(() -> merge.upsert(order("a\u0000b", "1", "x")))
                    .isInstanceOf(LakeValidationException.class)
                    .hasMessageContaining("'order_id'")
                    .hasMessageContaining("sales.orders")
                    .hasMessageContaining("'a\\u0000b'")
                    .hasMessageContaining("U+0000");
            assertThatThrownBy(() -> merge.deleteKey("\u0000")).hasMessageContaining("U+0000");
            merge.abort();
        }
        Map<String, List<Object>> model = new HashMap<>();
        for (int round = 1; round <= 2; round++) {
            try (MergeSession merge = engine.openMergeSession(ORDERS)) {
                for (String key : List.of("tab\tkey", "line\nbreak", "bell\u0007", "\u0001")) {
                    Object[] row = order(key, round + ".00", "round " + round);
                    merge.upsert(row);
                    model.put(key, Arrays.asList(row));
                }
                merge.commit();
            }
        }
        assertThat(ordersByKey()).isEqualTo(model);

        TableName blobs = TableName.of("blob_keys");
        engine.createTable(
                blobs, TestLakes.keyValueSchema("k", Primitive.BLOB, "v", Primitive.INTEGER));
        for (int round = 1; round <= 2; round++) {
            try (MergeSession merge = engine.openMergeSession(blobs)) {
                merge.upsert(new Object[] {new byte[] {0}, round});
                merge.upsert(new Object[] {new byte[] {'a', 0, 'b'}, round});
                merge.commit();
            }
        }
        try (RowReader reader =
                engine.read(blobs, ScanRequest.builder().orderByKey(true).build())) {
            assertThat(reader.toList())
                    .usingRecursiveFieldByFieldElementComparator()
                    .containsExactly(
                            new Object[] {new byte[] {0}, 2},
                            new Object[] {new byte[] {'a', 0, 'b'}, 2});
        }
    }

    /**
     * Dates and timestamps DuckDB cannot hold failed with an ArithmeticException and no context, or
     * were stored as infinity; they are refused naming table, column and value. The first and last
     * values each type holds are stored and read back exactly.
     */
    @Test
    void datesAndTimestampsOutsideDuckDbsRangeAreRefusedAndItsEndsRoundTrip() {
        TableName table = TableName.of("times");
        engine.createTable(
                table,
                TestSchemas.columns(
                                "id INTEGER",
                                "day DATE",
                                "ts_s TIMESTAMP_S",
                                "ts_ms TIMESTAMP_MS",
                                "ts_us TIMESTAMP",
                                "ts_ns TIMESTAMP_NS",
                                "instant TIMESTAMPTZ")
                        .column("days", new LakeType.ListOf(Primitive.DATE))
                        .build());
        LocalDateTime lastMicro = LocalDateTime.of(294247, 1, 10, 4, 0, 54, 775_806_000);
        LocalDateTime lastNano = LocalDateTime.of(2262, 4, 11, 23, 47, 16, 854_775_806);
        LocalDateTime firstNano = LocalDateTime.of(1677, 9, 22, 0, 0);
        LocalDateTime firstMicro = LocalDateTime.of(-290308, 12, 22, 0, 0);
        Object[] last = {
            1,
            LocalDate.of(5881580, 7, 10),
            lastMicro.withNano(0),
            lastMicro.withNano(775_000_000),
            lastMicro,
            lastNano,
            lastMicro.toInstant(java.time.ZoneOffset.UTC),
            List.of(LocalDate.of(5881580, 7, 10))
        };
        // The first DATE is not read back: DuckDB's JDBC driver reads dates BC as AD.
        Object[] first = {
            2,
            null,
            firstMicro,
            firstMicro,
            firstMicro,
            firstNano,
            firstMicro.toInstant(java.time.ZoneOffset.UTC),
            null
        };
        Map<Integer, Object> outside = new LinkedHashMap<>();
        outside.put(1, LocalDate.of(5881580, 7, 11));
        outside.put(2, LocalDateTime.of(300000, 1, 1, 0, 0));
        outside.put(3, firstMicro.minusNanos(1_000_000));
        outside.put(4, lastMicro.plusNanos(1000));
        outside.put(5, firstNano.minusNanos(1));
        outside.put(6, lastMicro.plusNanos(1000).toInstant(java.time.ZoneOffset.UTC));
        outside.put(7, List.of(LocalDate.of(-5877641, 6, 24)));
        try (WriteSession session = engine.openWriteSession(table, WriteMode.APPEND)) {
            for (Map.Entry<Integer, Object> bad : outside.entrySet()) {
                Object[] row = new Object[8];
                row[bad.getKey()] = bad.getValue();
                String column = engine.describeTable(table).column(bad.getKey()).name();
                assertThatThrownBy(() -> session.write(row))
                        .as(column)
                        .isInstanceOf(LakeValidationException.class)
                        .hasMessageContaining("'" + column + "'")
                        .hasMessageContaining("main.times")
                        .hasMessageContaining(
                                String.valueOf(bad.getValue()).replace("[", "").replace("]", ""))
                        .hasMessageContaining("holds values from");
            }
            session.write(last);
            session.write(first);
            session.commit();
        }
        try (RowReader reader = engine.read(table, ScanRequest.all())) {
            assertThat(reader.toList())
                    .usingRecursiveFieldByFieldElementComparator()
                    .containsExactlyInAnyOrder(last, first);
        }
    }

    @Test
    void snapshotsOfOtherTablesAndOtherClientsAreHandled() throws Exception {
        long v1 = ordersHolding(order("o-1", "1", "a")).version();
        TableName other = TableName.of("other");
        engine.createTable(other, TestSchemas.columns("x INTEGER").build());
        append(other, new Object[] {1});
        assertThat(engine.latestVersion(ORDERS)).isEqualTo(v1);
        assertThat(engine.versions(ORDERS, 0, 100))
                .extracting(TableVersion::id)
                .doesNotContain(engine.latestVersion(other));
    }

    @Test
    void plainDuckDbReadsWhatTheEngineWrote() throws Exception {
        long v1 = ordersHolding(order("o-1", "1.50", "new"), order("o-2", "2", "new")).version();
        try (MergeSession merge = engine.openMergeSession(ORDERS)) {
            merge.upsert(order("o-1", "3.25", "paid"));
            merge.deleteKey("o-2");
            merge.commit();
        }
        long v2 = engine.latestVersion(ORDERS);
        engine.close();

        try (Connection plain = TestLakes.plainDuckDb(catalog, dir);
                Statement st = plain.createStatement()) {
            try (ResultSet rs =
                    st.executeQuery(
                            "SELECT order_id, amount, status, typeof(amount) FROM plain.sales.orders")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getString(1)).isEqualTo("o-1");
                assertThat(rs.getBigDecimal(2)).isEqualTo(new BigDecimal("3.25"));
                assertThat(rs.getString(3)).isEqualTo("paid");
                assertThat(rs.getString(4)).isEqualTo("DECIMAL(12,2)");
                assertThat(rs.next()).isFalse();
            }
            try (ResultSet rs =
                    st.executeQuery(
                            "SELECT count(*) FROM plain.sales.orders AT (VERSION => " + v1 + ")")) {
                rs.next();
                assertThat(rs.getLong(1)).isEqualTo(2);
            }
            try (ResultSet rs =
                    st.executeQuery(
                            "SELECT author, commit_extra_info FROM plain.snapshots() WHERE snapshot_id = "
                                    + v2)) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getString(1)).isEqualTo(CommitMetadata.AUTHOR);
                assertThat(rs.getString(2)).contains("\"mode\":\"merge\"");
            }
            st.execute("INSERT INTO plain.sales.orders VALUES ('o-7', 7, 'by plain duckdb')");
        }
        engine = TestLakes.open(catalog, dir);
        long v3 = engine.latestVersion(ORDERS);
        assertThat(v3).isGreaterThan(v2);
        assertThat(engine.version(ORDERS, v3).metadata()).isEmpty();
        assertThat(ordersByKey()).containsOnlyKeys("o-1", "o-7");
    }

    @Test
    void stagingHoldsManyRowsOffHeap() {
        engine.createTable(ORDERS, ORDERS_SCHEMA);
        int rows = 200_000;
        try (MergeSession merge = engine.openMergeSession(ORDERS)) {
            for (int i = 0; i < rows; i++) {
                merge.upsert(order("k-" + (i % 50_000), Integer.toString(i % 1000), "s" + i));
            }
            CommitResult result = merge.commit();
            assertThat(result.inserted()).isEqualTo(50_000);
        }
        Map<String, List<Object>> byKey = ordersByKey();
        assertThat(byKey).hasSize(50_000);
        Map<String, String> expectedStatus = new HashMap<>();
        for (int i = 0; i < rows; i++) {
            expectedStatus.put("k-" + (i % 50_000), "s" + i);
        }
        List<String> wrong = new ArrayList<>();
        byKey.forEach(
                (k, v) -> {
                    if (!expectedStatus.get(k).equals(v.get(2))) {
                        wrong.add(k);
                    }
                });
        assertThat(wrong).isEmpty();
    }
}
