package dev.ducklake.flink.sink.internal;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.streaming.api.connector.sink2.CommittableMessage;
import org.apache.flink.streaming.api.connector.sink2.CommittableWithLineage;

/**
 * Writes the checkpoint id that Flink's lineage gives a committable into the committable itself,
 * because a committer sees committables without their lineage. Summaries pass unchanged.
 */
@Internal
public final class CheckpointStamper<C extends Stampable<C>>
        implements MapFunction<CommittableMessage<C>, CommittableMessage<C>> {

    private static final long serialVersionUID = 1L;

    @Override
    public CommittableMessage<C> map(CommittableMessage<C> message) {
        if (message instanceof CommittableWithLineage<C> lineage) {
            long checkpointId = lineage.getCheckpointIdOrEOI();
            return lineage.map(committable -> committable.withCheckpointId(checkpointId));
        }
        return message;
    }
}
