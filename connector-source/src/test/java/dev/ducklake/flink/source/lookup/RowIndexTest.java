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

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;
import org.junit.jupiter.api.Test;

/** The full cache's rows by lookup key, as the changes between versions move them. */
class RowIndexTest {

    private static final RowType ROW =
            RowType.of(new BigIntType(), new VarCharType(20), new BigIntType());

    private static RowData row(long id, String tier, Long qty) {
        return GenericRowData.of(id, tier == null ? null : StringData.fromString(tier), qty);
    }

    private static List<String> lookup(RowIndex index, Object key) {
        return index.lookup(GenericRowData.of(key)).stream().map(RowIndexTest::describe).toList();
    }

    @Test
    void aKeyColumnThatIsNotUniqueHoldsEveryMatchingRowAndFollowsChanges() {
        RowIndex byTier = new RowIndex(ROW, new int[] {1});
        byTier.add(row(1, "gold", 10L));
        byTier.add(row(2, "gold", 20L));
        byTier.add(row(3, "silver", null));
        assertThat(lookup(byTier, StringData.fromString("gold")))
                .containsExactlyInAnyOrder("1/gold/10", "2/gold/20");

        // An update that moves row 2 to another key, and a delete.
        byTier.remove(row(2, "gold", 20L));
        byTier.add(row(2, "silver", 21L));
        byTier.remove(row(3, "silver", null));
        assertThat(lookup(byTier, StringData.fromString("gold"))).containsExactly("1/gold/10");
        assertThat(lookup(byTier, StringData.fromString("silver"))).containsExactly("2/silver/21");
        byTier.remove(row(1, "gold", 10L));
        assertThat(lookup(byTier, StringData.fromString("gold"))).isEmpty();
        assertThat(byTier.rows()).isEqualTo(1);
    }

    @Test
    void aNullKeyMatchesNothing() {
        RowIndex byTier = new RowIndex(ROW, new int[] {1});
        byTier.add(row(1, null, 10L));
        assertThat(byTier.rows()).isZero();
        assertThat(lookup(byTier, null)).isEmpty();
    }

    @Test
    void aRemovedRowMustEqualTheHeldOneInEveryColumn() {
        RowIndex byId = new RowIndex(ROW, new int[] {0});
        byId.add(row(1, "gold", 10L));
        byId.remove(row(1, "gold", 11L));
        assertThat(lookup(byId, 1L)).containsExactly("1/gold/10");
    }

    @Test
    void manyRowsAddedAndRemovedMatchAModel() {
        RowIndex byTier = new RowIndex(ROW, new int[] {1});
        Map<String, List<String>> model = new HashMap<>();
        Random random = new Random(7);
        List<RowData> held = new ArrayList<>();
        for (int i = 0; i < 200_000; i++) {
            if (!held.isEmpty() && random.nextInt(3) == 0) {
                RowData removed = held.remove(random.nextInt(held.size()));
                byTier.remove(removed);
                model.get(removed.getString(1).toString()).remove(describe(removed));
            } else {
                RowData added = row(i, "tier-" + random.nextInt(5_000), (long) random.nextInt(3));
                byTier.add(added);
                held.add(added);
                model.computeIfAbsent(added.getString(1).toString(), tier -> new ArrayList<>())
                        .add(describe(added));
            }
        }
        assertThat(byTier.rows()).isEqualTo(held.size());
        for (int tier = 0; tier < 5_000; tier++) {
            String key = "tier-" + tier;
            assertThat(lookup(byTier, StringData.fromString(key)))
                    .as(key)
                    .containsExactlyInAnyOrderElementsOf(model.getOrDefault(key, List.of()));
        }
    }

    private static String describe(RowData row) {
        return row.getLong(0)
                + "/"
                + row.getString(1)
                + "/"
                + (row.isNullAt(2) ? null : row.getLong(2));
    }
}
