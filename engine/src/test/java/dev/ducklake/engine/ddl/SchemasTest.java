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

package dev.ducklake.engine.ddl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ducklake.engine.LakeEngine;
import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.error.AlreadyExistsException;
import dev.ducklake.engine.error.LakeValidationException;
import dev.ducklake.engine.error.SchemaNotEmptyException;
import dev.ducklake.engine.error.SchemaNotFoundException;
import dev.ducklake.engine.schema.LakeObject;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.schema.TableSchema;
import dev.ducklake.engine.testutils.DuckDbAndPostgresCatalogs;
import dev.ducklake.engine.testutils.TestLakes;
import dev.ducklake.engine.testutils.TestSchemas;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/**
 * Schemas (Flink's databases): listed, created and dropped by the engine as plain DuckDB sees them,
 * with every refusal leaving the lake without a new snapshot.
 */
class SchemasTest {

    static final TableSchema KEYED = TestSchemas.columns("id BIGINT").primaryKey("id").build();

    @TempDir Path dir;

    @DuckDbAndPostgresCatalogs
    void schemasAreCreatedListedAndDropped(CatalogLocation.Kind kind) throws Exception {
        CatalogLocation catalog = TestLakes.catalog(kind, dir);
        try {
            // Objects another DuckDB user made: a schema with a table and a view.
            TestLakes.plainExecute(
                    catalog,
                    dir,
                    "CREATE SCHEMA plain.shop",
                    "CREATE TABLE plain.shop.items (id INT)",
                    "CREATE VIEW plain.shop.cheap AS SELECT * FROM plain.shop.items");
            try (LakeEngine engine = TestLakes.open(catalog, dir)) {
                assertThat(engine.listSchemas()).containsExactly("main", "shop");

                engine.createSchema("sales", false);
                engine.createSchema("sales", true);
                engine.createTable(TableName.of("sales", "orders"), KEYED);

                assertThat(engine.listSchemas())
                        .containsExactly("main", "sales", "shop"); // not ducklake_engine
                assertThat(engine.schemaExists("SALES")).isTrue();
                assertThat(engine.schemaExists("nope")).isFalse();
                assertThatThrownBy(() -> engine.createSchema("sales", false))
                        .isInstanceOf(AlreadyExistsException.class)
                        .hasMessageContaining("sales");
                assertThatThrownBy(() -> engine.dropSchema("shop", false, false))
                        .isInstanceOf(SchemaNotEmptyException.class)
                        .hasMessageContaining("table items")
                        .hasMessageContaining("view cheap");
                assertThatThrownBy(() -> engine.dropSchema("nope", false, false))
                        .isInstanceOf(SchemaNotFoundException.class)
                        .hasMessageContaining("nope");
                assertThatThrownBy(() -> engine.dropSchema("ducklake_engine", true, true))
                        .isInstanceOf(LakeValidationException.class)
                        .hasMessageContaining("engine's own tables");
                assertThatThrownBy(() -> engine.listTables("nope"))
                        .isInstanceOf(SchemaNotFoundException.class);
                assertThat(engine.listTables("shop"))
                        .containsExactly(
                                new LakeObject(TableName.of("shop", "cheap"), LakeObject.Kind.VIEW),
                                new LakeObject(
                                        TableName.of("shop", "items"), LakeObject.Kind.TABLE));

                engine.dropSchema("nope", true, false);
                engine.dropSchema("sales", false, true);
                engine.createSchema("empty", false);
                engine.dropSchema("empty", false, false);

                assertThat(engine.listSchemas()).containsExactly("main", "shop");
                assertThat(engine.tableExists(TableName.of("sales", "orders"))).isFalse();
            }
            assertThat(
                            TestLakes.plainRows(
                                    catalog,
                                    dir,
                                    "SELECT schema_name FROM duckdb_schemas()"
                                            + " WHERE database_name = 'plain' ORDER BY 1"))
                    .containsExactly("ducklake_engine", "main", "shop");
            // The dropped table's before-images went with it.
            assertThat(
                            TestLakes.plainRows(
                                    catalog,
                                    dir,
                                    "SELECT table_name FROM duckdb_tables()"
                                            + " WHERE database_name = 'plain' AND schema_name = 'ducklake_engine'"))
                    .isEmpty();
            // 0 main, 1-3 shop, 4 create sales, 5 create orders, 6 drop sales, 7 create empty, 8
            // drop empty: the refusals and the no-ops made no snapshot.
            assertThat(TestLakes.plainRows(catalog, dir, "SELECT count(*) FROM plain.snapshots()"))
                    .containsExactly("9");
        } finally {
            TestLakes.drop(catalog);
        }
    }
}
