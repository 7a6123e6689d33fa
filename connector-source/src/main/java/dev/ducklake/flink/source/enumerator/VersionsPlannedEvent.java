package dev.ducklake.flink.source.enumerator;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.connector.source.SourceEvent;

/**
 * Sent to a reader after the enumerator looked for new versions and assigned the reader every
 * split it planned. A reader that has received one and holds no unfinished split has read the table
 * up to the latest version found, so it marks its output idle: it holds no watermark back.
 */
@Internal
public final class VersionsPlannedEvent implements SourceEvent {

    private static final long serialVersionUID = 1L;
}
