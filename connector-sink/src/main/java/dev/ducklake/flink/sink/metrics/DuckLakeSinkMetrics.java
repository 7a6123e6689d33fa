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

package dev.ducklake.flink.sink.metrics;

import org.apache.flink.annotation.PublicEvolving;

/**
 * The names of the metrics the DuckLake sinks report, for dashboards, alerts and tests that look
 * them up. The committer's are in the committer operator's group (the change-record sink's cover
 * all the tables of each commit); the upsert index's in the group of its operator, {@code DuckLake
 * current rows}.
 */
@PublicEvolving
public final class DuckLakeSinkMetrics {

    /** Counter: commits that created a snapshot. */
    public static final String COMMITS = "commits";

    /** Counter: committables found already in the lake (replayed after a lost acknowledgement). */
    public static final String COMMITS_ALREADY_APPLIED = "commitsAlreadyApplied";

    /** Counter: commit attempts run again after a conflict with another writer. */
    public static final String COMMIT_RETRIES = "commitRetries";

    /** Counter: rows written and deleted by the commits. */
    public static final String ROWS_COMMITTED = "rowsCommitted";

    /** Gauge: the last commit's duration, ms ({@code -1} before the first). */
    public static final String LAST_COMMIT_DURATION = "lastCommitDurationMs";

    /** Gauge: the table's version after the last commit ({@code -1} before the first). */
    public static final String LAST_COMMITTED_VERSION = "lastCommittedVersion";

    /** Histogram: the durations of the most recent commits, ms. */
    public static final String COMMIT_DURATION = "commitDurationMs";

    /**
     * Counter: upsert commits that joined their changes with the table to find the rows they
     * replace.
     */
    public static final String COMMITS_LOOKING_UP_ROWS = "commitsLookingUpRows";

    /** Counter: compactions run by {@code 'sink.compaction.interval'}. */
    public static final String COMPACTIONS = "compactions";

    /** Counter: data files rewritten or merged by compaction. */
    public static final String FILES_COMPACTED = "filesCompacted";

    /**
     * Counter, of the change-record sink's writers: records whose source table the router excludes.
     */
    public static final String RECORDS_DROPPED = "recordsDropped";

    /**
     * Gauge: how long the upsert index took to load the table, ms ({@code -1}: it loaded nothing).
     */
    public static final String UPSERT_INDEX_LOAD_DURATION = "upsertIndexLoadDurationMs";

    /** Counter: the rows the upsert index took in from other writers' commits. */
    public static final String UPSERT_INDEX_ROWS_TAKEN_IN = "upsertIndexRowsTakenIn";

    /**
     * Counter: the keys the upsert index made unknown, as their change by this sink and another
     * writer's raced.
     */
    public static final String UPSERT_INDEX_KEYS_MADE_UNKNOWN = "upsertIndexKeysMadeUnknown";

    private DuckLakeSinkMetrics() {}
}
