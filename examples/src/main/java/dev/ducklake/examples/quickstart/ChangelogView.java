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

package dev.ducklake.examples.quickstart;

import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import org.apache.flink.table.data.RowData;
import org.apache.flink.types.RowKind;

/**
 * The orders table rebuilt from its changelog: {@code +I} and {@code +U} put a row, {@code -D}
 * removes one, and every before-image ({@code -U}, {@code -D}) is checked against the row the view
 * holds. Counts the changes by kind.
 */
final class ChangelogView {

    private final Map<String, List<Object>> rows = new HashMap<>();
    private final Map<RowKind, Long> counts = new EnumMap<>(RowKind.class);
    private long mismatchedImages;

    void apply(RowData change) {
        counts.merge(change.getRowKind(), 1L, Long::sum);
        List<Object> image = values(change);
        String key = (String) image.get(0);
        switch (change.getRowKind()) {
            case INSERT, UPDATE_AFTER -> rows.put(key, image);
            case UPDATE_BEFORE -> checkBefore(key, image);
            case DELETE -> {
                checkBefore(key, image);
                rows.remove(key);
            }
        }
    }

    private void checkBefore(String key, List<Object> image) {
        if (!Objects.equals(rows.get(key), image)) {
            mismatchedImages++;
        }
    }

    long count(RowKind kind) {
        return counts.getOrDefault(kind, 0L);
    }

    int size() {
        return rows.size();
    }

    /** Before-images that differed from the row the view held: zero for an exact changelog. */
    long mismatchedImages() {
        return mismatchedImages;
    }

    boolean holds(Map<String, List<Object>> table) {
        return rows.equals(table);
    }

    /** The first order where the view and the table differ, for an error message. */
    String difference(Map<String, List<Object>> table) {
        Set<String> keys = new TreeSet<>(rows.keySet());
        keys.addAll(table.keySet());
        for (String key : keys) {
            if (!Objects.equals(rows.get(key), table.get(key))) {
                return "order "
                        + key
                        + " is "
                        + rows.get(key)
                        + " in the changelog, "
                        + table.get(key)
                        + " in the table";
            }
        }
        return "none";
    }

    /**
     * A row of {@link OrderEvent#ROW_TYPE}'s values as the engine reads them, so that both sides
     * compare equal.
     */
    static List<Object> values(RowData row) {
        return List.of(
                row.getString(0).toString(),
                row.getString(1).toString(),
                row.getString(2).toString(),
                row.getDecimal(3, 10, 2).toBigDecimal(),
                row.getTimestamp(4, 3).toLocalDateTime());
    }
}
