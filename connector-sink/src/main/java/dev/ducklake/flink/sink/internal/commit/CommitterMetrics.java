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

package dev.ducklake.flink.sink.internal.commit;

import static dev.ducklake.flink.sink.metrics.DuckLakeSinkMetrics.COMMITS;
import static dev.ducklake.flink.sink.metrics.DuckLakeSinkMetrics.COMMITS_ALREADY_APPLIED;
import static dev.ducklake.flink.sink.metrics.DuckLakeSinkMetrics.COMMITS_LOOKING_UP_ROWS;
import static dev.ducklake.flink.sink.metrics.DuckLakeSinkMetrics.COMMIT_DURATION;
import static dev.ducklake.flink.sink.metrics.DuckLakeSinkMetrics.COMMIT_RETRIES;
import static dev.ducklake.flink.sink.metrics.DuckLakeSinkMetrics.COMPACTIONS;
import static dev.ducklake.flink.sink.metrics.DuckLakeSinkMetrics.FILES_COMPACTED;
import static dev.ducklake.flink.sink.metrics.DuckLakeSinkMetrics.LAST_COMMITTED_VERSION;
import static dev.ducklake.flink.sink.metrics.DuckLakeSinkMetrics.LAST_COMMIT_DURATION;
import static dev.ducklake.flink.sink.metrics.DuckLakeSinkMetrics.ROWS_COMMITTED;

import dev.ducklake.engine.maintenance.MaintenanceReport;
import dev.ducklake.engine.write.CommitResult;
import org.apache.flink.annotation.Internal;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.Histogram;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.runtime.metrics.DescriptiveStatisticsHistogram;

/**
 * The committer's metrics: commits made, commits found already applied, conflict retries, rows
 * committed, the commits' durations (the last one, and a histogram of the recent ones), the last
 * committed version, upsert commits that looked the replaced rows up in the table, and compaction:
 * its runs and the data files it rewrote or merged. Their names are {@link
 * dev.ducklake.flink.sink.metrics.DuckLakeSinkMetrics}'.
 */
@Internal
public final class CommitterMetrics {

    /** Commits the duration histogram describes: the most recent ones. */
    private static final int DURATION_WINDOW = 1_024;

    private final Counter commits;
    private final Counter alreadyCommitted;
    private final Counter retries;
    private final Counter rows;
    private final Histogram durations;
    private final Counter lookupCommits;
    private final Counter compactions;
    private final Counter filesCompacted;
    private volatile long lastDurationMs = -1;
    private volatile long lastVersion = -1;

    public CommitterMetrics(MetricGroup group) {
        this.commits = group.counter(COMMITS);
        this.alreadyCommitted = group.counter(COMMITS_ALREADY_APPLIED);
        this.retries = group.counter(COMMIT_RETRIES);
        this.rows = group.counter(ROWS_COMMITTED);
        group.gauge(LAST_COMMIT_DURATION, () -> lastDurationMs);
        group.gauge(LAST_COMMITTED_VERSION, () -> lastVersion);
        this.durations =
                group.histogram(
                        COMMIT_DURATION, new DescriptiveStatisticsHistogram(DURATION_WINDOW));
        this.lookupCommits = group.counter(COMMITS_LOOKING_UP_ROWS);
        this.compactions = group.counter(COMPACTIONS);
        this.filesCompacted = group.counter(FILES_COMPACTED);
    }

    public void record(CommitResult result, long durationMs) {
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
        durations.update(durationMs);
    }

    /** An upsert commit that joined its changes with the table to find the rows they replace. */
    void lookedUpRows() {
        lookupCommits.inc();
    }

    public void alreadyCommitted() {
        alreadyCommitted.inc();
    }

    /** A compaction run, and the data files it rewrote (files with deletes) or merged. */
    void compacted(MaintenanceReport report) {
        compactions.inc();
        filesCompacted.inc(report.filesRewritten() + report.filesMerged());
    }

    /** Retries of a commit that then failed for good. */
    public void retriedWithoutSuccess(int count) {
        retries.inc(count);
    }
}
