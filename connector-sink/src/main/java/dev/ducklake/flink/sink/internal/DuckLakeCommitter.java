package dev.ducklake.flink.sink.internal;

import dev.ducklake.engine.EngineRegistry;
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
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.connector.sink2.Committer;
import org.apache.flink.runtime.execution.SuppressRestartsException;
import org.apache.flink.util.FlinkRuntimeException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Applies each checkpoint's staged files to the table in one engine commit, so in one DuckLake
 * snapshot, whatever the writers' parallelism. The commit carries a key made of the sink's id, the
 * checkpoint id and the names of its staged files; the engine checks the key inside the commit's
 * transaction, so a committable replayed after a lost acknowledgement is answered with
 * {@code signalAlreadyCommitted()} and never applied twice.
 *
 * <p>A commit that fails, conflicts that outlast the engine's retries included, throws: the task
 * fails and the job restarts from its last checkpoint, whose committables it commits again. A
 * checkpoint whose staged files are gone can never be committed, so it fails the job without
 * restarts, with a message that names what was lost and how to resume. The committer never
 * signals a failure with a known reason, since Flink drops such a committable without failing the
 * job, and its rows would be lost.
 */
@Internal
public final class DuckLakeCommitter implements Committer<DuckLakeCommittable> {

    private static final Logger LOG = LoggerFactory.getLogger(DuckLakeCommitter.class);

    private final SinkSettings settings;
    private final String jobId;
    private final CommitterMetrics metrics;
    private final CommitObserver observer;
    private final EngineRegistry.Lease lease;
    private long lastCompactionNanos = System.nanoTime();

    public DuckLakeCommitter(SinkSettings settings, String jobId, CommitterMetrics metrics, CommitObserver observer) {
        this.settings = settings;
        this.jobId = jobId;
        this.metrics = metrics;
        this.observer = observer;
        this.lease = EngineRegistry.shared().acquire(settings.engine().toEngineConfig());
    }

    @Override
    public void commit(Collection<CommitRequest<DuckLakeCommittable>> requests) {
        Map<Long, List<CommitRequest<DuckLakeCommittable>>> byCheckpoint = new TreeMap<>();
        for (CommitRequest<DuckLakeCommittable> request : requests) {
            byCheckpoint.computeIfAbsent(request.getCommittable().checkpointId(), id -> new ArrayList<>()).add(request);
        }
        byCheckpoint.forEach(this::commitCheckpoint);
        if (!requests.isEmpty()) {
            compactWhenDue();
        }
    }

    private void commitCheckpoint(long checkpointId, List<CommitRequest<DuckLakeCommittable>> requests) {
        requests.sort(Comparator.comparing(r -> r.getCommittable().file()));
        List<DuckLakeCommittable> committables = requests.stream().map(CommitRequest::getCommittable).toList();
        String key = commitKey(checkpointId, committables);
        LakeEngine engine = lease.engine();
        TableName table = settings.tableName();
        OptionalLong done = engine.committedVersion(key);
        if (done.isPresent()) {
            LOG.info("Checkpoint {} of sink {} is already in {} at version {}; skipping its replay", checkpointId,
                    committables.get(0).sinkId(), table, done.getAsLong());
            metrics.alreadyCommitted();
            requests.forEach(CommitRequest::signalAlreadyCommitted);
            List<String> files = committables.stream().map(DuckLakeCommittable::file).toList();
            deleteStagingExcept(committables, engine.referencedDataFiles(files));
            return;
        }
        List<String> missing = committables.stream().map(DuckLakeCommittable::file)
                .filter(file -> Files.notExists(Path.of(file))).toList();
        if (!missing.isEmpty()) {
            String lost = lostCheckpoint(checkpointId, key, committables, missing);
            // Only a staging path that can be read proves the files gone; an unreachable mount (a
            // stale handle, a volume not mounted yet) is worth a restart.
            if (!Files.isReadable(settings.stagingPath())) {
                throw new FlinkRuntimeException("The staging path " + settings.stagingPath() + " cannot be read;"
                        + " if it stays so: " + lost);
            }
            throw new SuppressRestartsException(new FlinkRuntimeException(lost));
        }
        String sinkId = committables.get(0).sinkId();
        CommitOptions.Builder options = CommitOptions.builder()
                .commitKey(key)
                .producer(Map.of("sink-id", sinkId, "checkpoint-id", Long.toString(checkpointId), "flink-job-id", jobId))
                .message("flink checkpoint " + checkpointId);
        // The sink's settings decide whether its writers stage current rows, so all its files agree.
        boolean currentRows = committables.get(0).hasCurrentRows();
        long asOf = committables.stream().mapToLong(DuckLakeCommittable::currentRowsAsOf).min().orElseThrow();
        if (currentRows && asOf != CurrentRowIndex.UNKNOWN) {
            options.currentRowsAsOf(asOf, Map.of("sink-id", sinkId, "flink-job-id", jobId));
        }
        long start = System.nanoTime();
        CommitResult result;
        Set<String> adopted;
        try (StagedSession session = settings.mode() == SinkMode.UPSERT ? engine.openMergeSession(table,
                        currentRows ? MergeSession.CurrentRows.GIVEN : MergeSession.CurrentRows.LOOKED_UP)
                : engine.openWriteSession(table, settings.mode() == SinkMode.OVERWRITE ? WriteMode.SNAPSHOT
                        : WriteMode.APPEND)) {
            for (DuckLakeCommittable committable : committables) {
                session.importStaged(Path.of(committable.file()));
            }
            result = session.commit(options.build());
            if (session instanceof MergeSession merge && merge.lookedUpCurrentRows()) {
                metrics.lookedUpRows();
            }
            adopted = session.adoptedFiles().stream().map(Path::toString).collect(Collectors.toSet());
        } catch (LakeConcurrencyException e) {
            metrics.retriedWithoutSuccess(e.retries());
            throw new FlinkRuntimeException("Checkpoint " + checkpointId + " of the DuckLake sink on " + table
                    + " lost the race with other writers' commits in all of its " + (e.retries() + 1) + " attempts,"
                    + " with doubling backoff ('sink.commit.retries', 'sink.commit.retry-backoff'). The job fails so"
                    + " that it restarts from its last checkpoint and commits these rows then; nothing of them is in"
                    + " the lake. Raise 'sink.commit.retries', or look for the writer that keeps changing " + table
                    + " (compaction, another job, a SQL client).", e);
        } catch (LakeException e) {
            throw new FlinkRuntimeException("Could not commit checkpoint " + checkpointId + " of the DuckLake sink to "
                    + table + "; nothing of it is in the lake, and the job's restart commits it again: "
                    + e.getMessage(), e);
        }
        metrics.record(result, Duration.ofNanos(System.nanoTime() - start).toMillis());
        observer.committed(checkpointId, result);
        if (result.alreadyCommitted()) {
            requests.forEach(CommitRequest::signalAlreadyCommitted);
        }
        LOG.debug("Checkpoint {} for {}: {}", checkpointId, table, result);
        deleteStagingExcept(committables, adopted);
    }

