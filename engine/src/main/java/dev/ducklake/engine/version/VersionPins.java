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

package dev.ducklake.engine.version;

import dev.ducklake.engine.schema.TableName;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Versions that readers still need, such as the position of a running change source. Snapshot
 * expiry never removes a pinned version or anything newer.
 */
public final class VersionPins {

    private final Map<Pin, Boolean> pins = new ConcurrentHashMap<>();

    /** Pins the version until the returned pin is closed. */
    public Pin pin(TableName table, long version) {
        Pin pin = new Pin(table, version);
        pins.put(pin, Boolean.TRUE);
        return pin;
    }

    /** The oldest pinned version of any table, or empty when nothing is pinned. */
    public OptionalLong oldest() {
        return pins.keySet().stream().mapToLong(Pin::version).min();
    }

    /**
     * A held pin; closing it twice releases once. Identity equality: two pins of one version are
     * two holds.
     */
    public final class Pin implements AutoCloseable {
        private final TableName table;
        private final long version;

        private Pin(TableName table, long version) {
            this.table = table;
            this.version = version;
        }

        public TableName table() {
            return table;
        }

        public long version() {
            return version;
        }

        @Override
        public void close() {
            pins.remove(this);
        }

        @Override
        public String toString() {
            return "pin of " + table + " at version " + version;
        }
    }
}
