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
public record DuckLakeEnumeratorState(long position, int buckets, List<DuckLakeSplit> pending, boolean planningDone,
        long checkpointId, List<HeldSplits.Entry> held) {

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
