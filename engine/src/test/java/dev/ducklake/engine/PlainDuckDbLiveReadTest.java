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
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.testutils.MultiProcessCatalogs;
import dev.ducklake.engine.testutils.TestLakes;
import dev.ducklake.engine.testutils.TestSchemas;
import dev.ducklake.engine.write.WriteMode;
import dev.ducklake.engine.write.WriteSession;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * When plain DuckDB can read a lake that an engine (a running job) holds open: live on PostgreSQL
 * and SQLite catalogs, seeing each new commit; on a DuckDB-file catalog only once the engine has
 * closed it, because DuckDB locks the file for the instance that opened it.
 */
class PlainDuckDbLiveReadTest {

    private static final TableName TABLE = TableName.of("events");

    @TempDir Path dir;

    @MultiProcessCatalogs
    void plainDuckDbReadsEveryCommitWhileTheEngineHoldsTheLake(CatalogLocation.Kind kind)
            throws Exception {
        CatalogLocation catalog = TestLakes.catalog(kind, dir);
        try (LakeEngine engine = openWithIdsOneAndTwo(catalog)) {
            try (Connection plain = TestLakes.plainDuckDb(catalog, dir);
                    Statement sql = plain.createStatement()) {
                assertThat(ids(sql)).isEqualTo("1,2");

                append(engine, 3L);

                assertThat(ids(sql)).isEqualTo("1,2,3");
            }
        }
    }

    @ParameterizedTest
    @EnumSource(value = CatalogLocation.Kind.class, names = "DUCKDB")
    void aDuckDbFileCatalogIsReadableOnceTheEngineClosesIt(CatalogLocation.Kind kind)
            throws Exception {
        CatalogLocation catalog = TestLakes.catalog(kind, dir);
        try (LakeEngine engine = openWithIdsOneAndTwo(catalog)) {

            // In this JVM DuckDB refuses a second handle on the file; another process gets a lock
            // error.
            assertThatThrownBy(() -> TestLakes.plainDuckDb(catalog, dir).close())
                    .isInstanceOf(SQLException.class)
                    .hasMessageContaining("is already attached");
        }
        try (Connection plain = TestLakes.plainDuckDb(catalog, dir);
                Statement sql = plain.createStatement()) {
            assertThat(ids(sql)).isEqualTo("1,2");
        }
    }

    /** An engine on the catalog whose table holds the ids 1 and 2. */
    private LakeEngine openWithIdsOneAndTwo(CatalogLocation catalog) {
        LakeEngine engine = TestLakes.open(catalog, dir);
        try {
            engine.createTable(TABLE, TestSchemas.columns("id BIGINT").build());
            append(engine, 1L, 2L);
            return engine;
        } catch (RuntimeException e) {
            engine.close();
            throw e;
        }
    }

    private static void append(LakeEngine engine, long... ids) {
        try (WriteSession write = engine.openWriteSession(TABLE, WriteMode.APPEND)) {
            for (long id : ids) {
                write.write(new Object[] {id});
            }
            write.commit();
        }
    }

    private static String ids(Statement sql) throws SQLException {
        try (ResultSet rs =
                sql.executeQuery(
                        "SELECT string_agg(id::VARCHAR, ',' ORDER BY id) FROM plain.main.events")) {
            rs.next();
            return rs.getString(1);
        }
    }
}
