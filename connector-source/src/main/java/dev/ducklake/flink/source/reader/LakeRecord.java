package dev.ducklake.flink.source.reader;

import dev.ducklake.engine.change.Change;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;

/**
 * One element read from a split: a change, or a row of a snapshot (an insert without a before
 * image), the split's offset once it is emitted, and the split's version when the source reads
 * metadata columns (null otherwise).
 */
@Internal
public record LakeRecord(Change change, long offsetAfter, @Nullable VersionStamp stamp) {}
