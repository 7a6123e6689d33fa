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

import dev.ducklake.engine.write.CommitResult;
import java.io.Serializable;
import org.apache.flink.annotation.Internal;

/**
 * Told of every commit the committer made, after the lake accepted it and before the committer
 * returns to Flink. The sink's metrics are one observer; tests use another to lose the
 * acknowledgement of a commit that succeeded.
 */
@Internal
@FunctionalInterface
public interface CommitObserver extends Serializable {

    CommitObserver NONE = (checkpointId, result) -> {};

    void committed(long checkpointId, CommitResult result);
}
