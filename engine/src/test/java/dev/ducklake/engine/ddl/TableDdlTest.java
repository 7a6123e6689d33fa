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
import dev.ducklake.engine.error.TableNotFoundException;
import dev.ducklake.engine.error.UnsupportedChangeException;
import dev.ducklake.engine.read.RowReader;
import dev.ducklake.engine.read.ScanRequest;
import dev.ducklake.engine.schema.LakeObject;
import dev.ducklake.engine.schema.LakeType.Primitive;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.schema.TableSchema;
import dev.ducklake.engine.testutils.DuckDbAndPostgresCatalogs;
import dev.ducklake.engine.testutils.TestLake;
import dev.ducklake.engine.testutils.TestLakes;
import dev.ducklake.engine.write.MergeSession;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Tables listed, dropped and renamed; a renamed table keeps its history (versions, reads and
 * definitions at old versions), its properties and its before-images. Plain DuckDB is the model.
 */
class TableDdlTest {

    static final TableName ORDERS = TableName.of("sales", "orders");
    static final TableName RENAMED = TableName.of("sales", "orders_v2");
    static final TableSchema SCHEMA =
            TestLakes.keyValueSchema("id", Primitive.BIGINT, "status", Primitive.VARCHAR);

    @RegisterExtension final TestLake lake = TestLake.perKind();

    @DuckDbAndPostgresCatalogs
    void aRenamedTableKeepsItsHistoryPropertiesAndBeforeImages(CatalogLocation.Kind kind)
            throws Exception {
        LakeEngine engine = lake.open(kind);
        long created = engine.createTable(ORDERS, SCHEMA);
        long first = upsert(engine, ORDERS, 1L, "new");
        engine.setTableProperties(ORDERS, Map.of("owner", "team-a"));
        engine.createTable(TableName.of("sales", "taken"), SCHEMA);
        long latest = engine.latestVersion(ORDERS);

        assertThatThrownBy(() -> engine.renameTable(ORDERS, TableName.of("main", "orders")))
                .isInstanceOf(UnsupportedChangeException.class)
                .hasMessageContaining("within its schema");
        assertThatThrownBy(() -> engine.renameTable(ORDERS, TableName.of("sales", "TAKEN")))
                .isInstanceOf(AlreadyExistsException.class)
                .hasMessageContaining("sales.TAKEN");
        assertThatThrownBy(() -> engine.renameTable(TableName.of("sales", "nope"), RENAMED))
                .isInstanceOf(TableNotFoundException.class);
        assertThat(engine.latestVersion(ORDERS)).isEqualTo(latest);

        long renamed = engine.renameTable(ORDERS, RENAMED);
        long second = upsert(engine, RENAMED, 1L, "paid");

        assertThat(engine.tableExists(ORDERS)).isFalse();
        assertThat(engine.versions(RENAMED, 0, 10))
                .extracting(v -> v.id())
                .containsExactly(second, renamed, first, created);
        assertThat(engine.describeTable(RENAMED, first)).isEqualTo(SCHEMA);
        assertThat(rows(engine, RENAMED, first)).containsExactly("[1, new]");
        assertThat(rows(engine, RENAMED, second)).containsExactly("[1, paid]");
        assertThat(engine.tableProperties(RENAMED)).isEqualTo(Map.of("owner", "team-a"));
        try (var changes = engine.changes(RENAMED, first, second)) {
            assertThat(changes.toList()).hasSize(1);
        }
        assertThat(engine.listTables("sales"))
                .extracting(LakeObject::name)
                .containsExactly(RENAMED, TableName.of("sales", "taken"));

        assertThat(engine.dropTable(TableName.of("sales", "taken"), false)).isTrue();
        assertThat(engine.dropTable(TableName.of("sales", "taken"), true)).isFalse();
        assertThatThrownBy(() -> engine.dropTable(TableName.of("sales", "taken"), false))
                .isInstanceOf(TableNotFoundException.class)
                .hasMessageContaining("sales.taken");
        engine.close();
        assertThat(
                        TestLakes.plainRows(
                                lake.catalog(), lake.dir(), "SELECT * FROM plain.sales.orders_v2"))
                .containsExactly("1|paid");
        assertThat(
                        TestLakes.plainRows(
                                lake.catalog(),
                                lake.dir(),
                                "SELECT table_name FROM duckdb_tables()"
                                        + " WHERE database_name = 'plain' AND schema_name = 'sales'"))
                .containsExactly("orders_v2");
        // Two before-image tables were made; the dropped table's went with it, the renamed
        // one's was renamed.
        assertThat(
                        TestLakes.plainRows(
                                lake.catalog(),
                                lake.dir(),
                                "SELECT count(*) FROM duckdb_tables()"
                                        + " WHERE database_name = 'plain' AND schema_name = 'ducklake_engine'"
                                        + " AND table_name LIKE 'before_images_%'"))
                .containsExactly("1");
    }

    @Test
    void anotherEngineOnTheSamePostgresCatalogSeesDdlWithoutReopening() {
        LakeEngine writer = lake.open(CatalogLocation.Kind.POSTGRES);
        LakeEngine reader = lake.openAnother();
        assertThat(reader.listSchemas()).containsExactly("main");

        writer.createSchema("sales", false);
        writer.createTable(ORDERS, SCHEMA);
        writer.setTableProperties(ORDERS, Map.of("connector", "ducklake"));
        writer.setTableComment(ORDERS, "all orders");
        writer.renameTable(ORDERS, RENAMED);
        writer.renameColumn(RENAMED, "status", "state");

        assertThat(reader.listSchemas()).containsExactly("main", "sales");
        assertThat(reader.listTables("sales"))
                .extracting(LakeObject::name)
                .containsExactly(RENAMED);
        assertThat(reader.describeTable(RENAMED).names()).containsExactly("id", "state");
        assertThat(reader.tableProperties(RENAMED)).isEqualTo(Map.of("connector", "ducklake"));
        assertThat(reader.tableComment(RENAMED)).contains("all orders");

        writer.dropSchema("sales", false, true);

        assertThat(reader.listSchemas()).containsExactly("main");
        assertThat(reader.tableExists(RENAMED)).isFalse();
    }

    private static long upsert(LakeEngine engine, TableName table, long id, String status) {
        try (MergeSession merge = engine.openMergeSession(table)) {
            merge.upsert(new Object[] {id, status});
            return merge.commit().version();
        }
    }

    private static List<String> rows(LakeEngine engine, TableName table, long version) {
        try (RowReader rows = engine.read(table, ScanRequest.builder().version(version).build())) {
            return rows.toList().stream().map(Arrays::toString).toList();
        }
    }
}
