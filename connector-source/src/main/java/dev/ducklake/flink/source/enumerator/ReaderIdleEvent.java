package dev.ducklake.flink.source.enumerator;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.connector.source.SourceEvent;

/**
 * Sent by a reader that holds no unfinished split: after it starts without any, and after it
 * finishes its last one. A source restored at a new parallelism assigns no split until every
 * reader is idle, so no key's older changes are still being read elsewhere.
 */
@Internal
public final class ReaderIdleEvent implements SourceEvent {

    private static final long serialVersionUID = 1L;
}
