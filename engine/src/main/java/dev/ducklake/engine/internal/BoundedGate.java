package dev.ducklake.engine.internal;

import dev.ducklake.engine.error.LakeBusyException;
import dev.ducklake.engine.error.LakeCancelledException;
import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * A bound on how many operations of one kind run at once. Beyond the bound a caller waits up to
 * the timeout, then fails with {@link LakeBusyException}; an interrupted wait fails with
 * {@link LakeCancelledException}.
 */
public final class BoundedGate {

    private final String kind;
    private final int limit;
    private final Semaphore permits;
    private final Duration timeout;

    public BoundedGate(String kind, int limit, Duration timeout) {
        this.kind = kind;
        this.limit = limit;
        this.permits = new Semaphore(limit, true);
        this.timeout = timeout;
    }

    /** Takes a slot; the returned permit gives it back when closed (once). */
    public Permit enter(String operation) {
        try {
            if (!permits.tryAcquire(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new LakeBusyException("Waited " + timeout.toMillis() + " ms for one of " + limit + " " + kind
                        + " slots to run " + operation + "; raise the engine's " + kind + " bound or lower the load");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LakeCancelledException("Interrupted while waiting to run " + operation, e);
        }
        return new Permit();
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
