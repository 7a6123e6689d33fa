package dev.ducklake.engine.internal;

import dev.ducklake.engine.error.LakeBusyException;
import dev.ducklake.engine.error.LakeCancelledException;
import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * Keeps maintenance and reads apart: any number of reads hold the gate together, maintenance holds
 * it alone. The gate is fair, so a read that starts while maintenance waits queues behind it.
 * Waiting is bounded by the engine's acquire timeout, then fails with a message naming the
 * operation.
 */
public final class ReadGate {

    private static final int ALL = Integer.MAX_VALUE;

    private final Semaphore permits = new Semaphore(ALL, true);
    private final Duration timeout;

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

    private void acquire(int count, String operation, String waitingFor) {
        try {
            if (!permits.tryAcquire(count, timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new LakeBusyException("Waited " + timeout.toMillis() + " ms for " + waitingFor + " before "
                        + operation + "; raise the engine's acquireTimeout or run maintenance when reads are idle");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LakeCancelledException("Interrupted while waiting for " + waitingFor + " before " + operation, e);
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
