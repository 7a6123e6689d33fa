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

package dev.ducklake.flink.cdc.debezium;

import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.flink.annotation.Internal;

/** A map of at most {@code capacity} entries that forgets the least recently used one first. */
@Internal
final class LruCache<K, V> {

    private final Map<K, V> entries;

    LruCache(int capacity) {
        this.entries =
                new LinkedHashMap<>(16, 0.75f, true) {
                    private static final long serialVersionUID = 1L;

                    @Override
                    protected boolean removeEldestEntry(Map.Entry<K, V> eldest) {
                        return size() > capacity;
                    }
                };
    }

    V get(K key) {
        return entries.get(key);
    }

    void put(K key, V value) {
        entries.put(key, value);
    }

    int size() {
        return entries.size();
    }
}
