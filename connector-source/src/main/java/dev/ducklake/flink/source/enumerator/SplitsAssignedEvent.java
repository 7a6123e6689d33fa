package dev.ducklake.flink.source.enumerator;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.connector.source.SourceEvent;

/**
 * Sent to a reader of a source with snapshot watermarks, after the splits it announces: every split
 * of the reader's buckets whose last version is at most {@code version} has been assigned, and the
 * table's splits up to that version hold every change it had at the lake snapshot {@code snapshot}.
 * Once the reader has finished each of its splits up to {@code version}, it has emitted its part of
 * those changes, and emits {@code snapshot} as its watermark.
 */
@Internal
public record SplitsAssignedEvent(long version, long snapshot) implements SourceEvent {

    private static final long serialVersionUID = 1L;
}
