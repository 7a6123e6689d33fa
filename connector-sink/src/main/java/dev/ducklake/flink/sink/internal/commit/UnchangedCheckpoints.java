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

import dev.ducklake.engine.write.CommitOptions;
import dev.ducklake.engine.write.CommitResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.flink.annotation.Internal;

/**
 * A committer's checkpoints whose commit changed nothing (deletes of absent keys, changes that
 * cancel out): DuckLake makes no snapshot of them, so no snapshot carries their keys yet. Flink
 * replays a checkpoint's committables after a restore from it even when their commit succeeded, so
 * a replay must still find either the key in the lake or the staged files. Their files therefore
 * stay until the committer's next commit that makes a snapshot records their keys ({@link
 * CommitOptions.Builder#unchangedCommitKeys}); a replay before that applies them again, which
 * changes nothing again, as no commit of this committer came in between.
 */
@Internal
public final class UnchangedCheckpoints {

    private final List<StagedCheckpoint> unrecorded = new ArrayList<>();

    /** The keys for the next commit to record. */
    public List<String> keys() {
        return unrecorded.stream().map(StagedCheckpoint::commitKey).toList();
    }

    /**
     * After a commit of the checkpoint that carried {@link #keys()}: deletes its staged files
     * (except those that became the lake's data files) and, if it made a snapshot, those of the
     * checkpoints it recorded; keeps them if it changed nothing.
     */
    public void settle(StagedCheckpoint checkpoint, CommitResult result, Set<String> lakeFiles) {
        if (result.committed()) {
            unrecorded.forEach(recorded -> recorded.deleteExcept(Set.of()));
            unrecorded.clear();
        } else if (!result.alreadyCommitted()) {
            unrecorded.add(checkpoint);
            return;
        }
        checkpoint.deleteExcept(lakeFiles);
    }
}
