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
import dev.ducklake.engine.config.EngineConfig;
import dev.ducklake.engine.error.LakeException;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.testutils.TestLakes;
import dev.ducklake.engine.testutils.TestSchemas;
import dev.ducklake.engine.write.WriteMode;
import dev.ducklake.engine.write.WriteSession;
import dev.ducklake.testing.postgres.PostgresServer;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A PostgreSQL catalog's password never shows in what the engine reports, in any form a user may
 * write it, and it can be kept out of the connection string altogether. Runs against a real
 * PostgreSQL role that must give its password.
 */
class CatalogPasswordTest {

    private static final String PASSWORD = PostgresServer.PASSWORD_ROLE_PASSWORD;

    @TempDir Path dir;
    private String database;

    @BeforeEach
    void createDatabase() {
        database = PostgresServer.createDatabase();
    }

    @AfterEach
    void dropDatabase() {
        PostgresServer.dropDatabase(database);
    }

    @Test
    void aPasswordInTheConnectionStringIsInNoErrorWhateverItsForm() {
        String role = PostgresServer.asPasswordRole(database);
        String missingDatabase = role.replaceAll("dbname=\\S+", "dbname=no_such_db");
        String host = role.replaceAll(".*host=(\\S+).*", "$1");
        String port = role.replaceAll(".*port=(\\S+).*", "$1");

        for (String catalog :
                new String[] {
                    missingDatabase + " password=" + PASSWORD,
                    missingDatabase + " password='" + PASSWORD + "'",
                    "postgresql://"
                            + PostgresServer.PASSWORD_ROLE
                            + ":"
                            + PASSWORD
                            + "@"
                            + host
                            + ":"
                            + port
                            + "/no_such_db"
                }) {
            CatalogLocation location = CatalogLocation.postgres(catalog);
            assertThat(location.toString()).doesNotContain(PASSWORD);
            assertThatThrownBy(() -> open(TestLakes.config(location, dir).build()))
                    .isInstanceOf(LakeException.class)
                    .satisfies(
                            error ->
                                    assertThat(printed(error))
                                            .as(catalog)
                                            .contains("no_such_db")
                                            .contains("***")
                                            .doesNotContain(PASSWORD));
        }
    }

    @Test
    void aCatalogPasswordOutsideTheConnectionStringOpensTheLakeAndStaysOutOfErrors()
            throws Exception {
        CatalogLocation location =
                CatalogLocation.postgres(PostgresServer.asPasswordRole(database));
        TableName table = TableName.of("main", "t");

        assertThatThrownBy(() -> open(TestLakes.config(location, dir).build()))
                .as("the role needs its password")
                .hasMessageContaining("password");
        try (LakeEngine engine =
                open(TestLakes.config(location, dir).catalogPassword(PASSWORD).build())) {
            engine.createTableIfNotExists(table, TestSchemas.columns("id BIGINT").build());
            try (WriteSession write = engine.openWriteSession(table, WriteMode.APPEND)) {
                write.write(new Object[] {1L});
                write.commit();
            }
            assertThat(engine.latestVersion(table)).isPositive();
        }
        String wrong = "Wrong-" + PASSWORD;
        assertThatThrownBy(
                        () -> open(TestLakes.config(location, dir).catalogPassword(wrong).build()))
                .satisfies(
                        error ->
                                assertThat(printed(error))
                                        .contains("password authentication failed")
                                        .doesNotContain(wrong));
    }

    private static LakeEngine open(EngineConfig config) {
        return LakeEngine.open(config);
    }

    private static String printed(Throwable error) {
        StringWriter out = new StringWriter();
        error.printStackTrace(new PrintWriter(out));
        return out.toString();
    }
}
