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

package dev.ducklake.benchmarks;

import dev.ducklake.engine.LakeEngine;
import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.config.EngineConfig;
import dev.ducklake.engine.schema.Column;
import dev.ducklake.engine.schema.LakeType;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.schema.TableSchema;
import dev.ducklake.engine.write.CommitResult;
import dev.ducklake.engine.write.MergeSession;
import dev.ducklake.engine.write.WriteMode;
import dev.ducklake.engine.write.WriteSession;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.stream.Collectors;
import org.apache.flink.util.FileUtils;
import org.duckdb.DuckDBAppender;
import org.duckdb.DuckDBConnection;

/**
 * Write throughput of the lake engine against DuckDB's own appender, on a local DuckDB-file catalog
 * in a fresh temporary directory (deleted at the end):
 *
 * <ol>
 *   <li>raw (the reference): {@link DuckDBAppender} into a temporary table, then one INSERT ...
 *       SELECT into a DuckLake table, one transaction; raw direct: the appender straight on the
 *       DuckLake table;
 *   <li>engine append: a {@link WriteSession} in {@link WriteMode#APPEND};
 *   <li>engine merge insert: a {@link MergeSession} upserting every row into an empty keyed table;
 *   <li>engine merge update: a second merge of the same keys in which every tenth row changes.
 * </ol>
 *
 * <p>Every variant generates its rows inline with the same {@link Rows} generator, runs once at a
 * tenth of the rows on a separate table to warm up, and is then timed with {@link System#nanoTime}
 * from opening the appender or session until its commit returns. Table creation is not timed.
 *
 * <p>Run: {@code mvn -q -pl benchmarks -am install -DskipTests && mvn -q -pl benchmarks exec:exec};
 * the row count (default 1,000,000) is the first argument, {@code -Dbenchmark.args=100000}. Fails
 * with an exception (a non-zero exit) when a variant writes a different number of rows than asked.
 */
public final class EngineWriteBenchmark {

    private static final long DEFAULT_ROWS = 1_000_000;
    private static final long SEED = 20240601L;
    private static final int THREADS = 2;
    private static final String MEMORY_LIMIT = "1GB";

    /** The benchmark's ten columns; {@code id} is the primary key of the merge tables only. */
    private static final List<Column> COLUMNS =
            List.of(
                    Column.of("id", LakeType.Primitive.BIGINT),
                    Column.of("name", LakeType.Primitive.VARCHAR),
                    Column.of("city", LakeType.Primitive.VARCHAR),
                    Column.of("qty", LakeType.Primitive.INTEGER),
                    Column.of("price", new LakeType.Decimal(12, 2)),
                    Column.of("score", LakeType.Primitive.DOUBLE),
                    Column.of("ts", LakeType.Primitive.TIMESTAMP),
                    Column.of("flag", LakeType.Primitive.BOOLEAN),
                    Column.of("note", LakeType.Primitive.VARCHAR),
                    Column.of("cnt", LakeType.Primitive.BIGINT));

    private EngineWriteBenchmark() {}

    /** Runs every variant; the optional first argument is the number of rows. */
    public static void main(String[] args) throws Exception {
        long rows = args.length > 0 ? Long.parseLong(args[0].replace("_", "")) : DEFAULT_ROWS;
        if (rows < 10) {
            throw new IllegalArgumentException("The row count must be at least 10, got " + rows);
        }
        Path dir = Files.createTempDirectory("ducklake-benchmark-");
        try {
            run(rows, dir);
        } finally {
            FileUtils.deleteDirectory(dir.toFile());
        }
    }

