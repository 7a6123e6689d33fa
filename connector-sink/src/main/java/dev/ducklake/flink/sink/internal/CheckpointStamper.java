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
public final class CheckpointStamper
        implements MapFunction<CommittableMessage<DuckLakeCommittable>, CommittableMessage<DuckLakeCommittable>> {

    private static final long serialVersionUID = 1L;

    @Override
    public CommittableMessage<DuckLakeCommittable> map(CommittableMessage<DuckLakeCommittable> message) {
        if (message instanceof CommittableWithLineage<DuckLakeCommittable> lineage) {
            long checkpointId = lineage.getCheckpointIdOrEOI();
            return lineage.map(committable -> committable.withCheckpointId(checkpointId));
        }
        return message;
    }
}
