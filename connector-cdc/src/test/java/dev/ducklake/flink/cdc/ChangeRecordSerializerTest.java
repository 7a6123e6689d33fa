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

package dev.ducklake.flink.cdc;

import java.math.BigDecimal;
import java.util.List;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.runtime.typeutils.RowDataSerializer;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;
import org.apache.flink.types.RowKind;

/**
 * Flink's own serializer test suite over change records of different tables and schemas, row kinds
 * included; a record's row comes back as Flink's binary row, compared by its values.
 */
public class ChangeRecordSerializerTest extends OpaqueTypeSerializerTestBase<ChangeRecord> {

    private static final ChangeSchema ORDERS =
            ChangeSchema.of(
                    RowType.of(
                            new LogicalType[] {new BigIntType(false), new DecimalType(10, 2)},
                            new String[] {"id", "total"}),
                    List.of("id"));
    private static final ChangeSchema ORDERS_WIDER =
            ChangeSchema.of(
                            RowType.of(
                                    new LogicalType[] {
                                        new BigIntType(false),
                                        new DecimalType(10, 2),
                                        new VarCharType(VarCharType.MAX_LENGTH)
                                    },
                                    new String[] {"id", "total", "label"}),
                            List.of("id"))
                    .withRename("note", "label");
    private static final ChangeSchema EVENTS =
            ChangeSchema.of(
                    RowType.of(new LogicalType[] {new IntType()}, new String[] {"n"}), List.of());

    ChangeRecordSerializerTest() {
        super(
                ChangeRecordTypeInfo.INSTANCE,
                ChangeRecordSerializer::new,
                ChangeRecord.class,
                ChangeRecordSerializerTest::same);
    }

    @Override
    protected ChangeRecord[] getTestData() {
        return new ChangeRecord[] {
            new ChangeRecord(
                    "shop.orders",
                    GenericRowData.ofKind(
                            RowKind.INSERT,
                            1L,
                            DecimalData.fromBigDecimal(new BigDecimal("12.50"), 10, 2)),
                    ORDERS),
            new ChangeRecord(
                    "shop.orders",
                    GenericRowData.ofKind(
                            RowKind.UPDATE_BEFORE,
                            1L,
                            DecimalData.fromBigDecimal(new BigDecimal("12.50"), 10, 2),
                            null),
                    ORDERS_WIDER),
            new ChangeRecord(
                    "shop.orders",
                    GenericRowData.ofKind(
                            RowKind.UPDATE_AFTER,
                            1L,
                            DecimalData.fromBigDecimal(new BigDecimal("13.00"), 10, 2),
                            StringData.fromString("x")),
                    ORDERS_WIDER),
            new ChangeRecord(
                    "shop.orders", GenericRowData.ofKind(RowKind.DELETE, 2L, null), ORDERS),
            new ChangeRecord("events", GenericRowData.of(7), EVENTS),
        };
    }

    /** Rows compare by kind and values: a deserialized row is binary, the test data generic. */
    public static boolean same(ChangeRecord should, ChangeRecord is) {
        RowDataSerializer rows = new RowDataSerializer(should.schema().rowType());
        return is.table().equals(should.table())
                && is.schema().equals(should.schema())
                && is.kind() == should.kind()
                && rows.toBinaryRow(is.row()).equals(rows.toBinaryRow(rows.copy(should.row())));
    }
}
