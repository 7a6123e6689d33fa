package dev.ducklake.engine.internal.write;

/**
 * What a commit body did inside the transaction. {@code beforeImages}: every row the commit
 * deleted or replaced has its before-image in the table's {@code BeforeImageTable} (trivially true
 * for commits that delete and replace nothing).
 */
public record CommitOutcome(
        boolean changed, long rowsWritten, long inserted, long updated, long deleted, boolean beforeImages) {

    public static CommitOutcome changed(long rowsWritten, long inserted, long updated, long deleted,
            boolean beforeImages) {
        return new CommitOutcome(true, rowsWritten, inserted, updated, deleted, beforeImages);
    }

    public static CommitOutcome unchanged() {
        return new CommitOutcome(false, 0, 0, 0, 0, true);
    }
}
