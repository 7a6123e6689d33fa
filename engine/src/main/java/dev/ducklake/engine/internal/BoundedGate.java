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

import dev.ducklake.engine.error.LakeBusyException;
import dev.ducklake.engine.error.LakeCancelledException;
import dev.ducklake.engine.error.LakeClosedException;
import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * A bound on how many operations of one kind run at once. Beyond the bound a caller waits up to the
 * timeout, then fails with {@link LakeBusyException}; an interrupted wait fails with {@link
 * LakeCancelledException}. {@link #close()} fails every waiting and later caller at once with
 * {@link LakeClosedException}.
 */
public final class BoundedGate {

    private final String kind;
    private final int limit;
    private final Semaphore permits;
    private final Duration timeout;
    private volatile boolean closed;

    public BoundedGate(String kind, int limit, Duration timeout) {
        this.kind = kind;
        this.limit = limit;
        this.permits = new Semaphore(limit, true);
        this.timeout = timeout;
    }

    /** Takes a slot; the returned permit gives it back when closed (once). */
    public Permit enter(String operation) {
        requireOpen(operation);
        try {
            if (!permits.tryAcquire(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new LakeBusyException(
                        "Waited "
                                + timeout.toMillis()
                                + " ms for one of "
                                + limit
                                + " "
                                + kind
                                + " slots to run "
                                + operation
                                + "; raise the engine's "
                                + kind
                                + " bound or lower the load");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LakeCancelledException("Interrupted while waiting to run " + operation, e);
        }
        if (closed) {
            permits.release();
            requireOpen(operation);
        }
        return new Permit();
    }

    /** Refuses new callers and wakes the waiting ones, which then fail; the gate stays closed. */
    public void close() {
        closed = true;
        // More permits than waiters can ever take: every waiter wakes, sees the gate closed and
        // fails.
        permits.release(Integer.MAX_VALUE / 2);
    }

    private void requireOpen(String operation) {
        if (closed) {
            throw new LakeClosedException(
                    "The lake engine was closed; " + operation + " did not run");
        }
    }

    /** A taken slot. */
    public final class Permit implements AutoCloseable {
        private boolean released;

        private Permit() {}

        @Override
        public synchronized void close() {
            if (!released) {
                released = true;
                permits.release();
            }
        }
    }
}
