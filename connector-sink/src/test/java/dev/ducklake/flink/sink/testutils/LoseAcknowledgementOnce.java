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

import dev.ducklake.engine.write.CommitResult;
import dev.ducklake.flink.sink.internal.commit.CommitObserver;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Fails the committer once, right after the lake accepted a commit and before the committer returns
 * to Flink: the commit succeeded but Flink never learns it, so it replays the committable.
 */
public final class LoseAcknowledgementOnce implements CommitObserver {

    private static final long serialVersionUID = 1L;
    private static final AtomicInteger LOST = new AtomicInteger();

    public static void reset() {
        LOST.set(0);
    }

    public static int lost() {
        return LOST.get();
    }

    @Override
    public void committed(long checkpointId, CommitResult result) {
        if (result.committed() && LOST.compareAndSet(0, 1)) {
            throw new IllegalStateException(
                    "Induced loss of the acknowledgement of checkpoint " + checkpointId);
        }
    }
}
