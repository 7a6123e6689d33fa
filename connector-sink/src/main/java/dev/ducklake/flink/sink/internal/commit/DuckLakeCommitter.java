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

import dev.ducklake.engine.LakeEngine;
import dev.ducklake.engine.error.LakeConcurrencyException;
import dev.ducklake.engine.error.LakeException;
import dev.ducklake.engine.maintenance.MaintenanceReport;
import dev.ducklake.engine.maintenance.MaintenanceRequest;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.write.CommitOptions;
import dev.ducklake.engine.write.CommitResult;
import dev.ducklake.engine.write.MergeSession;
import dev.ducklake.engine.write.StagedSession;
import dev.ducklake.engine.write.WriteMode;
import dev.ducklake.flink.sink.internal.CurrentRowColumns;
import dev.ducklake.flink.sink.internal.SinkMode;
import dev.ducklake.flink.sink.internal.SinkSettings;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.connector.sink2.Committer.CommitRequest;
import org.apache.flink.api.connector.sink2.CommitterInitContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Applies each checkpoint's staged files to the table in one engine commit, so in one DuckLake
 * snapshot, whatever the writers' parallelism. The commit carries a key made of the sink's id, the
 * checkpoint id and the names of its staged files; the engine checks the key inside the commit's
 * transaction, so a committable replayed after a lost acknowledgement is answered with {@code
 * signalAlreadyCommitted()} and never applied twice.
 *
 * <p>A commit that fails, conflicts that outlast the engine's retries included, throws: the task
 * fails and the job restarts from its last checkpoint, whose committables it commits again. A
 * checkpoint whose staged files are gone can never be committed, so it fails the job without
 * restarts, with a message that names what was lost and how to resume. The committer never signals
 * a failure with a known reason, since Flink drops such a committable without failing the job, and
 * its rows would be lost.
 */
@Internal
public final class DuckLakeCommitter extends CheckpointCommitter<DuckLakeCommittable> {

    private static final Logger LOG = LoggerFactory.getLogger(DuckLakeCommitter.class);

    private final SinkSettings settings;
    private final LineageInputs lineage;
    private long lastCompactionNanos = System.nanoTime();

    public DuckLakeCommitter(
            SinkSettings settings, CommitterInitContext context, CommitObserver observer) {
        super(settings, context, observer);
        this.settings = settings;
        this.lineage = new LineageInputs(settings.lineageInputs(), settings.tableName());
    }

    @Override
    public void commit(Collection<CommitRequest<DuckLakeCommittable>> requests) {
        super.commit(requests);
        if (!requests.isEmpty()) {
            compactWhenDue();
        }
    }

    @Override
    protected void commitCheckpoint(
            long checkpointId, List<CommitRequest<DuckLakeCommittable>> requests) {
        requests.sort(Comparator.comparing(r -> r.getCommittable().file()));
        List<DuckLakeCommittable> committables =
                requests.stream().map(CommitRequest::getCommittable).toList();
        LakeEngine engine = engine();
        TableName table = settings.tableName();
        StagedCheckpoint staged = stagedCheckpoint(checkpointId, committables, table.toString());
        if (alreadyInLake(staged, requests)) {
            return;
        }
        staged.requireFiles();
        CommitOptions.Builder options = commitOptions(staged);
        // The sink's settings decide whether its writers stage current rows, so all its files
        // agree.
        boolean currentRows = committables.get(0).hasCurrentRows();
        long asOf =
                committables.stream()
                        .mapToLong(DuckLakeCommittable::currentRowsAsOf)
                        .min()
                        .orElseThrow();
        if (currentRows && asOf != CurrentRowColumns.UNKNOWN) {
            options.currentRowsAsOf(
                    asOf, Map.of("sink-id", staged.sinkId(), "flink-job-id", jobId()));
        }
        options.inputs(
                lineage.inputs(
                        engine,
                        checkpointId,
                        committables.stream()
                                .mapToLong(DuckLakeCommittable::inputSnapshot)
                                .min()
                                .orElseThrow()));
        long start = System.nanoTime();
        CommitResult result;
        Set<String> adopted;
        try (StagedSession session =
                settings.mode() == SinkMode.UPSERT
                        ? engine.openMergeSession(
                                table,
                                currentRows
                                        ? MergeSession.CurrentRows.GIVEN
                                        : MergeSession.CurrentRows.LOOKED_UP)
                        : engine.openWriteSession(
                                table,
                                settings.mode() == SinkMode.OVERWRITE
                                        ? WriteMode.SNAPSHOT
                                        : WriteMode.APPEND)) {
            for (DuckLakeCommittable committable : committables) {
                session.importStaged(committable.file());
            }
            result = session.commit(options.build());
            if (session instanceof MergeSession merge && merge.lookedUpCurrentRows()) {
                metrics().lookedUpRows();
            }
            adopted = Set.copyOf(session.adoptedFiles());
        } catch (LakeConcurrencyException e) {
            throw lostTheRace(
                    checkpointId,
                    "sink on " + table,
                    e,
                    ", with doubling backoff ('sink.commit.retries',"
                            + " 'sink.commit.retry-backoff')",
                    "Raise 'sink.commit.retries', or look for the writer that keeps changing "
                            + table);
        } catch (LakeException e) {
            throw notCommitted(checkpointId, "sink to " + table, e);
        }
        LOG.debug("Checkpoint {} for {}: {}", checkpointId, table, result);
        committed(staged, requests, result, adopted, start);
    }

    private void compactWhenDue() {
        if (settings.compactionInterval().isEmpty()
                || System.nanoTime() - lastCompactionNanos
                        < settings.compactionInterval().get().toNanos()) {
            return;
        }
        lastCompactionNanos = System.nanoTime();
        try {
            MaintenanceReport report =
                    engine().maintain(
                                    MaintenanceRequest.builder()
                                            .table(settings.tableName())
                                            .flushInlinedData()
                                            .rewriteFilesWithDeletes()
                                            .mergeAdjacentFiles()
                                            .build());
            metrics().compacted(report);
            LOG.info("Compacted {}: {}", settings.tableName(), report);
        } catch (LakeException e) {
            LOG.warn(
                    "Compaction of {} failed; the next interval tries again",
                    settings.tableName(),
                    e);
        }
    }
}
