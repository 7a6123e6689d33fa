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

package dev.ducklake.flink.sink.internal.write;

import java.util.Collections;
import java.util.List;
import java.util.Objects;
import org.apache.flink.annotation.Internal;

/**
 * What a writer keeps in Flink state: the sink's id, so that a job restored from a checkpoint or a
 * savepoint names its staging and its commits as the job that took it.
 *
 * <p>Flink deals a restored sink's writer states out round robin, so a subtask added by a higher
 * parallelism receives none unless there are enough to go round. Each writer therefore keeps {@link
 * #copiesFor} copies: together at least the maximum parallelism, so every subtask of any
 * parallelism the job may resume at receives the id.
 */
@Internal
public record DuckLakeWriterState(String sinkId) {

    public DuckLakeWriterState {
        Objects.requireNonNull(sinkId, "sinkId");
    }

    /**
     * The states one of {@code parallelism} writers keeps, so that all of them hold {@code
     * maxParallelism}.
     */
    public static List<DuckLakeWriterState> copiesFor(
            String sinkId, int parallelism, int maxParallelism) {
        int copies = Math.max(1, (maxParallelism + parallelism - 1) / parallelism);
        return Collections.nCopies(copies, new DuckLakeWriterState(sinkId));
    }
}
