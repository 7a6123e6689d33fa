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

package dev.ducklake.engine.internal.table;

import dev.ducklake.engine.schema.TableName;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The latest description of each table read so far, valid for one schema version of the lake. Every
 * change of a definition (a table created, dropped or renamed, a column added, changed or
 * commented, the partitioning set) moves DuckLake's schema version, and commits of rows do not, so
 * a description read at the lake's current schema version stays right until the next such change.
 * Seeing a newer schema version empties the cache; an older one (a reader that raced a change)
 * neither reads nor fills it.
 */
final class LatestDescriptions {

    private long schemaVersion = -1;

    /** By {@link TableCatalog#matchKey}; an empty value for a table that does not exist. */
    private final Map<String, Optional<TableCatalog.Described>> byName = new HashMap<>();

    /**
     * The cached description at this schema version: empty if not cached, else whether the table
     * exists.
     */
    synchronized Optional<Optional<TableCatalog.Described>> get(long version, TableName name) {
        return version == schemaVersion
                ? Optional.ofNullable(byName.get(TableCatalog.matchKey(name)))
                : Optional.empty();
    }

    /** Caches a description read at this schema version. */
    synchronized void put(
            long version, TableName name, Optional<TableCatalog.Described> described) {
        if (version > schemaVersion) {
            byName.clear();
            schemaVersion = version;
        }
        if (version == schemaVersion) {
            byName.put(TableCatalog.matchKey(name), described);
        }
    }
}
