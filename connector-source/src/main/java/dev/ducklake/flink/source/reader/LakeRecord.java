package dev.ducklake.flink.source.reader;

import dev.ducklake.engine.change.Change;
import org.apache.flink.annotation.Internal;

/**
 * One element read from a split: a change, or a row of a snapshot (an insert without a before
 * image), and the split's offset once it is emitted.
 */
@Internal
public record LakeRecord(Change change, long offsetAfter) {}
