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

package dev.ducklake.flink.sink.testutils;

import java.util.concurrent.atomic.AtomicInteger;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.api.common.state.CheckpointListener;

/** Passes records through and counts completed checkpoints JVM-wide. */
public final class CountCheckpoints<T> implements MapFunction<T, T>, CheckpointListener {

    private static final long serialVersionUID = 1L;
    private static final AtomicInteger COMPLETED = new AtomicInteger();

    public CountCheckpoints() {
        COMPLETED.set(0);
    }

    public static int completed() {
        return COMPLETED.get();
    }

    @Override
    public T map(T value) {
        return value;
    }

    @Override
    public void notifyCheckpointComplete(long checkpointId) {
        COMPLETED.incrementAndGet();
    }
}
