package dev.ducklake.flink.source.split;

import org.apache.flink.annotation.Internal;

/** A split being read: the split and how many of its rows or changes were emitted so far. */
@Internal
public final class DuckLakeSplitState {

    private final DuckLakeSplit split;
    private long offset;

    public DuckLakeSplitState(DuckLakeSplit split) {
        this.split = split;
        this.offset = split.offset();
    }

    public void emitted(long newOffset) {
        this.offset = newOffset;
    }

    public DuckLakeSplit toSplit() {
        return split.at(offset);
    }
}
