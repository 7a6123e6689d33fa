package dev.ducklake.flink.source.enumerator;

import java.util.List;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.connector.source.SourceEvent;

/** Sent by a reader when it finished splits, so that the enumerator can release their versions. */
@Internal
public record SplitsFinishedEvent(List<String> splitIds) implements SourceEvent {

    private static final long serialVersionUID = 1L;

    public SplitsFinishedEvent {
        splitIds = List.copyOf(splitIds);
    }
}
