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

package dev.ducklake.flink.source.lookup;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ducklake.engine.schema.LakeType;
import dev.ducklake.engine.schema.LakeType.Primitive;
import java.util.List;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.CharType;
import org.apache.flink.table.types.logical.LogicalType;
import org.junit.jupiter.api.Test;

/**
 * The condition a batch of lookup keys reads: IN lists, which DuckLake prunes files with, and the
 * keys.
 */
class KeyFilterTest {

    private static String sql(KeyFilter filter, GenericRowData... keys) {
        return filter.forKeys(List.of(keys))
                .map(f -> f.sql(column -> "\"" + column + "\""))
                .orElse("(none)");
    }

    /** The filter of one BIGINT key column {@code id}. */
    private static KeyFilter bigintIdFilter() {
        return new KeyFilter(
                List.of("id"),
                List.<LakeType>of(Primitive.BIGINT),
                List.<LogicalType>of(new BigIntType()));
    }

    @Test
    void oneKeyColumnIsAnInListOfTheBatchsDistinctKeys() {
        KeyFilter filter = bigintIdFilter();
        assertThat(
                        sql(
                                filter,
                                GenericRowData.of(7L),
                                GenericRowData.of(-3L),
                                GenericRowData.of(7L)))
                .isEqualTo("(\"id\" IN (CAST('7' AS BIGINT), CAST('-3' AS BIGINT)))");
    }

    @Test
    void severalKeyColumnsAreInListsAndEqualitiesOfEachKey() {
        KeyFilter filter =
                new KeyFilter(
                        List.of("region", "id"),
                        List.of(Primitive.VARCHAR, Primitive.BIGINT),
                        List.of(new CharType(4), new BigIntType()));
        // CHAR keys lose the padding the sink never writes.
        assertThat(
                        sql(
                                filter,
                                GenericRowData.of(StringData.fromString("eu  "), 2L),
                                GenericRowData.of(StringData.fromString("asia"), 5L)))
                .isEqualTo(
                        "(\"region\" IN ('eu', 'asia') AND \"id\" IN (CAST('2' AS BIGINT), CAST('5' AS BIGINT))"
                                + " AND (\"region\" = 'eu' AND \"id\" = CAST('2' AS BIGINT) OR"
                                + " \"region\" = 'asia' AND \"id\" = CAST('5' AS BIGINT)))");
    }

    @Test
    void keysWithANullMatchNothing() {
        KeyFilter filter = bigintIdFilter();
        assertThat(sql(filter, GenericRowData.of((Object) null))).isEqualTo("(none)");
        assertThat(sql(filter, GenericRowData.of((Object) null), GenericRowData.of(1L)))
                .isEqualTo("(\"id\" IN (CAST('1' AS BIGINT)))");
    }
}
