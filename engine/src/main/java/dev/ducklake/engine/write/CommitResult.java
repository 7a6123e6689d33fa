package dev.ducklake.engine.write;

/**
 * The outcome of a commit: the table's version afterwards and the row counts. When nothing
 * changed and no snapshot was created, {@code committed} is false and {@code version} is the
 * unchanged latest version.
 */
public record CommitResult(
        boolean committed, long version, String commitId, long rowsWritten, long inserted, long updated, long deleted) {}
