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
import dev.ducklake.engine.error.LakeException;
import dev.ducklake.engine.testutils.TestLakes;
import dev.ducklake.engine.write.WriteMode;
import dev.ducklake.engine.write.WriteSession;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The engine contract on a DuckDB-file catalog, plus what only a file catalog has. */
class DuckDbCatalogTest extends LakeEngineContractTest {

    @Override
    CatalogLocation.Kind kind() {
        return CatalogLocation.Kind.DUCKDB;
    }

    @Test
    void readOnlyEngineReadsButRefusesWrites() {
        engine.createTable(ORDERS, ORDERS_SCHEMA);
        long version = append(ORDERS, order("o-1", "1", "a")).version();
        engine.close();

        engine = LakeEngine.open(TestLakes.config(catalog, dir).readOnly(true).build());
        assertThat(engine.latestVersion(ORDERS)).isEqualTo(version);
        assertThat(ordersByKey()).containsOnlyKeys("o-1");
        try (WriteSession session = engine.openWriteSession(ORDERS, WriteMode.APPEND)) {
            session.write(order("o-2", "2", "b"));
            assertThatThrownBy(session::commit)
                    .isInstanceOf(LakeException.class)
                    .hasMessageContaining("read-only");
        }
        assertThat(engine.latestVersion(ORDERS)).isEqualTo(version);
    }

    @Test
    void readOnlyEngineRefusesACatalogThatDoesNotExist() {
        CatalogLocation missing = CatalogLocation.duckDbFile(dir.resolve("absent.ducklake"));
        assertThatThrownBy(
                        () ->
                                LakeEngine.open(
                                        TestLakes.config(missing, dir).readOnly(true).build()))
                .isInstanceOf(LakeException.class)
                .hasMessageContaining("absent.ducklake")
                .hasMessageContaining("does not exist");
    }

    @Test
    void aNewCatalogFileGetsItsMissingDirectories() {
        CatalogLocation nested =
                CatalogLocation.duckDbFile(dir.resolve("new/lake/metadata.ducklake"));
        try (LakeEngine created = TestLakes.open(nested, dir)) {
            created.createTable(ORDERS, ORDERS_SCHEMA);
            assertThat(created.tableExists(ORDERS)).isTrue();
        }
        assertThat(dir.resolve("new/lake/metadata.ducklake")).isRegularFile();
    }

    @Test
    void secretsForObjectStorageAreCreated() {
        engine.close();
        engine =
                LakeEngine.open(
                        TestLakes.config(catalog, dir)
                                .secret(
                                        "lake_s3",
                                        Map.of(
                                                "TYPE",
                                                "s3",
                                                "KEY_ID",
                                                "AKIA'quoted",
                                                "SECRET",
                                                "s3cr3t",
                                                "REGION",
                                                "eu-west-1"))
                                .build());
        engine.createTable(ORDERS, ORDERS_SCHEMA);
        assertThat(engine.tableExists(ORDERS)).isTrue();
    }
}
