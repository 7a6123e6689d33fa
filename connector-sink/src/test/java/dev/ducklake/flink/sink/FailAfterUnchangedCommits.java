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

package dev.ducklake.flink.sink;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ducklake.flink.sink.internal.commit.CommitObserver;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.flink.api.common.functions.MapFunction;

/**
 * Counts the sink's commits that changed nothing (no snapshot), and, as a map before the sink,
 * fails the job once at the first record after {@code commits} of them: a restore then replays a
 * checkpoint whose commit changed nothing and succeeded. Counts are JVM-wide (MiniCluster tasks
 * share the JVM) and reset with {@link #reset()}.
 */
final class FailAfterUnchangedCommits {

    private static final AtomicInteger UNCHANGED = new AtomicInteger();
    private static final AtomicInteger FAILURES = new AtomicInteger();

    private FailAfterUnchangedCommits() {}

    static void reset() {
        UNCHANGED.set(0);
        FAILURES.set(0);
    }

    /** Asserts that the job failed exactly once, after the commits that changed nothing. */
    static void assertFailedOnce() {
        assertThat(FAILURES.get())
                .as("induced failures, after %s commits that changed nothing", UNCHANGED.get())
                .isEqualTo(1);
    }

    /** The sink's observer that counts its commits that changed nothing. */
    static CommitObserver observer() {
        return (checkpointId, result) -> {
            if (!result.committed() && !result.alreadyCommitted()) {
                UNCHANGED.incrementAndGet();
            }
        };
    }

    /** The map that fails once after {@code commits} commits that changed nothing. */
    static <T> MapFunction<T, T> failAfter(int commits) {
        return value -> {
            if (UNCHANGED.get() >= commits && FAILURES.compareAndSet(0, 1)) {
                throw new IllegalStateException(
                        "Induced failure after " + commits + " commits that changed nothing");
            }
            return value;
        };
    }
}
