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

/**
 * A committable that carries the id of its checkpoint, written in by the {@link CheckpointStamper}.
 */
@Internal
public interface Stampable<C> {

    /** The id of the sink that staged the file. */
    String sinkId();

    long checkpointId();

    /** The staged file the committable carries, which names it within its sink. */
    String file();

    /** The rows the staged file holds. */
    long rows();

    /** This committable, of the given checkpoint. */
    C withCheckpointId(long checkpointId);
}
