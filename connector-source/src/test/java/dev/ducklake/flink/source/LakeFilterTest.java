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

package dev.ducklake.flink.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The DuckDB SQL of {@link LakeFilter} conditions. */
class LakeFilterTest {

    @Test
    void conditionsNestAsParenthesizedSqlWithEachColumnWrittenByTheCaller() {
        LakeFilter filter =
                new LakeFilter.Or(
                        List.of(
                                new LakeFilter.And(
                                        List.of(
                                                new LakeFilter.Compare("amount", ">=", "100"),
                                                new LakeFilter.IsNull("note", true))),
                                new LakeFilter.Not(
                                        new LakeFilter.In("region", List.of("'eu'", "'us'")))));

        assertThat(filter.sql(column -> "t.\"" + column + "\""))
                .isEqualTo(
                        "(((t.\"amount\" >= 100) AND (t.\"note\" IS NOT NULL))"
                                + " OR (NOT (t.\"region\" IN ('eu', 'us'))))");
        assertThat(filter.toRowFilter().sql(column -> column))
                .isEqualTo(
                        "(((amount >= 100) AND (note IS NOT NULL)) OR (NOT (region IN ('eu', 'us'))))");
    }

    @Test
    void anUnknownComparisonIsRefused() {
        assertThatThrownBy(() -> new LakeFilter.Compare("amount", "LIKE", "'x%'"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Unknown comparison LIKE");
    }
}
