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

package dev.ducklake.flink.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.testutils.JvmProcess;
import dev.ducklake.engine.testutils.TestLakes;
import dev.ducklake.testing.postgres.PostgresServer;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The catalog on a PostgreSQL lake (one database per test), which the catalog holds open from
 * open() to close().
 */
class PostgresCatalogITCase extends CatalogSqlITCaseBase {

    @Override
    CatalogLocation lake(Path dir) {
        return TestLakes.catalog(CatalogLocation.Kind.POSTGRES, dir);
    }

    @AfterEach
    void dropDatabase() {
        PostgresServer.dropDatabase(catalog.location());
    }

    @Test
    void ddlOfAnotherProcessShowsInTheSessionWithoutARestart() throws Exception {
        assertThat(strings("SHOW DATABASES")).containsExactly("main");

        inAnotherProcess(
                "CREATE SCHEMA plain.crm",
                "CREATE TABLE plain.crm.customers (id BIGINT, name VARCHAR)",
                "INSERT INTO plain.crm.customers VALUES (1, 'Ada'), (2, 'Grace')");
        assertThat(strings("SHOW DATABASES")).containsExactlyInAnyOrder("main", "crm");
        assertThat(strings("SHOW TABLES IN crm")).containsExactly("customers");
        assertThat(rows("SELECT id, name FROM crm.customers"))
                .containsExactlyInAnyOrder("1|Ada", "2|Grace");

        inAnotherProcess(
                "ALTER TABLE plain.crm.customers ADD COLUMN city VARCHAR",
                "INSERT INTO plain.crm.customers VALUES (3, 'Edsger', 'Austin')");
        assertThat(rows("DESCRIBE crm.customers"))
                .extracting(row -> row.split("\\|")[0])
                .containsExactly("id", "name", "city");
        assertThat(rows("SELECT id, city FROM crm.customers"))
                .containsExactlyInAnyOrder("1|null", "2|null", "3|Austin");

        inAnotherProcess("DROP TABLE plain.crm.customers");
        assertThat(strings("SHOW TABLES IN crm")).isEmpty();
    }

    /** Runs statements with plain DuckDB in a JVM of its own, and waits for it to succeed. */
    private void inAnotherProcess(String... statements) throws Exception {
        String[] arguments = new String[statements.length + 2];
        arguments[0] = catalog.key();
        arguments[1] = dir.toString();
        System.arraycopy(statements, 0, arguments, 2, statements.length);
        try (JvmProcess other =
                JvmProcess.start(
                        PlainDuckDbProcess.class, dir.resolve("other-process.log"), arguments)) {
            other.awaitSuccess(Duration.ofMinutes(2));
        }
    }
}