    private static void run(long rows, Path dir) throws SQLException {
        Path catalog = dir.resolve("metadata.ducklake");
        String dataPath = dir.resolve("data") + "/";
        long warmUp = rows / 10;
        System.out.printf(
                Locale.ROOT,
                "DuckLake write benchmark: %,d rows (warm-up %,d), threads=%d, memory_limit=%s, %s%n",
                rows,
                warmUp,
                THREADS,
                MEMORY_LIMIT,
                dir);

        List<Result> results = new ArrayList<>();
        rawAppender(catalog, dataPath, "raw_direct_warmup", warmUp, false);
        Result direct = rawAppender(catalog, dataPath, "raw_direct", rows, false);
        rawAppender(catalog, dataPath, "raw_warmup", warmUp, true);
        Result raw = rawAppender(catalog, dataPath, "raw", rows, true);
        results.add(print(raw, raw));
        results.add(print(direct, raw));

        EngineConfig config =
                EngineConfig.builder(CatalogLocation.duckDbFile(catalog))
                        .dataPath(dataPath)
                        .threads(THREADS)
                        .memoryLimit(MEMORY_LIMIT)
                        .build();
        try (LakeEngine engine = LakeEngine.open(config)) {
            TableSchema plain = schema().build();
            TableSchema keyed = schema().primaryKey("id").build();

            engineAppend(engine, create(engine, "append_warmup", plain), warmUp);
            results.add(print(engineAppend(engine, create(engine, "append", plain), rows), raw));

            TableName mergeWarmUp = create(engine, "merge_warmup", keyed);
            TableName merge = create(engine, "merge", keyed);
            engineMerge(engine, mergeWarmUp, warmUp, false);
            results.add(print(engineMerge(engine, merge, rows, false), raw));
            engineMerge(engine, mergeWarmUp, warmUp, true);
            results.add(print(engineMerge(engine, merge, rows, true), raw));
        }

        System.out.println("summary (rows/s, ratio to raw; target: engine append >= 0.80x raw):");
        for (Result result : results) {
            System.out.printf(
                    Locale.ROOT,
                    "  %-20s %,12.0f rows/s  %.2fx%n",
                    result.variant,
                    result.rowsPerSecond(),
                    result.rowsPerSecond() / raw.rowsPerSecond());
        }
    }

    /** A builder holding the ten columns. */
    private static TableSchema.Builder schema() {
        TableSchema.Builder builder = TableSchema.builder();
        COLUMNS.forEach(builder::column);
        return builder;
    }

    private static TableName create(LakeEngine engine, String table, TableSchema schema) {
        TableName name = TableName.of(table);
        engine.createTable(name, schema);
        return name;
    }

    /**
     * The baselines, through a plain DuckDB connection with the engine's DuckDB settings (threads,
     * memory limit, insertion order), all rows in one transaction. {@code viaTemp}: DuckDB's
     * appender into a temporary table, then one {@code INSERT ... SELECT} into the DuckLake table
     * (the fastest plain-DuckDB way, and the ratios' reference); otherwise the appender straight on
     * the DuckLake table, which writes a Parquet file per appended chunk.
     */
    private static Result rawAppender(
            Path catalog, String dataPath, String table, long rows, boolean viaTemp)
            throws SQLException {
        try (DuckDBConnection connection =
                        (DuckDBConnection) DriverManager.getConnection("jdbc:duckdb:");
                Statement st = connection.createStatement()) {
            st.execute("SET threads = " + THREADS);
            st.execute("SET memory_limit = '" + MEMORY_LIMIT + "'");
            st.execute("SET preserve_insertion_order = false");
            st.execute("LOAD ducklake");
            st.execute("ATTACH 'ducklake:" + catalog + "' AS lake (DATA_PATH '" + dataPath + "')");
            st.execute(
                    "CREATE TABLE lake.main."
                            + table
                            + " ("
                            + COLUMNS.stream().map(Column::ddl).collect(Collectors.joining(", "))
                            + ")");

            if (viaTemp) {
                st.execute(
                        "CREATE TEMP TABLE staged_"
                                + table
                                + " AS FROM lake.main."
                                + table
                                + " LIMIT 0");
            }

            long start = System.nanoTime();
            connection.setAutoCommit(false);
            Rows source = new Rows(false);
            try (DuckDBAppender appender =
                    viaTemp
                            ? connection.createAppender("temp", "main", "staged_" + table)
                            : connection.createAppender("lake", "main", table)) {
                for (long i = 0; i < rows; i++) {
                    appendRow(appender, source.next());
                }
            }
            long staged = System.nanoTime();
            if (viaTemp) {
                st.execute("INSERT INTO lake.main." + table + " SELECT * FROM staged_" + table);
            }
            connection.commit();
            long end = System.nanoTime();

            connection.setAutoCommit(true);
            try (ResultSet rs = st.executeQuery("SELECT count(*) FROM lake.main." + table)) {
                rs.next();
                expect("raw rows in " + table, rows, rs.getLong(1));
            }
            st.execute("DETACH lake");
            return new Result(
                    viaTemp ? "raw appender via temp" : "raw appender direct",
                    rows,
                    start,
                    staged,
                    end);
        }
    }

