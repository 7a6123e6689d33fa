package dev.ducklake.flink.sink.cdc.debezium;

import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.flink.annotation.Internal;

/** A map of at most {@code capacity} entries that forgets the least recently used one first. */
@Internal
final class LruCache<K, V> {

    private final Map<K, V> entries;

    LruCache(int capacity) {
        this.entries = new LinkedHashMap<>(16, 0.75f, true) {
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
