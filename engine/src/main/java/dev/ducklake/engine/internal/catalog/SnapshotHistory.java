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

import dev.ducklake.engine.internal.EngineContext;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Where a query reads the lake's snapshots, with their time, author, message, extra info and
 * changes: as {@code snapshot_id}, {@code snapshot_time}, {@code author}, {@code commit_message},
 * {@code commit_extra_info}, and conditions made by {@link #touches}.
 */
public enum SnapshotHistory {

    /**
     * DuckLake's {@code snapshots()}: reads the whole history at each call, as the caller's
     * transaction sees it, so it is the one to use inside a commit transaction.
     */
    LAKE {
        @Override
        public String source() {
            return EngineContext.LAKE_ALIAS + ".snapshots()";
        }

        @Override
        public String touches(Set<ChangeKind> kinds, long tableId) {
            return "list_contains(" + lakeTableIds(kinds) + ", '" + tableId + "')";
        }
    },

    /**
     * The catalog's own snapshot tables, their {@code changes_made} split into {@code kind:value}
     * entries as DuckLake splits it (at commas outside double quotes). A condition on {@code
     * snapshot_id} reaches the catalog's key, so a read of a few snapshots costs the same whatever
     * the length of the history. Like every read of the catalog's tables, never inside a commit
     * transaction (a SQLite catalog locks against its own readers).
     */
    CATALOG {
        private static final String ENTRY = "[a-z_]+:(?:[^,\"]|\"[^\"]*\")*";

        @Override
        public String source() {
            return "(SELECT s.snapshot_id, s.snapshot_time::TIMESTAMPTZ AS snapshot_time, c.author, c.commit_message, c.commit_extra_info,"
                    + " regexp_extract_all(c.changes_made, '"
                    + ENTRY
                    + "') AS entries FROM "
                    + MetadataTables.METADATA
                    + ".ducklake_snapshot s JOIN "
                    + MetadataTables.METADATA
                    + ".ducklake_snapshot_changes c ON c.snapshot_id = s.snapshot_id)";
        }

        @Override
        public String touches(Set<ChangeKind> kinds, long tableId) {
            return "list_has_any(entries, "
                    + kinds.stream()
                            .flatMap(k -> k.catalogNames().stream())
                            .map(name -> "'" + name + ":" + tableId + "'")
                            .collect(Collectors.joining(", ", "[", "]"))
                    + ")";
        }
    };

    /** The snapshots, as a table expression for a {@code FROM} clause. */
    public abstract String source();

    /** A condition true for snapshots with a change of one of the kinds to the table. */
    public abstract String touches(Set<ChangeKind> kinds, long tableId);

    /**
     * The ids of the tables with a change of one of the kinds, in a row of DuckLake's {@code
     * snapshots()}.
     */
    static String lakeTableIds(Set<ChangeKind> kinds) {
        return "flatten(list_transform("
                + kinds.stream()
                        .map(k -> "'" + k.lakeName() + "'")
                        .collect(Collectors.joining(", ", "[", "]"))
                + ", k -> coalesce(changes[k], [])))";
    }
}
