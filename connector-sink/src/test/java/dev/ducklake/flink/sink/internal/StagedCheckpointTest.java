package dev.ducklake.flink.sink.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.apache.flink.api.connector.sink2.Committer.CommitRequest;
import org.junit.jupiter.api.Test;

/** Commit requests grouped by checkpoint, each staged file once. */
class StagedCheckpointTest {

    @Test
    void aCommittableHandedTwiceIsAppliedOnce() {
        List<CommitRequest<DuckLakeCommittable>> requests = List.of(request(3, "/s/a.parquet"),
                request(2, "/s/c.parquet"), request(3, "/s/b.parquet"), request(3, "/s/a.parquet"));

        Map<Long, List<CommitRequest<DuckLakeCommittable>>> byCheckpoint = StagedCheckpoint.byCheckpoint(requests);

        assertThat(byCheckpoint.keySet()).containsExactly(2L, 3L);
        assertThat(byCheckpoint.get(2L)).extracting(r -> r.getCommittable().file()).containsExactly("/s/c.parquet");
        assertThat(byCheckpoint.get(3L)).extracting(r -> r.getCommittable().file())
                .containsExactly("/s/a.parquet", "/s/b.parquet");
    }

    private static CommitRequest<DuckLakeCommittable> request(long checkpoint, String file) {
        DuckLakeCommittable committable = new DuckLakeCommittable("sink", checkpoint, file, 1, CurrentRowIndex.UNKNOWN);
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