    /**
     * Why a checkpoint whose staged files are gone fails the job for good: every restart would
     * restore the same committables and fail on the same files.
     */
    private String lostCheckpoint(long checkpointId, String key, List<DuckLakeCommittable> committables,
            List<String> missing) {
        long rows = committables.stream().mapToLong(DuckLakeCommittable::rows).sum();
        return "The rows of checkpoint " + checkpointId + " of the DuckLake sink " + committables.get(0).sinkId()
                + " on " + settings.tableName() + " are lost: " + missing.size() + " of its " + committables.size()
                + " staged files are missing (" + String.join(", ", missing) + "), and the lake holds no commit "
                + key + " (unless a snapshot expiry removed the snapshot that committed them before the job"
                + " acknowledged it). The checkpoint held " + rows + " rows in " + committables.stream()
                .map(DuckLakeCommittable::file).toList() + ". Every restart would fail on the same files, so the job"
                + " fails without restarting. Something deleted them: 'sink.staging-path' (" + settings.stagingPath()
                + ") must be reachable from every TaskManager and cleaned by no one else. To resume without losing"
                + " these rows, restore the job from the newest retained checkpoint or savepoint taken before"
                + " checkpoint " + checkpointId + ", so the source replays them (retain several checkpoints with"
                + " 'execution.checkpointing.num-retained' and keep them on failure with"
                + " 'execution.checkpointing.externalized-checkpoint-retention'); or start it without state, accepting"
                + " the loss";
    }

    /**
     * The sink's id, the checkpoint and a digest of the staged files' names: the same for a replay
     * of these committables, different for any other run, even one that reuses checkpoint ids.
     */
    static String commitKey(long checkpointId, List<DuckLakeCommittable> committables) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            for (DuckLakeCommittable committable : committables) {
                digest.update(committable.file().getBytes(StandardCharsets.UTF_8));
                digest.update((byte) '\n');
            }
            String files = HexFormat.of().formatHex(digest.digest(), 0, 8);
            return committables.get(0).sinkId() + "/" + checkpointId + "/" + files;
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }

    private void compactWhenDue() {
        if (settings.compactionInterval().isEmpty()
                || System.nanoTime() - lastCompactionNanos < settings.compactionInterval().get().toNanos()) {
            return;
        }
        lastCompactionNanos = System.nanoTime();
        try {
            MaintenanceReport report = lease.engine().maintain(MaintenanceRequest.builder().table(settings.tableName())
                    .flushInlinedData().rewriteFilesWithDeletes().mergeAdjacentFiles().build());
            metrics.compacted(report);
            LOG.info("Compacted {}: {}", settings.tableName(), report);
        } catch (LakeException e) {
            LOG.warn("Compaction of {} failed; the next interval tries again", settings.tableName(), e);
        }
    }

    /** Deletes the committed staging, except files that became the lake's own data files. */
    private static void deleteStagingExcept(List<DuckLakeCommittable> committables, Set<String> lakeFiles) {
        for (DuckLakeCommittable committable : committables) {
            if (!lakeFiles.contains(committable.file())) {
                StagingDirectory.delete(Path.of(committable.file()));
            }
        }
    }

    @Override
    public void close() {
        lease.close();
    }
}
