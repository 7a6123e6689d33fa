/*
 * Copyright 2026 The Flink connector for DuckLake authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */

package dev.ducklake.flink.sink.internal.commit;

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
