package dev.ducklake.engine.write;

import java.util.Map;

/**
 * Stages changes to a keyed table, upserts and deletes, each with a sequence number in arrival
 * order. The commit keeps the last change per key and applies them in one snapshot: a delete
 * removes the key, an upsert inserts it or updates it when any column differs. The engine keeps
 * the rows it deletes or updates as before-images, so change reads need not scan the files that
 * held them. Opened by {@link dev.ducklake.engine.LakeEngine#openMergeSession}. Not thread-safe.
 *
 * <pre>{@code
 * try (MergeSession merge = engine.openMergeSession(table)) {
 *     merge.upsert(new Object[] {"o-1", new BigDecimal("12.50")});
 *     merge.deleteKey("o-2");
 *     CommitResult result = merge.commit();   // result.inserted(), updated(), deleted()
 * }
 * }</pre>
 *
 * <p>Staged changes exported with {@link #exportStaged}, and files imported with
 * {@link #importStaged}, hold the table's columns after two leading ones:
 * {@value #SEQUENCE_COLUMN} and {@value #DELETE_COLUMN}.
 */
public non-sealed interface MergeSession extends StagedSession {

    /** The first staged column: a change's sequence number in arrival order (BIGINT). */
    String SEQUENCE_COLUMN = "__ducklake_seq";
    /** The second staged column: whether the change deletes its key (BOOLEAN). */
    String DELETE_COLUMN = "__ducklake_delete";

    /** Stages an insert-or-update of a whole row, values in column order. */
    void upsert(Object[] row);

    /** Stages an insert-or-update of a whole row given by column name; absent columns are NULL. */
    void upsert(Map<String, ?> row);

    /** Stages the delete of the row's key; the row's other values are ignored. */
    void delete(Object[] row);

    /** Stages the delete of a key, values in primary-key order. */
    void deleteKey(Object... key);
}
