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
 * Keeps maintenance and reads apart: any number of reads hold the gate together, maintenance holds
 * it alone. The gate is fair, so a read that starts while maintenance waits queues behind it.
 * Waiting is bounded by the engine's acquire timeout, then fails with a message naming the
 * operation. {@link #close()} fails every waiting and later caller at once with {@link
 * LakeClosedException}.
 */
public final class ReadGate {

    /**
     * Maintenance's share: all of the permits; far below the int range, so that closing can add as
     * many again.
     */
    private static final int ALL = 1 << 29;

    private final Semaphore permits = new Semaphore(ALL, true);
    private final Duration timeout;
    private volatile boolean closed;

    public ReadGate(Duration timeout) {
        this.timeout = timeout;
    }

    /** Holds the gate for a read until the returned permit closes. */
    public Permit enterRead(String operation) {
        acquire(1, operation, "maintenance to finish");
        return new Permit(1);
    }

    /** Holds the gate alone for maintenance until the returned permit closes. */
    public Permit enterMaintenance(String operation) {
        acquire(ALL, operation, "open reads to finish");
        return new Permit(ALL);
    }

    /** Refuses new callers and wakes the waiting ones, which then fail; the gate stays closed. */
    public void close() {
        closed = true;
        permits.release(ALL);
    }

    private void acquire(int count, String operation, String waitingFor) {
        requireOpen(operation);
        try {
            if (!permits.tryAcquire(count, timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new LakeBusyException(
                        "Waited "
                                + timeout.toMillis()
                                + " ms for "
                                + waitingFor
                                + " before "
                                + operation
                                + "; raise the engine's acquireTimeout or run maintenance when reads are idle");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LakeCancelledException(
                    "Interrupted while waiting for " + waitingFor + " before " + operation, e);
        }
        if (closed) {
            permits.release(count);
            requireOpen(operation);
        }
    }

    private void requireOpen(String operation) {
        if (closed) {
            throw new LakeClosedException(
                    "The lake engine was closed; " + operation + " did not run");
        }
    }

    /** A hold on the gate; closing it more than once releases once. */
    public final class Permit implements AutoCloseable {
        private final int count;
        private boolean released;

        private Permit(int count) {
            this.count = count;
        }

        @Override
        public synchronized void close() {
            if (!released) {
                released = true;
                permits.release(count);
            }
        }
    }
}
