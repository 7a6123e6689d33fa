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

package dev.ducklake.flink.it;

import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.api.common.state.CheckpointListener;

/**
 * Passes records through, sleeping {@code millis} before each until its subtask has seen a
 * checkpoint complete: a small bounded input then still flows when the first checkpoint of a job
 * with many operators completes, so that a failure can follow it. Pacing, not synchronization:
 * checkpoints run between records.
 */
final class PaceUntilACheckpoint<T> implements MapFunction<T, T>, CheckpointListener {

    private static final long serialVersionUID = 1L;

    private final long millis;
    private transient boolean checkpointCompleted;

    PaceUntilACheckpoint(long millis) {
        this.millis = millis;
    }

    @Override
    public T map(T value) throws InterruptedException {
        if (!checkpointCompleted) {
            Thread.sleep(millis);
        }
        return value;
    }

    @Override
    public void notifyCheckpointComplete(long checkpointId) {
        checkpointCompleted = true;
    }
}
