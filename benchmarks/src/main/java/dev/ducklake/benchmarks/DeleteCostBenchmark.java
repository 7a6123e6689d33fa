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

import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.testutils.TestLakes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.Locale;
import org.apache.flink.util.FileUtils;

/**
 * What it costs plain DuckDB to find and replace K random rows of a DuckLake table, as the table
 * grows: the steps an upsert commit can be built from, each timed alone, so that a design for
 * upserts can be judged before it is built. No engine and no Flink: one DuckDB connection with the
 * {@code ducklake} extension, two threads, a local DuckDB-file catalog in a fresh temporary
 * directory per size.
 *
 * <p>The table is {@code t(id BIGINT, a VARCHAR, b DOUBLE, c BIGINT)}, loaded in inserts of
 * 1,000,000 rows (one Parquet file each). Per size it times, for K keys drawn at random from the
 * whole table (each statement in a transaction that is rolled back, so the table stays as loaded):
 *
 * <ul>
 *   <li>{@code wide join}: the keys left-joined with the table, every column of the matched rows
 *       (what finds a merge's replaced rows and their before-images);
 *   <li>{@code key join}: the keys semi-joined with the table, giving each match's row id;
 *   <li>{@code rows by row id}: the matched rows' columns fetched by row id;
 *   <li>{@code delete by key} and {@code delete by row id}: DuckLake's {@code DELETE} of those
 *       rows;
 *   <li>{@code row id scan}: a count over the row ids alone, the least a {@code DELETE} reads.
 * </ul>
 *
 * <p>Then the delete backlog: five deletes of K random rows each, committed one after another, each
 * timed with the number of deleted rows the table then holds. DuckLake keeps one delete file per
 * data file, and a delete rewrites the delete files of every data file it touches with all of their
 * earlier deletes. Arguments: K (default 100,000), then the sizes (default 1,000,000, 10,000,000
 * and 50,000,000).
 *
 * <pre>{@code
 * mvn -q -pl benchmarks -am install -DskipTests
 * mvn -q -pl benchmarks exec:exec -Dexec.mainClass=dev.ducklake.benchmarks.DeleteCostBenchmark
 * }</pre>
 */
public final class DeleteCostBenchmark {

    private static final long[] DEFAULT_SIZES = {1_000_000, 10_000_000, 50_000_000};
    private static final long LOAD_BATCH = 1_000_000;
    private static final int BACKLOG_ROUNDS = 5;

    private DeleteCostBenchmark() {}

    public static void main(String[] args) throws Exception {
        long keys = Arguments.number(args, 0, 100_000L);
        long[] sizes = Arguments.numbersFrom(args, 1, DEFAULT_SIZES);
        System.out.printf(
                Locale.ROOT,
                "Delete cost benchmark: %,d random keys, plain DuckDB with 2 threads, sizes %s%n",
                keys,
                Arrays.toString(sizes));
        System.out.println(
                "  table rows  wide join  key join  rows by row id  delete by key  delete by row id"
                        + "  row id scan  backlog: seconds per delete (deleted rows held after it)");
        for (long size : sizes) {
            Path dir = Files.createTempDirectory("ducklake-delete-bench");
            try (Connection connection =
                            TestLakes.plainDuckDb(
                                    CatalogLocation.duckDbFile(dir.resolve("meta.ducklake")), dir);
                    Statement st = connection.createStatement()) {
                st.execute("SET threads = 2");
                st.execute("CREATE TABLE plain.t (id BIGINT, a VARCHAR, b DOUBLE, c BIGINT)");
                for (long start = 0; start < size; start += LOAD_BATCH) {
                    st.execute(
                            "INSERT INTO plain.t SELECT i, 'v' || i, i * 0.5, i FROM range("
                                    + start
                                    + ", "
                                    + Math.min(size, start + LOAD_BATCH)
                                    + ") r(i)");
                }
                drawKeys(st, keys, size);
                st.execute(
                        "CREATE TEMP TABLE ids AS SELECT t.id, t.rowid AS rid FROM plain.t t SEMI JOIN k ON t.id = k.id");
                double wide =
                        rolledBack(
                                st,
                                "CREATE OR REPLACE TEMP TABLE m AS SELECT n.id, t.a, t.b, t.c,"
                                        + " t.id IS NOT NULL AS present FROM k n LEFT JOIN plain.t t ON t.id = n.id");
                double keyJoin =
                        rolledBack(
                                st,
                                "CREATE OR REPLACE TEMP TABLE r AS SELECT t.id, t.rowid AS rid"
                                        + " FROM plain.t t SEMI JOIN k ON t.id = k.id");
                double byRowId =
                        rolledBack(
                                st,
                                "CREATE OR REPLACE TEMP TABLE f AS SELECT * FROM plain.t"
                                        + " WHERE rowid IN (SELECT rid FROM ids)");
                double deleteByKey =
                        rolledBack(st, "DELETE FROM plain.t USING k WHERE plain.t.id = k.id");
                double deleteByRowId =
                        rolledBack(st, "DELETE FROM plain.t WHERE rowid IN (SELECT rid FROM ids)");
                double rowIdScan =
                        rolledBack(st, "SELECT count(*) FROM plain.t WHERE rowid % 1000003 = 7");
                StringBuilder backlog = new StringBuilder();
                for (int round = 0; round < BACKLOG_ROUNDS && (round + 1) * keys <= size; round++) {
                    st.execute(
                            "CREATE OR REPLACE TEMP TABLE d AS SELECT rowid AS rid FROM plain.t USING SAMPLE "
                                    + keys
                                    + " ROWS");
                    double seconds =
                            timed(st, "DELETE FROM plain.t WHERE rowid IN (SELECT rid FROM d)");
                    backlog.append(
                            String.format(Locale.ROOT, "  %.3f (%,d)", seconds, deletedRows(st)));
                }
                System.out.printf(
                        Locale.ROOT,
                        "%,12d  %8.3fs  %7.3fs  %13.3fs  %12.3fs  %15.3fs  %10.3fs %s%n",
                        size,
                        wide,
                        keyJoin,
                        byRowId,
                        deleteByKey,
                        deleteByRowId,
                        rowIdScan,
                        backlog);
            } finally {
                FileUtils.deleteDirectory(dir.toFile());
            }
        }
    }

    /** Temporary table {@code k(id)}: distinct random keys of the table. */
    private static void drawKeys(Statement st, long keys, long size) throws SQLException {
        st.execute(
                "CREATE TEMP TABLE k AS SELECT DISTINCT (hash(i) % "
                        + size
                        + ")::BIGINT AS id FROM range("
                        + keys * 2
                        + ") r(i) LIMIT "
                        + keys);
    }

    private static double rolledBack(Statement st, String sql) throws SQLException {
        st.execute("BEGIN");
        try {
            return timed(st, sql);
        } finally {
            st.execute("ROLLBACK");
        }
    }

    private static double timed(Statement st, String sql) throws SQLException {
        long start = System.nanoTime();
        st.execute(sql);
        return (System.nanoTime() - start) / 1e9;
    }

    private static long deletedRows(Statement st) throws SQLException {
        try (var rs =
                st.executeQuery(
                        "SELECT coalesce(sum(delete_count), 0) FROM"
                                + " __ducklake_metadata_plain.ducklake_delete_file WHERE end_snapshot IS NULL")) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
