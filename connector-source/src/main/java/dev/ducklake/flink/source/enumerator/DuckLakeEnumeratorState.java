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
import java.util.List;
import org.apache.flink.annotation.Internal;

/**
 * The enumerator's checkpoint.
 *
 * @param position the version up to which splits were planned; -1 before the start was resolved
 * @param buckets how many buckets of the key hash each version range is split into
 * @param pending planned splits not yet assigned to a reader, oldest first
 * @param planningDone whether the source planned its last split (a bounded read)
 * @param checkpointId the checkpoint this state was taken for (0 for the initial state)
 * @param held the assigned splits whose versions stay pinned (see {@link HeldSplits})
 */
@Internal
public record DuckLakeEnumeratorState(
        long position,
        int buckets,
        List<DuckLakeSplit> pending,
        boolean planningDone,
        long checkpointId,
        List<HeldSplits.Entry> held) {

    public DuckLakeEnumeratorState {
        pending = List.copyOf(pending);
        held = List.copyOf(held);
    }

    public static DuckLakeEnumeratorState initial() {
        return new DuckLakeEnumeratorState(-1, 0, List.of(), false, 0, List.of());
    }

    public boolean started() {
        return position >= 0;
    }
}
