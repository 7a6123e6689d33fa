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

package dev.ducklake.flink.cdc.transaction;

import dev.ducklake.flink.cdc.ChangeRecord;
import dev.ducklake.flink.cdc.ChangeRecordSerializerTest;
import dev.ducklake.flink.cdc.ChangeSchema;
import dev.ducklake.flink.cdc.OpaqueTypeSerializerTestBase;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.types.RowKind;

/** Flink's own serializer test suite over changes (in and outside transactions) and ends. */
class SourceTransactionEventSerializerTest
        extends OpaqueTypeSerializerTestBase<SourceTransactionEvent> {

    private static final ChangeSchema SCHEMA =
            ChangeSchema.of(
                    RowType.of(new LogicalType[] {new BigIntType(false)}, new String[] {"id"}),
                    List.of("id"));

    SourceTransactionEventSerializerTest() {
        super(
                SourceTransactionEventTypeInfo.INSTANCE,
                SourceTransactionEventSerializer::new,
                SourceTransactionEvent.Change.class,
                SourceTransactionEventSerializerTest::same);
    }

    /**
     * Changes compare by their records' values: a deserialized row is binary, the test data
     * generic.
     */
    private static boolean same(
            SourceTransactionEvent.Change should, SourceTransactionEvent.Change is) {
        if (!Objects.equals(should.transactionId(), is.transactionId())
                || should.order() != is.order()
                || !should.table().equals(is.table())
                || should.records().size() != is.records().size()) {
            return false;
        }
        for (int i = 0; i < should.records().size(); i++) {
            if (!ChangeRecordSerializerTest.same(should.records().get(i), is.records().get(i))) {
                return false;
            }
        }
        return true;
    }

    @Override
    protected SourceTransactionEvent[] getTestData() {
        return new SourceTransactionEvent[] {
            new SourceTransactionEvent.Change(
                    "571",
                    2,
                    "public.t",
                    List.of(
                            new ChangeRecord(
                                    "public.t",
                                    GenericRowData.ofKind(RowKind.UPDATE_BEFORE, 1L),
                                    SCHEMA),
                            new ChangeRecord(
                                    "public.t",
                                    GenericRowData.ofKind(RowKind.UPDATE_AFTER, 1L),
                                    SCHEMA))),
            new SourceTransactionEvent.Change(
                    null,
                    0,
                    "public.t",
                    List.of(new ChangeRecord("public.t", GenericRowData.of(2L), SCHEMA))),
            new SourceTransactionEvent.Change("572", 1, "public.u", List.of()),
            new SourceTransactionEvent.End("571", 53195832, Map.of("public.t", 2L, "public.u", 1L)),
            new SourceTransactionEvent.End("573", SourceTransactionEvent.End.NO_POSITION, Map.of()),
        };
    }
}
