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

import dev.ducklake.flink.sink.internal.staging.StagedFiles;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.connector.sink2.Committer.CommitRequest;
import org.apache.flink.runtime.execution.SuppressRestartsException;
import org.apache.flink.util.FlinkRuntimeException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The staged files of one checkpoint of a sink, as its committer sees them: the key its commit
 * carries, the check that the files are all there, and their removal once committed. Shared by the
 * committers of the single-table and the change-record sinks.
 *
 * @param sinkId the sink's id
 * @param checkpointId the checkpoint
 * @param files the staged files, in the order the commit applies them
 * @param rows the rows they hold
 * @param target what the sink writes, for messages ({@code table t}, {@code 20 tables})
 * @param staging the sink's staged files
 */
@Internal
public record StagedCheckpoint(
        String sinkId,
        long checkpointId,
        List<String> files,
        long rows,
        String target,
        StagedFiles staging) {

    private static final Logger LOG = LoggerFactory.getLogger(StagedCheckpoint.class);

    public StagedCheckpoint {
        files = List.copyOf(files);
    }

    /**
     * Commit requests by the checkpoint of their committable, oldest checkpoint first, each staged
     * file once: Flink may hand a committable twice (around the end of input its committer expects
     * the sink's committer to drop duplicates), and a file applied twice would repeat its rows.
     */
    public static <C extends Stampable<C>> Map<Long, List<CommitRequest<C>>> byCheckpoint(
            Collection<CommitRequest<C>> requests) {
        Map<Long, List<CommitRequest<C>>> byCheckpoint = new TreeMap<>();
        Set<String> files = new HashSet<>();
        for (CommitRequest<C> request : requests) {
            C committable = request.getCommittable();
            if (!files.add(committable.file())) {
                LOG.info(
                        "Checkpoint {}: the committable of {} came twice; it is applied once",
                        committable.checkpointId(),
                        committable.file());
                continue;
            }
            byCheckpoint
                    .computeIfAbsent(committable.checkpointId(), id -> new ArrayList<>())
                    .add(request);
        }
        return byCheckpoint;
    }

    /**
     * The sink's id, the checkpoint and a digest of the staged files' names: the same for a replay
     * of these committables, different for any other run, even one that reuses checkpoint ids.
     */
    public String commitKey() {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            for (String file : files) {
                digest.update(file.getBytes(StandardCharsets.UTF_8));
                digest.update((byte) '\n');
            }
            return sinkId
                    + "/"
                    + checkpointId
                    + "/"
                    + HexFormat.of().formatHex(digest.digest(), 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }

    /**
     * Fails when staged files are gone. A checkpoint whose files are gone can never be committed,
     * so that fails the job without restarts, with a message that names what was lost and how to
     * resume; only a staging path that cannot be read at all is worth a restart (a stale handle, a
     * volume not mounted yet).
     */
    public void requireFiles() {
        List<String> missing = files.stream().filter(file -> !staging.exists(file)).toList();
        if (missing.isEmpty()) {
            return;
        }
        String lost = lost(missing);
        if (!staging.reachable()) {
            throw new FlinkRuntimeException(
                    "The staging path "
                            + staging.root()
                            + " cannot be read; if it stays so: "
                            + lost);
        }
        throw new SuppressRestartsException(new FlinkRuntimeException(lost));
    }

    /** Deletes the committed staging, except files that became the lake's own data files. */
    public void deleteExcept(Set<String> lakeFiles) {
        staging.delete(files.stream().filter(file -> !lakeFiles.contains(file)).toList());
    }

    /**
     * Why a checkpoint whose staged files are gone fails the job for good: every restart would
     * restore the same committables and fail on the same files.
     */
    private String lost(List<String> missing) {
        return "The rows of checkpoint "
                + checkpointId
                + " of the DuckLake sink "
                + sinkId
                + " on "
                + target
                + " are lost: "
                + missing.size()
                + " of its "
                + files.size()
                + " staged files are missing ("
                + String.join(", ", missing)
                + "), and the lake holds no commit "
                + commitKey()
                + " (unless a"
                + " snapshot expiry removed the snapshot that committed them before the job acknowledged it). The"
                + " checkpoint held "
                + rows
                + " rows in "
                + files
                + ". Every restart would fail on the same files,"
                + " so the job fails without restarting. Something deleted them: 'sink.staging-path' ("
                + staging.root()
                + ") must be reachable from every TaskManager and cleaned by no one else. To resume without losing"
                + " these rows, restore the job from the newest retained checkpoint or savepoint taken before"
                + " checkpoint "
                + checkpointId
                + ", so the source replays them (retain several checkpoints with"
                + " 'execution.checkpointing.num-retained' and keep them on failure with"
                + " 'execution.checkpointing.externalized-checkpoint-retention'); or start it without state, accepting"
                + " the loss";
    }
}
