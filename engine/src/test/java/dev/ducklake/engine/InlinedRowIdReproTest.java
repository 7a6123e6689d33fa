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

import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.testutils.TestLakes;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The reason the engine's merges inside a transaction delete by key, in plain DuckDB: DuckLake
 * (DuckDB 1.5.5, its ducklake extension d8a1881e, data inlining on as by default) gives a
 * transaction's inlined rows the row ids of the rows the same transaction wrote to a file of the
 * same table, once a delete touches one of the inlined rows; a later {@code DELETE ... WHERE rowid
 * IN (...)} then deletes a row of the file too. It asserts what DuckDB should do, so it fails while
 * DuckLake has the defect.
 *
 * <p>Opt-in: {@code mvn -q -pl engine verify -Dtest=InlinedRowIdReproTest
 * -Dducklake.rowIdRepro=true}.
 */
class InlinedRowIdReproTest {

    @TempDir Path dir;

    @Test
    void aDeleteByRowIdOfAnInlinedRowDeletesThatRowAlone() throws Exception {
        Assumptions.assumeTrue(Boolean.getBoolean("ducklake.rowIdRepro"), "opt-in reproduction");
        try (Connection duckDb =
                        TestLakes.plainDuckDb(
                                TestLakes.catalog(CatalogLocation.Kind.DUCKDB, dir), dir);
                Statement sql = duckDb.createStatement()) {
            sql.execute("CREATE TABLE plain.t (k INTEGER, v INTEGER)");
            sql.execute("BEGIN TRANSACTION");
            sql.execute(
                    "INSERT INTO plain.t SELECT i, i FROM range(11) r(i)"); // more than DuckLake
            // inlines: a file
            sql.execute("INSERT INTO plain.t VALUES (100, 0), (101, 1), (102, 2)"); // inlined
            sql.execute("DELETE FROM plain.t WHERE k = 100");
            int deleted =
                    sql.executeUpdate(
                            "DELETE FROM plain.t WHERE rowid IN (SELECT rowid FROM plain.t WHERE k = 101)");
            sql.execute("COMMIT");
            try (ResultSet rs =
                    sql.executeQuery("SELECT list(k ORDER BY k)::VARCHAR FROM plain.t")) {
                rs.next();
                assertThat(rs.getString(1))
                        .as("keys after the transaction (deleted %s by row id)", deleted)
                        .isEqualTo(List.of(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 102).toString());
            }
        }
    }
}
