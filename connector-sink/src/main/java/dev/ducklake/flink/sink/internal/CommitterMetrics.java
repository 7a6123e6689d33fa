package dev.ducklake.flink.sink.internal;

import dev.ducklake.engine.write.CommitResult;
import org.apache.flink.annotation.Internal;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.MetricGroup;

/**
 * The committer's metrics: commits made, commits found already applied, conflict retries, rows
 * committed, the last commit's duration and the last committed version.
 */
@Internal
public final class CommitterMetrics {

    public static final String COMMITS = "commits";
    public static final String ALREADY_COMMITTED = "commitsAlreadyApplied";
    public static final String COMMIT_RETRIES = "commitRetries";
    public static final String ROWS_COMMITTED = "rowsCommitted";
    public static final String LAST_COMMIT_DURATION = "lastCommitDurationMs";
    public static final String LAST_COMMITTED_VERSION = "lastCommittedVersion";

    private final Counter commits;
    private final Counter alreadyCommitted;
    private final Counter retries;
    private final Counter rows;
    private volatile long lastDurationMs = -1;
    private volatile long lastVersion = -1;

    public CommitterMetrics(MetricGroup group) {
        this.commits = group.counter(COMMITS);
        this.alreadyCommitted = group.counter(ALREADY_COMMITTED);
        this.retries = group.counter(COMMIT_RETRIES);
        this.rows = group.counter(ROWS_COMMITTED);
        group.gauge(LAST_COMMIT_DURATION, () -> lastDurationMs);
        group.gauge(LAST_COMMITTED_VERSION, () -> lastVersion);
    }

    void record(CommitResult result, long durationMs) {
        retries.inc(result.retries());
        if (result.alreadyCommitted()) {
            alreadyCommitted.inc();
            return;
        }
        if (result.committed()) {
            commits.inc();
            rows.inc(result.rowsWritten() + result.deleted());
            lastVersion = result.version();
        }
        lastDurationMs = durationMs;
    }

    void alreadyCommitted() {
        alreadyCommitted.inc();
    }
}
