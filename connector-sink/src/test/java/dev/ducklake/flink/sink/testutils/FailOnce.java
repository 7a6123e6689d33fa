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

/**
 * Passes records through and throws once, the first time it sees a record after {@code
 * afterRecords} records and at least one completed checkpoint. The failure count is JVM-wide
 * (MiniCluster tasks share the JVM) and reset with {@link #reset()}.
 */
public final class FailOnce<T> implements MapFunction<T, T>, CheckpointListener {

    private static final long serialVersionUID = 1L;
    private static final AtomicInteger FAILURES = new AtomicInteger();

    private final long afterRecords;
    private transient long seen;
    private transient boolean checkpointCompleted;

    public FailOnce(long afterRecords) {
        this.afterRecords = afterRecords;
    }

    public static void reset() {
        FAILURES.set(0);
    }

    public static int failures() {
        return FAILURES.get();
    }

    @Override
    public T map(T value) {
        seen++;
        if (checkpointCompleted && seen > afterRecords && FAILURES.compareAndSet(0, 1)) {
            throw new IllegalStateException("Induced failure after a completed checkpoint");
        }
        return value;
    }

    @Override
    public void notifyCheckpointComplete(long checkpointId) {
        checkpointCompleted = true;
    }
}
