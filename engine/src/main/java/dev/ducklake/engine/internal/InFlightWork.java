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

package dev.ducklake.engine.internal;

import dev.ducklake.engine.error.LakeCancelledException;
import dev.ducklake.engine.error.LakeClosedException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * The engine's calls that run statements to their end (commits, DDL, maintenance, metadata reads),
 * so that closing can wait for those already running before it stops DuckDB beneath them. Each
 * holds a share of a read-write lock while it runs; {@link #closeAndAwait} refuses new calls and
 * takes the lock alone. Reentrant: a call may run others inside.
 */
final class InFlightWork {

    private final String owner;
    private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
    private volatile boolean closing;

    InFlightWork(String owner) {
        this.owner = owner;
    }

    /**
     * Runs the work as an in-flight call; fails with {@link LakeClosedException} once closing
     * began.
     */
    <T, E extends Exception> T run(String what, EngineContext.Exclusive<T, E> work)
            throws E, InterruptedException {
        requireOpen(what);
        lock.readLock().lock();
        try {
            requireOpen(what);
            return work.run();
        } finally {
            lock.readLock().unlock();
        }
    }

    /**
     * Refuses new calls, then waits up to {@code timeout} for the running ones; returns whether
     * they all ended. The caller closes what they used afterwards, and never reopens.
     */
    boolean closeAndAwait(Duration timeout) {
        closing = true;
        try {
            if (lock.writeLock().tryLock(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                lock.writeLock().unlock();
                return true;
            }
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LakeCancelledException(
                    "Interrupted while closing the lake engine for "
                            + owner
                            + " waited for its running calls",
                    e);
        }
    }

    /** Fails with {@link LakeClosedException} once closing began. */
    void requireOpen(String what) {
        if (closing) {
            throw new LakeClosedException(
                    "The lake engine for " + owner + " is closed; could not " + what);
        }
    }
}
