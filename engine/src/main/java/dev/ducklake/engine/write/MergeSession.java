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

package dev.ducklake.engine.write;

import java.util.Map;

/**
 * Stages changes to a keyed table, upserts and deletes, each with a sequence number in arrival
 * order. The commit keeps the last change per key and applies them in one snapshot: a delete
 * removes the key, an upsert inserts it or updates it when any column differs. The engine keeps the
 * rows it deletes or updates as before-images, so change reads need not scan the files that held
 * them. Opened by {@link dev.ducklake.engine.LakeEngine#openMergeSession}. Not thread-safe.
 *
 * <pre>{@code
 * try (MergeSession merge = engine.openMergeSession(table)) {
 *     merge.upsert(new Object[] {"o-1", new BigDecimal("12.50")});
 *     merge.deleteKey("o-2");
 *     CommitResult result = merge.commit();   // result.inserted(), updated(), deleted()
 * }
 * }</pre>
 *
 * <p>Staged changes exported with {@link #exportStaged}, and files imported with {@link
 * #importStaged}, hold the table's columns after two leading ones: {@value #SEQUENCE_COLUMN} and
 * {@value #DELETE_COLUMN}; in a session given the current rows ({@link CurrentRows#GIVEN}), these
 * are followed by {@value #HAD_COLUMN} and the current row's columns, {@link #currentColumn named
 * by position}, before the table's columns.
 */
public non-sealed interface MergeSession extends StagedSession {

    /** The first staged column: a change's sequence number in arrival order (BIGINT). */
    String SEQUENCE_COLUMN = "__ducklake_seq";

    /** The second staged column: whether the change deletes its key (BOOLEAN). */
    String DELETE_COLUMN = "__ducklake_delete";

    /**
     * With {@link CurrentRows#GIVEN}, the third staged column: whether the table held the change's
     * key (BOOLEAN).
     */
    String HAD_COLUMN = "__ducklake_had";

    /**
     * With {@link CurrentRows#GIVEN}, the staged column of the current row's value of the table's
     * column at {@code position}.
     */
    static String currentColumn(int position) {
        return "__ducklake_cur_" + position;
    }

    /** Stages an insert-or-update of a whole row, values in column order. */
    void upsert(Object[] row);

    /** Stages an insert-or-update of a whole row given by column name; absent columns are NULL. */
    void upsert(Map<String, ?> row);

    /** Stages the delete of the row's key; the row's other values are ignored. */
    void delete(Object[] row);

    /** Stages the delete of a key, values in primary-key order. */
    void deleteKey(Object... key);

    /**
     * Stages an upsert with the row the table holds for its key ({@code current}, null when it
     * holds none), in a session opened with {@link CurrentRows#GIVEN}. See {@link
     * CommitOptions.Builder#currentRowsAsOf}.
     */
    void upsert(Object[] row, Object[] current);

    /**
     * Stages the delete of the row's key with the row the table holds for it (null: none); see
     * {@link #upsert(Object[], Object[])}.
     */
    void delete(Object[] row, Object[] current);

    /**
     * Whether the commit looked the rows it replaced up in the table: always in a session of {@link
     * CurrentRows#LOOKED_UP}, and in one of {@link CurrentRows#GIVEN} when it could not trust the
     * given rows. False before a commit.
     */
    boolean lookedUpCurrentRows();

    /**
     * Whether a merge looks up the rows it replaces in the table, or is given them with each
     * change.
     */
    enum CurrentRows {
        /** The commit joins the changes with the table. */
        LOOKED_UP,
        /**
         * Each change comes with the key's current row (a caller's index); the commit trusts them
         * when it can.
         */
        GIVEN
    }
}
