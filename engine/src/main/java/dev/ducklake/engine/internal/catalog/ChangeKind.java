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

import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * The kinds of snapshot change the engine reads, each keyed by a table id: the name DuckLake's
 * {@code snapshots()} gives it and the names its catalog records in {@code changes_made}.
 */
public enum ChangeKind {
    INSERTED("tables_inserted_into", "inserted_into_table"),
    DELETED("tables_deleted_from", "deleted_from_table"),
    INLINED_INSERT("inlined_insert", "inlined_insert"),
    INLINED_DELETE("inlined_delete", "inlined_delete"),
    ALTERED("tables_altered", "altered_table"),
    FLUSHED("flushed_inlined", "flushed_inlined", "inline_flush"),
    MERGED("merge_adjacent", "merge_adjacent"),
    REWRITTEN("rewrite_delete", "rewrite_delete"),
    COMPACTED("compacted_table", "compacted_table");

    /** Changes of a table's rows or definition. */
    public static final Set<ChangeKind> ROWS =
            EnumSet.of(INSERTED, DELETED, INLINED_INSERT, INLINED_DELETE, ALTERED);

    /** Maintenance, which leaves a table's rows as they were. */
    public static final Set<ChangeKind> MAINTENANCE =
            EnumSet.of(FLUSHED, MERGED, REWRITTEN, COMPACTED);

    /** Maintenance that rewrites a table's files (see {@code VersionLog#filesRewrittenAfter}). */
    public static final Set<ChangeKind> REWRITES = EnumSet.of(FLUSHED, MERGED, REWRITTEN);

    private final String lakeName;
    private final List<String> catalogNames;

    ChangeKind(String lakeName, String... catalogNames) {
        this.lakeName = lakeName;
        this.catalogNames = List.of(catalogNames);
    }

    /** The key of this kind in the {@code changes} map of DuckLake's {@code snapshots()}. */
    String lakeName() {
        return lakeName;
    }

    /** The names DuckLake writers record this kind under in the catalog's {@code changes_made}. */
    List<String> catalogNames() {
        return catalogNames;
    }
}
