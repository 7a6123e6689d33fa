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

package dev.ducklake.engine.change;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ducklake.engine.LakeEngine;
import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.maintenance.MaintenanceRequest;
import dev.ducklake.engine.read.RowReader;
import dev.ducklake.engine.read.ScanRequest;
import dev.ducklake.engine.schema.Column;
import dev.ducklake.engine.schema.LakeType;
import dev.ducklake.engine.schema.LakeType.Primitive;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.testutils.TestLakes;
import dev.ducklake.engine.testutils.TestSchemas;
import dev.ducklake.engine.version.TableVersion;
import dev.ducklake.engine.write.MergeSession;
import dev.ducklake.engine.write.WriteMode;
import dev.ducklake.engine.write.WriteSession;
import dev.ducklake.testing.postgres.PostgresServer;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Random histories, random version pairs: the change feed method yields exactly the changes of the
 * reference full diff, as multisets of (before, after). Histories mix engine merges (several
 * changes to one key, deletes, re-inserts, updates that restore an old value), appends, snapshot
 * replaces, a column added midway, and INSERT / UPDATE / DELETE / MERGE by a plain DuckDB client;
 * after the history, files are merged and every pair is checked again; then inlined data is
 * flushed, and the engine's default change read (which must avoid the change feed across a flush)
 * is checked against the reference. Histories written by the engine alone also check the
 * before-image method on every pair. Seeded: a failure names its seed.
 */
class ChangePropertyTest {

    static final TableName KEYED = TableName.of("kv");
    static final TableName UNKEYED = TableName.of("events");
    static final int KEYS = 16;
    static final int STEPS = 14;
    static final int PAIRS = 8;

    @TempDir Path dir;

    CatalogLocation catalog;
    LakeEngine engine;
    Connection plain;
    Random random;
    boolean extraColumn;

    @BeforeEach
    void open() throws Exception {
        catalog = TestLakes.catalog(CatalogLocation.Kind.POSTGRES, dir);
        engine = TestLakes.open(catalog, dir);
        engine.createTable(
                KEYED,
                TestSchemas.columns("k VARCHAR", "n INTEGER")
                        .column("tags", new LakeType.ListOf(Primitive.VARCHAR))
                        .primaryKey("k")
                        .build());
        engine.createTable(
                UNKEYED, TestLakes.twoColumnSchema("k", Primitive.VARCHAR, "n", Primitive.INTEGER));
        plain = TestLakes.plainDuckDb(catalog, dir);
    }

