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

package dev.ducklake.flink.source.enumerator;

import dev.ducklake.flink.source.split.DuckLakeSplit;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.function.IntPredicate;
import org.apache.flink.annotation.Internal;

/**
 * The splits that readers hold, or may read again after a restore: every assigned split until a
 * checkpoint that completed after the reader finished it. The enumerator keeps their oldest version
 * pinned, so that snapshot expiry in its process cannot remove a version a restarted reader still
 * reads: a reader's own pins go away while its task restarts.
 *
 * <p>A reader reports finished splits with {@link SplitsFinishedEvent}; a finish counts once a
 * checkpoint whose enumerator snapshot was taken after the report completes, since the reader's own
 * snapshot of that checkpoint no longer holds the split. A reader that registers again (after a
 * failover) may read its splits again, so its unconfirmed finishes are forgotten.
 */
@Internal
public final class HeldSplits {

    /**
     * A held split: its id, bucket and oldest version, and the first checkpoint whose completion
     * confirms that its reader finished it ({@link #UNCONFIRMED} while it has not reported so).
     */
    public record Entry(String splitId, int bucket, long from, long confirmedBy) {
        static final long UNCONFIRMED = Long.MAX_VALUE;

        Entry confirmedBy(long checkpointId) {
            return new Entry(splitId, bucket, from, checkpointId);
        }
    }

    private final Map<String, Entry> entries = new HashMap<>();
    private long lastSnapshot;

    /**
     * Restores the held splits of a checkpoint; finishes that checkpoint confirmed are released.
     *
     * @param checkpointId the checkpoint the entries were snapshotted for
     */
    HeldSplits(List<Entry> restored, long checkpointId) {
        this.lastSnapshot = checkpointId;
        for (Entry entry : restored) {
            if (entry.confirmedBy() > checkpointId) {
                entries.put(entry.splitId(), entry);
            }
        }
    }

    void assigned(DuckLakeSplit split) {
        entries.put(
                split.splitId(),
                new Entry(
                        split.splitId(), split.bucket(), split.oldestVersion(), Entry.UNCONFIRMED));
    }

    /** A split back from a failed reader: pending again, so not held. */
    void returned(DuckLakeSplit split) {
        entries.remove(split.splitId());
    }

    void finished(List<String> splitIds) {
        for (String splitId : splitIds) {
            entries.computeIfPresent(splitId, (id, entry) -> entry.confirmedBy(lastSnapshot + 1));
        }
    }

    /**
     * A reader registered again: it reads the splits of its restored state, finished or not, again.
     */
    void readerRestarted(IntPredicate ownsBucket) {
        entries.replaceAll(
                (id, entry) ->
                        ownsBucket.test(entry.bucket())
                                ? entry.confirmedBy(Entry.UNCONFIRMED)
                                : entry);
    }

    /** The entries to checkpoint for this checkpoint id. */
    List<Entry> snapshot(long checkpointId) {
        lastSnapshot = checkpointId;
        return List.copyOf(entries.values());
    }

    void checkpointCompleted(long checkpointId) {
        entries.values().removeIf(entry -> entry.confirmedBy() <= checkpointId);
    }

    /** The held splits whose readers have not reported them finished. */
    List<Entry> unfinished() {
        return entries.values().stream()
                .filter(entry -> entry.confirmedBy() == Entry.UNCONFIRMED)
                .toList();
    }

    /** The oldest version a held split reads. */
    OptionalLong oldestVersion() {
        return entries.values().stream().mapToLong(Entry::from).min();
    }
}
