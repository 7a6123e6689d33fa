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

import org.apache.flink.api.common.functions.MapFunction;

/**
 * Passes records through, sleeping a millisecond every {@code every} records: spreads a small
 * input, or a read, over many checkpoints, so that checkpoints, failures and savepoints fall in the
 * middle of the stream.
 *
 * <p>The sleep is pacing, not synchronization: no test waits here for something to happen, and
 * every test stays correct at any speed; only how much of the stream lies between two checkpoints
 * depends on it. Tests that must see something happen wait for it with a deadline (Awaitility's
 * {@code await}).
 */
public final class Throttle<T> implements MapFunction<T, T> {

    private static final long serialVersionUID = 1L;

    private final int every;
    private transient long seen;

    public Throttle(int every) {
        this.every = every;
    }

    @Override
    public T map(T value) throws InterruptedException {
        if (++seen % every == 0) {
            Thread.sleep(1);
        }
        return value;
    }
}