    /**
     * Appends one generated row with the appender's typed methods, as the engine's staging does.
     */
    private static void appendRow(DuckDBAppender appender, Object[] row) throws SQLException {
        appender.beginRow();
        appender.append((long) (Long) row[0]);
        appender.append((String) row[1]);
        appender.append((String) row[2]);
        appender.append((int) (Integer) row[3]);
        appender.append((BigDecimal) row[4]);
        appender.append((double) (Double) row[5]);
        appender.append((LocalDateTime) row[6]);
        appender.append((boolean) (Boolean) row[7]);
        if (row[8] == null) {
            appender.appendNull();
        } else {
            appender.append((String) row[8]);
        }
        appender.append((long) (Long) row[9]);
        appender.endRow();
    }

    private static Result engineAppend(LakeEngine engine, TableName table, long rows) {
        long start = System.nanoTime();
        Rows source = new Rows(false);
        try (WriteSession session = engine.openWriteSession(table, WriteMode.APPEND)) {
            for (long i = 0; i < rows; i++) {
                session.write(source.next());
            }
            long staged = System.nanoTime();
            CommitResult result = session.commit();
            long end = System.nanoTime();
            expect("rows appended to " + table, rows, result.rowsWritten());
            return new Result("engine append", rows, start, staged, end);
        }
    }

    /**
     * Upserts the rows into a keyed table: all inserted when it is empty, or, with {@code update},
     * the same keys again with every tenth row changed.
     */
    private static Result engineMerge(
            LakeEngine engine, TableName table, long rows, boolean update) {
        long start = System.nanoTime();
        Rows source = new Rows(update);
        try (MergeSession session = engine.openMergeSession(table)) {
            for (long i = 0; i < rows; i++) {
                session.upsert(source.next());
            }
            long staged = System.nanoTime();
            CommitResult result = session.commit();
            long end = System.nanoTime();
            expect("rows inserted into " + table, update ? 0 : rows, result.inserted());
            expect("rows updated in " + table, update ? (rows + 9) / 10 : 0, result.updated());
            return new Result(
                    update ? "engine merge update" : "engine merge insert",
                    rows,
                    start,
                    staged,
                    end);
        }
    }

    private static void expect(String what, long expected, long actual) {
        if (expected != actual) {
            throw new IllegalStateException(
                    "Expected " + expected + " " + what + ", got " + actual);
        }
    }

    private static Result print(Result result, Result raw) {
        System.out.printf(
                Locale.ROOT,
                "%s: %d rows in %.2f s = %,.0f rows/s = %.2fx raw (staging %.2f s, commit %.2f s)%n",
                result.variant,
                result.rows,
                result.seconds(),
                result.rowsPerSecond(),
                result.rowsPerSecond() / raw.rowsPerSecond(),
                result.stagingNanos / 1e9,
                result.commitNanos / 1e9);
        return result;
    }

    /**
     * One timed run: its row count and the time spent generating and staging rows, then committing.
     */
    private record Result(String variant, long rows, long stagingNanos, long commitNanos) {
        Result(String variant, long rows, long start, long staged, long end) {
            this(variant, rows, staged - start, end - staged);
        }

        double seconds() {
            return (stagingNanos + commitNanos) / 1e9;
        }

        double rowsPerSecond() {
            return rows / seconds();
        }
    }

    /**
     * Deterministic rows {@code id = 0, 1, 2, ...}; every variant draws the same values from a
     * {@link SplittableRandom} with a fixed seed. With {@code update}, every tenth row has its
     * {@code cnt} incremented, so a merge over existing keys updates 10% of them.
     */
    private static final class Rows {
        private static final String[] CITIES = {
            "Amsterdam",
            "Berlin",
            "Lisbon",
            "Madrid",
            "Oslo",
            "Paris",
            "Prague",
            "Rome",
            "Vienna",
            "Warsaw"
        };
        private static final LocalDateTime EPOCH = LocalDateTime.of(2024, 1, 1, 0, 0);

        private final SplittableRandom random = new SplittableRandom(SEED);
        private final boolean update;
        private long id;

        Rows(boolean update) {
            this.update = update;
        }

        Object[] next() {
            long key = id++;
            Object[] row = {
                key,
                "name-" + random.nextInt(1_000_000),
                CITIES[random.nextInt(CITIES.length)],
                random.nextInt(1_000),
                BigDecimal.valueOf(random.nextLong(100_000_000L), 2),
                random.nextDouble(),
                EPOCH.plusNanos(random.nextLong(366L * 86_400_000_000L) * 1_000),
                random.nextBoolean(),
                random.nextInt(10) == 0 ? null : "note " + random.nextLong(),
                random.nextLong(1_000_000_000L)
            };
            if (update && key % 10 == 0) {
                row[9] = (Long) row[9] + 1;
            }
            return row;
        }
    }
}
