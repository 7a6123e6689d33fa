package dev.ducklake.flink.source.reader;

import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.data.RowData;

/**
 * One element read from a split: a change as its before and after images (a row of a snapshot is
 * an insert, with no before image), the split's offset once it is emitted, and the split's version
 * when the source reads metadata columns (null otherwise). The images are fresh rows the emitter
 * may set the kind of.
 */
@Internal
public record LakeRecord(@Nullable RowData before, @Nullable RowData after, long offsetAfter,
        @Nullable VersionStamp stamp) {}
