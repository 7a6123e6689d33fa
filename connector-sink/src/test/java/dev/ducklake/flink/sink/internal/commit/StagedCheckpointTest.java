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

import static org.assertj.core.api.Assertions.assertThat;

import dev.ducklake.flink.sink.internal.CurrentRowColumns;
import java.util.List;
import java.util.Map;
import org.apache.flink.api.connector.sink2.Committer.CommitRequest;
import org.junit.jupiter.api.Test;

/** Commit requests grouped by checkpoint, each staged file once. */
class StagedCheckpointTest {

    @Test
    void aCommittableHandedTwiceIsAppliedOnce() {
        List<CommitRequest<DuckLakeCommittable>> requests =
                List.of(
                        request(3, "/s/a.parquet"),
                        request(2, "/s/c.parquet"),
                        request(3, "/s/b.parquet"),
                        request(3, "/s/a.parquet"));

        Map<Long, List<CommitRequest<DuckLakeCommittable>>> byCheckpoint =
                StagedCheckpoint.byCheckpoint(requests);

        assertThat(byCheckpoint.keySet()).containsExactly(2L, 3L);
        assertThat(byCheckpoint.get(2L))
                .extracting(r -> r.getCommittable().file())
                .containsExactly("/s/c.parquet");
        assertThat(byCheckpoint.get(3L))
                .extracting(r -> r.getCommittable().file())
                .containsExactly("/s/a.parquet", "/s/b.parquet");
    }

    private static CommitRequest<DuckLakeCommittable> request(long checkpoint, String file) {
        DuckLakeCommittable committable =
                new DuckLakeCommittable("sink", checkpoint, file, 1, CurrentRowColumns.UNKNOWN);
        return new CommitRequest<>() {
            @Override
            public DuckLakeCommittable getCommittable() {
                return committable;
            }

            @Override
            public int getNumberOfRetries() {
                return 0;
            }

            @Override
            public void signalFailedWithKnownReason(Throwable t) {}

            @Override
            public void signalFailedWithUnknownReason(Throwable t) {}

            @Override
            public void retryLater() {}

            @Override
            public void updateAndRetryLater(DuckLakeCommittable committable) {}

            @Override
            public void signalAlreadyCommitted() {}
        };
    }
}
