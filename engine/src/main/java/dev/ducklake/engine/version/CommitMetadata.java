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

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the engine records with every commit, as JSON in the snapshot's {@code commit_extra_info}:
 * the table, the mode, a unique commit id, row counts, whether the before-images of every row it
 * deleted or replaced were kept (in {@code ducklake_engine.before_images_*}), the caller's
 * idempotency key, and the producer's own fields (the Flink sink writes its sink id and checkpoint
 * id there), the versions of the lake tables the written rows were computed from ({@code inputs}:
 * table name to version, see {@link #inputs()}), and the keys of the producer's earlier commits
 * that changed nothing and so made no snapshot ({@code unchangedCommitKeys}). Snapshots written by
 * other clients carry none or other JSON; readers treat the metadata as optional and ignore unknown
 * fields.
 *
 * <p>A commit of several tables at once ({@link dev.ducklake.engine.write.LakeTransaction}) records
 * each table's mode and counts under {@code tables}, by table name, and the totals at the top, with
 * {@link #MODE_TRANSACTION} as its mode and no {@code table}; {@link #forTable} gives one table's
 * view.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record CommitMetadata(
        String table,
        String mode,
        String commitId,
        long rowsWritten,
        long inserted,
        long updated,
        long deleted,
        boolean beforeImages,
        String commitKey,
        Map<String, String> producer,
        Map<String, TableCommit> tables,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, Long> inputs,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> unchangedCommitKeys) {

    public static final String MODE_APPEND = "append";
    public static final String MODE_SNAPSHOT = "snapshot";
    public static final String MODE_MERGE = "merge";
    public static final String MODE_SCHEMA = "schema";

    /** The mode of a commit of several tables; each table's own mode is in {@link #tables()}. */
    public static final String MODE_TRANSACTION = "transaction";

    /** The author name the engine sets on its snapshots. */
    public static final String AUTHOR = "ducklake-engine";

    /**
     * The author name the engine sets on the snapshots of its maintenance (flushing inlined data,
     * merging files), which reorganise files without changing any table's rows.
     */
    public static final String MAINTENANCE_AUTHOR = "ducklake-engine maintenance";

    public CommitMetadata {
        producer = producer == null ? Map.of() : Map.copyOf(producer);
        tables = tables == null ? null : Map.copyOf(tables);
        inputs =
                inputs == null || inputs.isEmpty()
                        ? null
                        : Collections.unmodifiableMap(new TreeMap<>(inputs));
        unchangedCommitKeys =
                unchangedCommitKeys == null ? List.of() : List.copyOf(unchangedCommitKeys);
    }

    /**
     * The lake tables the written rows were computed from, each with the version it was read at (by
     * {@code schema.table}, sorted); empty when the writer recorded none. A SQL transform records
     * the versions it pinned; a Flink sink the versions its job had fully emitted before the
     * checkpoint it commits.
     */
    @Override
    public Map<String, Long> inputs() {
        return inputs == null ? Map.of() : inputs;
    }

    /** The metadata of a commit of one table. */
    public static CommitMetadata ofTable(
            String table,
            String mode,
            String commitId,
            TableCommit counts,
            String commitKey,
            Map<String, String> producer,
            Map<String, Long> inputs,
            List<String> unchangedCommitKeys) {
        return new CommitMetadata(
                table,
                mode,
                commitId,
                counts.rowsWritten(),
                counts.inserted(),
                counts.updated(),
                counts.deleted(),
                counts.beforeImages(),
                commitKey,
                producer,
                null,
                inputs,
                unchangedCommitKeys);
    }

    /**
     * What the commit did to one table: this metadata itself for a commit of one table, the table's
     * entry of {@link #tables()} (with the commit's id, key, producer and inputs) for a commit of
     * several. A table renamed since a commit of several is not found under its new name: it gets
     * the commit's totals, and no claim to before-images, so change reads do not rely on them.
     */
    public CommitMetadata forTable(String name) {
        if (tables == null) {
            return this;
        }
        TableCommit counts = tables.get(name);
        return counts != null
                ? ofTable(
                        name,
                        counts.mode(),
                        commitId,
                        counts,
                        commitKey,
                        producer,
                        inputs,
                        unchangedCommitKeys)
                : ofTable(
                        name,
                        mode,
                        commitId,
                        new TableCommit(mode, rowsWritten, inserted, updated, deleted, false),
                        commitKey,
                        producer,
                        inputs,
                        unchangedCommitKeys);
    }

    /** One table's part of a commit. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record TableCommit(
            String mode,
            long rowsWritten,
            long inserted,
            long updated,
            long deleted,
            boolean beforeImages) {}
}
