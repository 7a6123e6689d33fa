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

package dev.ducklake.engine.metadata;

import dev.ducklake.engine.version.TableVersion;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * One version of a table as a snapshots system table shows it.
 *
 * @param version the version: snapshot id, commit time, author, message, extra info, and the
 *     engine's {@link dev.ducklake.engine.version.CommitMetadata} (mode, commit id, producer fields
 *     such as a Flink job's sink id and checkpoint id) when the engine made the commit
 * @param kind what DuckLake records the snapshot did to the table
 * @param inserted rows inserted: the engine's count for its commits; for other writers the rows of
 *     the data files the snapshot added (empty when it inlined them into the catalog instead)
 * @param updated rows updated: known for the engine's commits only (other writers' updates are
 *     deletes plus inserts in DuckLake's files)
 * @param deleted rows deleted: the engine's count for its commits; for other writers the rows of
 *     the data files the snapshot retired plus those its new delete files delete, less those of the
 *     delete files they replace (empty when it deleted inlined rows)
 */
public record TableSnapshot(
        TableVersion version,
        Kind kind,
        OptionalLong inserted,
        OptionalLong updated,
        OptionalLong deleted) {

    /** What a snapshot did to the table, from DuckLake's record of its changes. */
    public enum Kind {
        /** Created the table. */
        CREATE,
        /** Renamed the table. */
        RENAME,
        /** Changed its definition: columns, partitioning, comment. */
        ALTER,
        /** Inserted rows only. */
        INSERT,
        /** Deleted rows only. */
        DELETE,
        /** Deleted and inserted rows: an update, a merge, a replace. */
        WRITE
    }

    public TableSnapshot {
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(kind, "kind");
    }
}
