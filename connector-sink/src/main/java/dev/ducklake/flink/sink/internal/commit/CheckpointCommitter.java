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

import dev.ducklake.engine.EngineRegistry;
import dev.ducklake.engine.LakeEngine;
import dev.ducklake.engine.error.LakeConcurrencyException;
import dev.ducklake.engine.error.LakeException;
import dev.ducklake.engine.write.CommitOptions;
import dev.ducklake.engine.write.CommitResult;
import dev.ducklake.engine.write.CommitRetries;
import dev.ducklake.flink.sink.internal.CommitterSettings;
import dev.ducklake.flink.sink.internal.staging.StagedFiles;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.connector.sink2.Committer;
import org.apache.flink.api.connector.sink2.CommitterInitContext;
import org.apache.flink.util.FlinkRuntimeException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the committers of this connector's sinks share around each checkpoint's commit: the lake
 * engine and the staged files they hold, the checkpoints committed oldest first, the skip of a
 * checkpoint the lake already holds, the commit's key and producer, and after the commit its
 * metrics, the observer's call and the settling of the staged files (see {@link
 * UnchangedCheckpoints}). A subclass applies one checkpoint's files its own way.
 *
 * @param <C> the committable
 */
@Internal
public abstract class CheckpointCommitter<C extends Stampable<C>> implements Committer<C> {

    private static final Logger LOG = LoggerFactory.getLogger(CheckpointCommitter.class);

    private final String jobId;
    private final CommitRetries retries;
    private final CommitterMetrics metrics;
    private final CommitObserver observer;
    private final EngineRegistry.Lease lease;
    private final StagedFiles staging;
    private final UnchangedCheckpoints unchanged = new UnchangedCheckpoints();

    protected CheckpointCommitter(
            CommitterSettings settings, CommitterInitContext context, CommitObserver observer) {
        this.jobId = context.getJobInfo().getJobId().toString();
        this.retries = settings.commitRetries();
        this.metrics = new CommitterMetrics(context.metricGroup());
        this.observer = observer;
        this.lease = EngineRegistry.shared().acquire(settings.engine().toEngineConfig());
        try {
            this.staging =
                    new StagedFiles(settings.openStagingStore(), settings.engine().secrets());
        } catch (RuntimeException e) {
            lease.close();
            throw e;
        }
    }

    @Override
    public void commit(Collection<CommitRequest<C>> requests) {
        StagedCheckpoint.byCheckpoint(requests).forEach(this::commitCheckpoint);
    }

    /** Commits one checkpoint's requests; {@link #commit} hands the checkpoints oldest first. */
    protected abstract void commitCheckpoint(long checkpointId, List<CommitRequest<C>> requests);

    protected String jobId() {
        return jobId;
    }

    protected LakeEngine engine() {
        return lease.engine();
    }

    protected CommitterMetrics metrics() {
        return metrics;
    }

    /**
     * The staged files of one checkpoint's committables, in the order the commit applies them.
     *
     * @param target what the sink writes, for messages
     */
    protected StagedCheckpoint stagedCheckpoint(
            long checkpointId, List<C> committables, String target) {
        return new StagedCheckpoint(
                committables.get(0).sinkId(),
                checkpointId,
                committables.stream().map(Stampable::file).toList(),
                committables.stream().mapToLong(Stampable::rows).sum(),
                target,
                staging);
    }

    /**
     * Whether the lake already holds the checkpoint's commit, made by a run that failed before
     * Flink learned of it. If so, this signals the requests as committed and deletes the staged
     * files that did not become the lake's data files, so the replay is done.
     */
    protected boolean alreadyInLake(StagedCheckpoint staged, List<CommitRequest<C>> requests) {
        LakeEngine engine = lease.engine();
        OptionalLong done = engine.committedVersion(staged.commitKey());
        if (done.isEmpty()) {
            return false;
        }
        LOG.info(
                "Checkpoint {} of sink {} on {} is already in the lake at version {}; skipping its replay",
                staged.checkpointId(),
                staged.sinkId(),
                staged.target(),
                done.getAsLong());
        metrics.alreadyCommitted();
        requests.forEach(CommitRequest::signalAlreadyCommitted);
        staged.deleteExcept(engine.referencedDataFiles(staged.files()));
        return true;
    }

    /**
     * The options every commit of a checkpoint carries: its key, the keys of earlier checkpoints
     * whose commits changed nothing, the producer, the message and the retries.
     */
    protected CommitOptions.Builder commitOptions(StagedCheckpoint staged) {
        return CommitOptions.builder()
                .commitKey(staged.commitKey())
                .unchangedCommitKeys(unchanged.keys())
                .producer(
                        Map.of(
                                "sink-id",
                                staged.sinkId(),
                                "checkpoint-id",
                                Long.toString(staged.checkpointId()),
                                "flink-job-id",
                                jobId))
                .message("flink checkpoint " + staged.checkpointId())
                .retries(retries);
    }

    /**
     * After the checkpoint's commit, begun at {@code startNanos}: records its metrics, tells the
     * observer, signals the requests as committed if the engine found the commit's key in the lake,
     * and settles the staged files.
     *
     * @param lakeFiles the staged files that became the lake's data files
     */
    protected void committed(
            StagedCheckpoint staged,
            List<CommitRequest<C>> requests,
            CommitResult result,
            Set<String> lakeFiles,
            long startNanos) {
        metrics.record(result, Duration.ofNanos(System.nanoTime() - startNanos).toMillis());
        observer.committed(staged.checkpointId(), result);
        if (result.alreadyCommitted()) {
            requests.forEach(CommitRequest::signalAlreadyCommitted);
        }
        unchanged.settle(staged, result, lakeFiles);
    }

    /**
     * The failure of a checkpoint whose commit lost the race with other writers' commits in all of
     * its attempts, recorded in the metrics; the job's restart commits it again.
     *
     * @param what the sink and what it writes to, after "of the DuckLake "
     * @param spacing how the attempts were spaced, after their count
     * @param advice what to do, before the writers to look for
     */
    protected FlinkRuntimeException lostTheRace(
            long checkpointId,
            String what,
            LakeConcurrencyException e,
            String spacing,
            String advice) {
        metrics.retriedWithoutSuccess(e.retries());
        return new FlinkRuntimeException(
                "Checkpoint "
                        + checkpointId
                        + " of the DuckLake "
                        + what
                        + " lost the race with other writers' commits in all of its "
                        + (e.retries() + 1)
                        + " attempts"
                        + spacing
                        + ". The job fails so that it restarts from its last checkpoint and commits"
                        + " these rows then; nothing of them is in the lake. "
                        + advice
                        + " (compaction, another job, a SQL client).",
                e);
    }

    /**
     * The failure of a checkpoint whose commit failed otherwise; the job's restart commits it
     * again.
     *
     * @param what the sink and what it writes to, after "of the DuckLake "
     */
    protected static FlinkRuntimeException notCommitted(
            long checkpointId, String what, LakeException e) {
        return new FlinkRuntimeException(
                "Could not commit checkpoint "
                        + checkpointId
                        + " of the DuckLake "
                        + what
                        + "; nothing of it is in the lake, and the job's restart commits it again: "
                        + e.getMessage(),
                e);
    }

    @Override
    public void close() {
        try (EngineRegistry.Lease engine = lease) {
            staging.close();
        }
    }
}
