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

package dev.ducklake.flink.cdc.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ducklake.engine.LakeEngine;
import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.schema.LakeType.Primitive;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.testutils.TestLakes;
import dev.ducklake.engine.testutils.TestSchemas;
import dev.ducklake.engine.write.CommitOptions;
import dev.ducklake.engine.write.LakeTransaction;
import dev.ducklake.flink.cdc.ChangeSchema;
import dev.ducklake.flink.cdc.SchemaChangePolicy;
import java.nio.file.Path;
import java.util.List;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.MultisetType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.SmallIntType;
import org.apache.flink.table.types.logical.VarCharType;
import org.apache.flink.util.FlinkRuntimeException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How a lake table follows the schemas of a change stream: each change applied, each refusal naming
 * the table and the change, the policy deciding only what leaves the rows writable.
 */
class SchemaEvolutionTest {

    private static final TableName ORDERS = TableName.of("src", "orders");
    private static final VarCharType STRING = new VarCharType(VarCharType.MAX_LENGTH);

    @TempDir Path dir;

    LakeEngine engine;

    @BeforeEach
    void open() {
        engine =
                LakeEngine.open(
                        TestLakes.config(
                                        CatalogLocation.duckDbFile(dir.resolve("meta.ducklake")),
                                        dir)
                                .build());
        apply(
                schema(
                        List.of("id", "qty", "s", "note"),
                        List.of(new BigIntType(false), new IntType(false), STRING, STRING),
                        "id"),
                SchemaChangePolicy.FAIL);
    }

    @AfterEach
    void close() {
        engine.close();
    }

    @Test
    void aNewTableHasItsKeyNotNullAndEveryOtherColumnNullable() {
        assertOrdersTable(Primitive.INTEGER, "s", "note");
    }

    @Test
    void renamesAddsWideningsAndDropsAreAppliedTogether() {
        apply(
                schema(
                                List.of("id", "qty", "label", "added"),
                                List.of(new BigIntType(false), new BigIntType(), STRING, STRING),
                                "id")
                        .withRename("s", "label"),
                SchemaChangePolicy.FAIL);

        assertOrdersTable(Primitive.BIGINT, "label", "added");
    }

    @Test
    void aNarrowedTypeFailsNamingTableAndColumnOrIsSkippedKeepingTheWiderType() {
        ChangeSchema narrower =
                schema(
                        List.of("id", "qty", "s", "note"),
                        List.of(new BigIntType(false), new SmallIntType(), STRING, STRING),
                        "id");
        assertThatThrownBy(() -> apply(narrower, SchemaChangePolicy.FAIL))
                .isInstanceOf(FlinkRuntimeException.class)
                .hasMessageContaining("src.orders")
                .hasMessageContaining("column 'qty' changes from INTEGER to SMALLINT")
                .hasMessageContaining("SKIP");
        apply(narrower, SchemaChangePolicy.SKIP);
        assertThat(engine.describeTable(ORDERS).column(1).type()).isEqualTo(Primitive.INTEGER);
    }

    @Test
    void aKeyThatStillHoldsTheTablesKeyIsSkippableAnyOtherKeyChangeFails() {
        ChangeSchema wider =
                schema(
                        List.of("id", "qty", "s", "note"),
                        List.of(new BigIntType(false), new IntType(false), STRING, STRING),
                        "id",
                        "qty");
        assertThatThrownBy(() -> apply(wider, SchemaChangePolicy.FAIL))
                .isInstanceOf(FlinkRuntimeException.class)
                .hasMessageContaining("primary key changes from [id] to [id, qty]");
        apply(wider, SchemaChangePolicy.SKIP);
        assertThat(engine.describeTable(ORDERS).primaryKey()).containsExactly("id");

        ChangeSchema other =
                schema(
                        List.of("id", "qty", "s", "note"),
                        List.of(new BigIntType(), new IntType(false), STRING, STRING),
                        "qty");
        assertThatThrownBy(() -> apply(other, SchemaChangePolicy.SKIP))
                .isInstanceOf(FlinkRuntimeException.class)
                .hasMessageContaining("src.orders")
                .hasMessageContaining("[id] to [qty]");
    }

    @Test
    void changesThatLeaveRowsUnwritableFailWhateverThePolicy() {
        ChangeSchema retyped =
                schema(
                        List.of("id", "qty", "s", "note"),
                        List.of(new BigIntType(false), STRING, STRING, STRING),
                        "id");
        assertThatThrownBy(() -> apply(retyped, SchemaChangePolicy.SKIP))
                .isInstanceOf(FlinkRuntimeException.class)
                .hasMessageContaining("src.orders")
                .hasMessageContaining("column 'qty' changes from INTEGER to VARCHAR");
        ChangeSchema keyless =
                schema(List.of("qty", "s", "note"), List.of(new IntType(), STRING, STRING));
        assertThatThrownBy(() -> apply(keyless, SchemaChangePolicy.SKIP))
                .isInstanceOf(FlinkRuntimeException.class)
                .hasMessageContaining("src.orders");
        ChangeSchema multiset =
                schema(
                        List.of("id", "tags"),
                        List.of(new BigIntType(false), new MultisetType(STRING)),
                        "id");
        assertThatThrownBy(() -> apply(multiset, SchemaChangePolicy.FAIL))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("src.orders")
                .hasMessageContaining("'tags'")
                .hasMessageContaining("MULTISET");
        assertThat(engine.describeTable(ORDERS).names()).containsExactly("id", "qty", "s", "note");
    }

    private void apply(ChangeSchema schema, SchemaChangePolicy policy) {
        try (LakeTransaction tx = engine.openTransaction()) {
            SchemaEvolution.apply(tx, ORDERS, schema, policy);
            tx.commit(CommitOptions.defaults());
        }
    }

    private static ChangeSchema schema(List<String> names, List<LogicalType> types, String... key) {
        return ChangeSchema.of(
                RowType.of(types.toArray(LogicalType[]::new), names.toArray(String[]::new)),
                List.of(key));
    }

    /**
     * The lake's orders table is keyed by its not-null BIGINT {@code id}, followed by nullable
     * {@code qty} of the given type and two nullable VARCHAR columns.
     */
    private void assertOrdersTable(Primitive qty, String third, String fourth) {
        assertThat(engine.describeTable(ORDERS))
                .isEqualTo(
                        TestSchemas.columns("id BIGINT NOT NULL")
                                .column("qty", qty)
                                .column(third, Primitive.VARCHAR)
                                .column(fourth, Primitive.VARCHAR)
                                .primaryKey("id")
                                .build());
    }
}
