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

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The full cache's rows by lookup key, as the changes between versions move them, in the heap and
 * on disk; the store on disk leaves no file behind.
 */
class CachedRowsTest {

    @TempDir Path dir;

    private final List<CachedRows> opened = new ArrayList<>();

    @AfterEach
    void closeAndFindNoFileLeft() throws IOException {
        opened.forEach(CachedRows::close);
        try (Stream<Path> left = Files.list(dir)) {
            assertThat(left).as("files left in the store's directory").isEmpty();
        }
    }

    private CachedRows store(String storage, int keyPosition) {
        CachedRows rows =
                storage.equals("heap")
                        ? new RowIndex(ROW, new int[] {keyPosition})
                        : new DiskRows(ROW, new int[] {keyPosition}, dir);
        opened.add(rows);
        return rows;
    }

    private static final RowType ROW =
            RowType.of(new BigIntType(), new VarCharType(20), new BigIntType());

    private static RowData row(long id, String tier, Long qty) {
        return GenericRowData.of(id, tier == null ? null : StringData.fromString(tier), qty);
    }

    private static List<String> lookup(CachedRows index, Object key) {
        return index.lookup(GenericRowData.of(key)).stream().map(CachedRowsTest::describe).toList();
    }

    @ParameterizedTest
    @ValueSource(strings = {"heap", "disk"})
    void aKeyColumnThatIsNotUniqueHoldsEveryMatchingRowAndFollowsChanges(String storage) {
        CachedRows byTier = store(storage, 1);
        byTier.add(row(1, "gold", 10L));
        byTier.add(row(2, "gold", 20L));
        byTier.add(row(3, "silver", null));
        byTier.flush();
        assertThat(lookup(byTier, StringData.fromString("gold")))
                .containsExactlyInAnyOrder("1/gold/10", "2/gold/20");

        // An update that moves row 2 to another key, and a delete.
        byTier.remove(row(2, "gold", 20L));
        byTier.add(row(2, "silver", 21L));
        byTier.remove(row(3, "silver", null));
        byTier.flush();
        assertThat(lookup(byTier, StringData.fromString("gold"))).containsExactly("1/gold/10");
        assertThat(lookup(byTier, StringData.fromString("silver"))).containsExactly("2/silver/21");
        byTier.remove(row(1, "gold", 10L));
        byTier.flush();
        assertThat(lookup(byTier, StringData.fromString("gold"))).isEmpty();
        assertThat(byTier.rows()).isEqualTo(1);
    }

    @ParameterizedTest
    @ValueSource(strings = {"heap", "disk"})
    void aNullKeyMatchesNothing(String storage) {
        CachedRows byTier = store(storage, 1);
        byTier.add(row(1, null, 10L));
        byTier.flush();
        assertThat(byTier.rows()).isZero();
        assertThat(lookup(byTier, null)).isEmpty();
    }

    /** A table may hold equal rows; a delete removes one row equal to it in every column. */
    @ParameterizedTest
    @ValueSource(strings = {"heap", "disk"})
    void aDeleteRemovesOneRowEqualToItInEveryColumn(String storage) {
        CachedRows byId = store(storage, 0);
        for (int copy = 0; copy < 2; copy++) {
            byId.add(row(1, "gold", 10L));
        }
        byId.remove(row(1, "gold", 11L));
        byId.flush();
        assertThat(lookup(byId, 1L)).containsExactly("1/gold/10", "1/gold/10");
        byId.remove(row(1, "gold", 10L));
        byId.flush();
        assertThat(lookup(byId, 1L)).containsExactly("1/gold/10");
        assertThat(byId.rows()).isEqualTo(1);
    }

    @ParameterizedTest
    @ValueSource(strings = {"heap", "disk"})
    void manyRowsAddedAndRemovedMatchAModel(String storage) {
        CachedRows byTier = store(storage, 1);
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
        byTier.flush();
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
