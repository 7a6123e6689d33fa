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

package dev.ducklake.examples.quickstart;

import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import javax.annotation.Nullable;
import org.apache.flink.table.data.RowData;
import org.apache.flink.util.CloseableIterator;

/**
 * Moves a job's collected results to a queue on a thread of its own, so that the caller can wait
 * for a change with a timeout instead of blocking in the iterator. A failure of the job surfaces in
 * {@link #poll}; the thread ends when the iterator is closed.
 */
final class ChangeQueue {

    private final BlockingQueue<RowData> changes = new LinkedBlockingQueue<>();
    private final AtomicReference<RuntimeException> failure = new AtomicReference<>();

    ChangeQueue(CloseableIterator<RowData> results) {
        Thread drain =
                new Thread(
                        () -> {
                            try {
                                results.forEachRemaining(changes::add);
                            } catch (RuntimeException e) {
                                failure.set(e);
                            }
                        },
                        "changelog-results");
        drain.setDaemon(true);
        drain.start();
    }

    /** The next change, or {@code null} when none came within the timeout. */
    @Nullable
    RowData poll(Duration timeout) throws InterruptedException {
        RowData change = changes.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
        if (change == null && failure.get() != null) {
            throw new IllegalStateException("The changelog job failed", failure.get());
        }
        return change;
    }
}
