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

import dev.ducklake.flink.sink.internal.CurrentRowColumns;
import java.util.Objects;
import org.apache.flink.annotation.Internal;

/**
 * One writer's staged rows for one checkpoint: a Parquet file in the sink's staging directory and
 * its row count. The sink's id and the checkpoint id name the commit that applies it; the
 * checkpoint id is stamped from Flink's lineage after the writer emits the committable (see {@link
 * CheckpointStamper}), and is {@link #UNSTAMPED} before that. The file of an upsert sink with an
 * index also holds each change's current row, valid at the version {@code currentRowsAsOf} (or
 * {@link CurrentRowColumns#UNKNOWN}); it is {@link #NO_CURRENT_ROWS} for a file without them.
 * {@code inputSnapshot} is the writer's watermark at the barrier: the lake snapshot up to which the
 * job's DuckLake change sources had emitted every change before it ({@link #NO_INPUT_SNAPSHOT} when
 * the writer had received none), from which the committer records the versions of the sink's
 * lineage inputs.
 */
@Internal
public record DuckLakeCommittable(
        String sinkId,
        long checkpointId,
        String file,
        long rows,
        long currentRowsAsOf,
        long inputSnapshot)
        implements Stampable<DuckLakeCommittable> {

    public static final long UNSTAMPED = -1;

    /** The {@code currentRowsAsOf} of a file that holds changes (or rows) without current rows. */
    public static final long NO_CURRENT_ROWS = -2;

    /** The {@code inputSnapshot} of a writer that received no watermark. */
    public static final long NO_INPUT_SNAPSHOT = -1;

    /** A file without current rows, from a writer without a watermark. */
    public DuckLakeCommittable(String sinkId, long checkpointId, String file, long rows) {
        this(sinkId, checkpointId, file, rows, NO_CURRENT_ROWS);
    }

    /** A file from a writer without a watermark. */
    public DuckLakeCommittable(
            String sinkId, long checkpointId, String file, long rows, long currentRowsAsOf) {
        this(sinkId, checkpointId, file, rows, currentRowsAsOf, NO_INPUT_SNAPSHOT);
    }

    public boolean hasCurrentRows() {
        return currentRowsAsOf != NO_CURRENT_ROWS;
    }

    public DuckLakeCommittable {
        Objects.requireNonNull(sinkId, "sinkId");
        Objects.requireNonNull(file, "file");
    }

    @Override
    public DuckLakeCommittable withCheckpointId(long checkpointId) {
        return new DuckLakeCommittable(
                sinkId, checkpointId, file, rows, currentRowsAsOf, inputSnapshot);
    }
}
