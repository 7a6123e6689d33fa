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

package dev.ducklake.engine.internal.catalog;

import java.util.List;

/**
 * A table as DuckLake numbers it: its table id and the snapshots that gave it a name, oldest first:
 * the one that created it, then one per rename (a renamed table keeps its id).
 */
public record TableIdentity(long id, List<Long> namedAt) {

    public TableIdentity {
        namedAt = List.copyOf(namedAt);
    }

    /** The snapshot that created the table. */
    public long createdAt() {
        return namedAt.get(0);
    }
}
