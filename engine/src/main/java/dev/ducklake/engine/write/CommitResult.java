package dev.ducklake.engine.write;

/**
 * The outcome of a commit: the table's version afterwards and the row counts. When nothing
 * changed and no snapshot was created, {@code committed} is false and {@code version} is the
 * unchanged latest version. {@code alreadyCommitted} is true when the commit's key was found in the
 * table's history (see {@link CommitOptions.Builder#commitKey}): nothing was applied and
 * {@code version} is the version that key created. {@code retries} counts the attempts that
 * conflicted with concurrent commits before this outcome.
 */
public record CommitResult(
        boolean committed,
        long version,
        String commitId,
        long rowsWritten,
        long inserted,
        long updated,
        long deleted,
        boolean alreadyCommitted,
        int retries) {

    /** The result of a commit that changed nothing and created no snapshot. */
    public static CommitResult unchanged(long version, int retries) {
        return new CommitResult(false, version, null, 0, 0, 0, 0, false, retries);
    }

    /** The result of a commit whose key an earlier commit already carried. */
    public static CommitResult alreadyCommitted(long version, int retries) {
        return new CommitResult(false, version, null, 0, 0, 0, 0, true, retries);
    }
}