    @AfterEach
    void close() throws Exception {
        plain.close();
        engine.close();
        PostgresServer.dropDatabase(catalog.location());
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2})
    void changeFeedEqualsFullDiffOnKeyedTables(long seed) throws Exception {
        random = new Random(seed);
        for (int step = 0; step < STEPS; step++) {
            keyedStep(step);
        }
        checkAfterMaintenance(KEYED, seed);
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {21, 22})
    void beforeImagesEqualFullDiffWhenOnlyTheEngineWrites(long seed) throws Exception {
        random = new Random(seed);
        for (int step = 0; step < STEPS; step++) {
            if (step == STEPS / 2) {
                keyedStep(step);
            } else if (random.nextInt(3) == 0) {
                appendAbsentKeys();
            } else {
                merge();
            }
        }
        checkRandomPairs(KEYED, seed, ChangeMethod.BEFORE_IMAGES);
        engine.maintain(MaintenanceRequest.builder().mergeAdjacentFiles().build());
        checkRandomPairs(KEYED, seed, ChangeMethod.BEFORE_IMAGES);
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {11, 12})
    void changeFeedEqualsFullDiffOnTablesWithoutKey(long seed) throws Exception {
        random = new Random(seed);
        for (int step = 0; step < STEPS; step++) {
            unkeyedStep();
        }
        checkAfterMaintenance(UNKEYED, seed);
    }

    /**
     * DuckLake's change feed misreports ranges that hold a rewrite of files with deletes ({@code
     * ducklake_rewrite_data_files}) followed by a merge of files: the engine's own choice of method
     * must still equal the full diff across them.
     */
    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {31})
    void changesEqualFullDiffAcrossRewrittenAndMergedFiles(long seed) throws Exception {
        random = new Random(seed);
        for (int step = 0; step < 3 * STEPS; step++) {
            keyedStep(step);
            if (step % 5 == 4) {
                try (Statement st = plain.createStatement()) {
                    st.execute(
                            "CALL ducklake_rewrite_data_files('plain', delete_threshold => 0.0)");
                    st.execute("CALL ducklake_merge_adjacent_files('plain')");
                }
            }
        }
        List<Long> versions =
                engine.versions(KEYED, 0, 1000).stream().map(TableVersion::id).sorted().toList();
        for (int i = 0; i + 1 < versions.size(); i++) {
            for (int j = i + 1; j < Math.min(versions.size(), i + 4); j++) {
                checkPair(KEYED, "seed " + seed, versions.get(i), versions.get(j), null);
            }
        }
    }

    private void keyedStep(int step) throws Exception {
        if (!extraColumn && step == STEPS / 2) {
            engine.addColumn(KEYED, Column.of("extra", Primitive.INTEGER));
            extraColumn = true;
            return;
        }
        switch (random.nextInt(5)) {
            case 0 -> merge();
            case 1 -> appendAbsentKeys();
            case 2 -> snapshotReplace();
            case 3 -> plainSql();
            default -> merge();
        }
    }

    /**
     * Several changes per key, in arrival order: upserts (some restoring an old value), deletes,
     * re-inserts.
     */
    private void merge() {
        try (MergeSession merge = engine.openMergeSession(KEYED)) {
            int changes = 1 + random.nextInt(10);
            for (int i = 0; i < changes; i++) {
                String key = "k" + random.nextInt(KEYS);
                if (random.nextInt(4) == 0) {
                    merge.deleteKey(key);
                } else {
                    merge.upsert(keyedRow(key));
                }
            }
            merge.commit();
        }
    }

    private void appendAbsentKeys() {
        Map<String, Object[]> current = rowsByKey();
        try (WriteSession session = engine.openWriteSession(KEYED, WriteMode.APPEND)) {
            for (int i = 0; i < 3; i++) {
                String key = "k" + random.nextInt(KEYS);
                if (current.put(key, new Object[0]) == null) {
                    session.write(keyedRow(key));
                }
            }
            session.commit();
        }
    }

    private void snapshotReplace() {
        Map<String, Object[]> current = rowsByKey();
        try (WriteSession session = engine.openWriteSession(KEYED, WriteMode.SNAPSHOT)) {
            for (Map.Entry<String, Object[]> row : current.entrySet()) {
                int fate = random.nextInt(4);
                if (fate == 0) {
                    session.write(keyedRow(row.getKey()));
                } else if (fate != 1) {
                    session.write(row.getValue());
                }
            }
            session.write(keyedRow("new" + random.nextInt(1000)));
            session.commit();
        }
    }

    private void plainSql() throws Exception {
        String key = "'k" + random.nextInt(KEYS) + "'";
        String sql =
                switch (random.nextInt(4)) {
                    case 0 ->
                            "UPDATE plain.main.kv SET n = coalesce(n, 0) + 1 WHERE k IN ("
                                    + key
                                    + ", 'k1', 'k2')";
                    case 1 -> "DELETE FROM plain.main.kv WHERE k = " + key;
                    case 2 ->
                            "INSERT INTO plain.main.kv (k, n) SELECT 'p"
                                    + random.nextInt(1000)
                                    + "', 7 WHERE NOT EXISTS (SELECT 1 FROM plain.main.kv WHERE k LIKE 'p%' AND n = 8)";
                    default ->
                            "MERGE INTO plain.main.kv AS t USING (SELECT "
                                    + key
                                    + " AS k, 42 AS n) AS s ON t.k = s.k"
                                    + " WHEN MATCHED THEN UPDATE SET n = s.n WHEN NOT MATCHED THEN INSERT (k, n) VALUES (s.k, s.n)";
                };
        try (Statement st = plain.createStatement()) {
            st.execute(sql);
        }
    }

    private void unkeyedStep() throws Exception {
        switch (random.nextInt(4)) {
            case 0, 1 -> {
                try (WriteSession session = engine.openWriteSession(UNKEYED, WriteMode.APPEND)) {
                    int rows = 1 + random.nextInt(6);
                    for (int i = 0; i < rows; i++) {
                        session.write(new Object[] {"e" + random.nextInt(5), random.nextInt(3)});
                    }
                    session.commit();
                }
            }
            case 2 -> {
                try (Statement st = plain.createStatement()) {
                    st.execute(
                            random.nextBoolean()
                                    ? "DELETE FROM plain.main.events WHERE k = 'e"
                                            + random.nextInt(5)
                                            + "' AND n = 1"
                                    : "UPDATE plain.main.events SET n = (n + 1) % 3 WHERE k = 'e"
                                            + random.nextInt(5)
                                            + "'");
                }
            }
            default -> {
                List<Object[]> current;
                try (RowReader rows = engine.read(UNKEYED, ScanRequest.all())) {
                    current = rows.toList();
                }
                try (WriteSession session = engine.openWriteSession(UNKEYED, WriteMode.SNAPSHOT)) {
                    for (Object[] row : current) {
                        if (random.nextInt(3) != 0) {
                            session.write(row);
                        }
                    }
                    session.write(new Object[] {"e" + random.nextInt(5), random.nextInt(3)});
                    session.commit();
                }
            }
        }
    }

    private Object[] keyedRow(String key) {
        Integer n = random.nextInt(5) == 0 ? null : random.nextInt(4);
        List<String> tags =
                random.nextBoolean() ? List.of("t" + random.nextInt(2)) : Arrays.asList("x", null);
        return extraColumn
                ? new Object[] {key, n, tags, random.nextBoolean() ? null : random.nextInt(3)}
                : new Object[] {key, n, tags};
    }

    private Map<String, Object[]> rowsByKey() {
        Map<String, Object[]> rows = new HashMap<>();
        try (RowReader reader = engine.read(KEYED, ScanRequest.all())) {
            reader.forEachRemaining(r -> rows.put((String) r[0], r));
        }
        return rows;
    }

    private void checkAfterMaintenance(TableName table, long seed) {
        checkRandomPairs(table, seed, ChangeMethod.CHANGE_FEED);
        checkRandomPairs(table, seed, null);
        engine.maintain(MaintenanceRequest.builder().mergeAdjacentFiles().build());
        checkRandomPairs(table, seed, ChangeMethod.CHANGE_FEED);
        engine.maintain(MaintenanceRequest.builder().flushInlinedData().build());
        checkRandomPairs(table, seed, null);
    }

    /**
     * Compares a method (null: the engine's own choice) with the reference on random version pairs.
     */
    private void checkRandomPairs(TableName table, long seed, ChangeMethod method) {
        List<Long> versions =
                engine.versions(table, 0, 1000).stream().map(TableVersion::id).toList();
        assertThat(versions).as("versions of %s", table).hasSizeGreaterThan(STEPS / 2);
        Random pairs = new Random(seed * 31);
        for (int i = 0; i < PAIRS; i++) {
            long a = versions.get(pairs.nextInt(versions.size()));
            long b = versions.get(pairs.nextInt(versions.size()));
            long from = Math.min(a, b);
            long to = Math.max(a, b);
            checkPair(table, "seed " + seed, from, to, method);
        }
    }

    /**
     * Compares a method (null: the engine's own choice) with the reference over {@code (from, to]}.
     */
    private void checkPair(TableName table, String seed, long from, long to, ChangeMethod method) {
        try (ChangeReader fast =
                        method == null
                                ? engine.changes(table, from, to)
                                : engine.changes(table, from, to, method);
                ChangeReader reference = engine.changes(table, from, to, ChangeMethod.FULL_DIFF)) {
            String where = seed + ", " + method + ", " + table + " over (" + from + ", " + to + "]";
            assertThat(fast.summary()).as(where).isEqualTo(reference.summary());
            assertThat(multiset(fast.toList())).as(where).isEqualTo(multiset(reference.toList()));
        }
    }

    private static Map<Change, Integer> multiset(List<Change> changes) {
        Map<Change, Integer> counts = new HashMap<>();
        changes.forEach(c -> counts.merge(c, 1, Integer::sum));
        return counts;
    }
}
