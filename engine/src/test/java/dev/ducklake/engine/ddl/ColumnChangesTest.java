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
import dev.ducklake.engine.error.UnsupportedChangeException;
import dev.ducklake.engine.read.RowReader;
import dev.ducklake.engine.read.ScanRequest;
import dev.ducklake.engine.schema.LakeType;
import dev.ducklake.engine.schema.LakeType.Primitive;
import dev.ducklake.engine.schema.PartitionField;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.schema.TableSchema;
import dev.ducklake.engine.testutils.DuckDbAndPostgresCatalogs;
import dev.ducklake.engine.testutils.TestLake;
import dev.ducklake.engine.testutils.TestLakes;
import dev.ducklake.engine.testutils.TestSchemas;
import dev.ducklake.engine.write.MergeSession;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Columns dropped, renamed and widened, each a version; key and partition columns keep their role
 * or are refused; every refusal names the table and column and leaves the table as it was.
 */
class ColumnChangesTest {

    static final TableName ORDERS = TableName.of("orders");
    static final TableSchema SCHEMA =
            TestSchemas.columns(
                            "id INTEGER NOT NULL",
                            "region VARCHAR",
                            "qty SMALLINT",
                            "price DECIMAL(9,2)",
                            "ratio FLOAT",
                            "note VARCHAR")
                    .primaryKey("id")
                    .partitionBy(PartitionField.identity("region"))
                    .build();

    @RegisterExtension final TestLake lake = TestLake.perKind();

    @DuckDbAndPostgresCatalogs
    void columnsChangeWithinWhatDuckLakeAllows(CatalogLocation.Kind kind) throws Exception {
        LakeEngine engine = lake.open(kind);
        engine.createTable(ORDERS, SCHEMA);
        long before = upsert(new Object[] {1, "eu", (short) 2, new BigDecimal("9.99"), 0.5f, "x"});

        refused(
                () -> engine.dropColumn(ORDERS, "ID"),
                UnsupportedChangeException.class,
                "Cannot drop column 'id' of main.orders: it is part of the primary key");
        refused(
                () -> engine.dropColumn(ORDERS, "region"),
                UnsupportedChangeException.class,
                "Cannot drop column 'region' of main.orders: the table is partitioned by it");
        refused(() -> engine.dropColumn(ORDERS, "nope"), LakeValidationException.class, "'nope'");
        refused(
                () -> engine.renameColumn(ORDERS, "note", "QTY"),
                AlreadyExistsException.class,
                "column 'note' of main.orders to 'QTY'");
        refused(
                () -> engine.alterColumnType(ORDERS, "qty", Primitive.TINYINT),
                UnsupportedChangeException.class,
                "'qty' of main.orders from SMALLINT to TINYINT");
        refused(
                () -> engine.alterColumnType(ORDERS, "id", Primitive.DOUBLE),
                UnsupportedChangeException.class,
                "'id' of main.orders from INTEGER to DOUBLE");
        refused(
                () -> engine.alterColumnType(ORDERS, "note", Primitive.INTEGER),
                UnsupportedChangeException.class,
                "from VARCHAR to INTEGER");
        refused(
                () -> engine.alterColumnType(ORDERS, "price", new LakeType.Decimal(12, 3)),
                UnsupportedChangeException.class,
                "from DECIMAL(9,2) to DECIMAL(12,3)");

        long dropped = engine.dropColumn(ORDERS, "note");
        long renamed = engine.renameColumn(ORDERS, "id", "order_id");
        engine.alterColumnType(ORDERS, "order_id", Primitive.BIGINT);
        engine.alterColumnType(ORDERS, "qty", Primitive.INTEGER);
        engine.alterColumnType(ORDERS, "price", new LakeType.Decimal(18, 2));
        long widened = engine.alterColumnType(ORDERS, "ratio", Primitive.DOUBLE);

        assertThat(engine.alterColumnType(ORDERS, "ratio", Primitive.DOUBLE)).isEqualTo(widened);
        assertThat(engine.versions(ORDERS, 0, 10))
                .extracting(v -> v.id())
                .startsWith(widened)
                .contains(dropped, renamed);
        TableSchema now = engine.describeTable(ORDERS);
        assertThat(now)
                .isEqualTo(
                        TestSchemas.columns(
                                        "order_id BIGINT NOT NULL",
                                        "region VARCHAR",
                                        "qty INTEGER",
                                        "price DECIMAL(18,2)",
                                        "ratio DOUBLE")
                                .primaryKey("order_id")
                                .partitionBy(PartitionField.identity("region"))
                                .build());
        assertThat(engine.describeTable(ORDERS, before)).isEqualTo(SCHEMA);
        assertThat(rows(before)).containsExactly("[1, eu, 2, 9.99, 0.5, x]");

        // The renamed key still keys merges, which keep before-images of the widened columns.
        long after = upsert(new Object[] {1L, "eu", 3, new BigDecimal("123456789.50"), 0.25});
        assertThat(rows(after)).containsExactly("[1, eu, 3, 123456789.50, 0.25]");
        try (var changes = engine.changes(ORDERS, widened, after)) {
            assertThat(changes.toList())
                    .singleElement()
                    .satisfies(c -> assertThat(c.before()).isNotNull());
        }
        engine.close();
        assertThat(
                        TestLakes.plainRows(
                                lake.catalog(),
                                lake.dir(),
                                "SELECT column_name, data_type FROM duckdb_columns()"
                                        + " WHERE database_name = 'plain' AND table_name = 'orders' ORDER BY column_index"))
                .containsExactly(
                        "order_id|BIGINT",
                        "region|VARCHAR",
                        "qty|INTEGER",
                        "price|DECIMAL(18,2)",
                        "ratio|DOUBLE");
        assertThat(
                        TestLakes.plainRows(
                                lake.catalog(), lake.dir(), "SELECT * FROM plain.main.orders"))
                .containsExactly("1|eu|3|123456789.50|0.25");
    }

    /**
     * The change fails with the type and message, and the table keeps its latest version and
     * definition.
     */
    private void refused(ThrowingCallable change, Class<? extends Exception> type, String message) {
        LakeEngine engine = lake.engine();
        long latest = engine.latestVersion(ORDERS);
        TableSchema schema = engine.describeTable(ORDERS);
        assertThatThrownBy(change).isInstanceOf(type).hasMessageContaining(message);
        assertThat(engine.latestVersion(ORDERS)).isEqualTo(latest);
        assertThat(engine.describeTable(ORDERS)).isEqualTo(schema);
    }

    private long upsert(Object[] row) {
        try (MergeSession merge = lake.engine().openMergeSession(ORDERS)) {
            merge.upsert(row);
            return merge.commit().version();
        }
    }

    private List<String> rows(long version) {
        try (RowReader rows =
                lake.engine().read(ORDERS, ScanRequest.builder().version(version).build())) {
            return rows.toList().stream().map(Arrays::toString).toList();
        }
    }
}
