package dev.ducklake.engine.testutils;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.function.Predicate;

/**
 * Waits in tests for something to happen, up to a deadline, instead of sleeping a fixed time and
 * hoping it happened meanwhile. It polls the condition (every few milliseconds at first, backing off
 * to {@link #pollingAtMost}) and, if the deadline passes first, fails with an {@link AssertionError}
 * that names what did not happen, the last value it saw and any details asked for:
 *
 * <pre>{@code
 * Await.atMost(Duration.ofSeconds(60)).until("the sink committed 2 snapshots", () -> snapshots() >= 2);
 * Result model = Await.atMost(Duration.ofSeconds(90))
 *         .until("the model holds the table's rows", () -> published(name), m -> m != null && m.rows().equals(rows));
 * }</pre>
 *
 * <p>An exception thrown by the condition ends the wait at once and propagates, as it would have
 * from the test. A condition that can tell the wait is hopeless (a process that exited) throws.
 */
public final class Await {

    private static final Duration FIRST_POLL = Duration.ofMillis(5);
    private static final int MAX_SEEN_LENGTH = 2_000;

    /** A condition that may throw. */
    @FunctionalInterface
    public interface Condition {
        boolean holds() throws Exception;
    }

    /** A value to look at; may throw. */
    @FunctionalInterface
    public interface Probe<T> {
        T get() throws Exception;
    }

    private final Duration timeout;
    private final Duration maxPoll;
    private final Callable<String> details;

    private Await(Duration timeout, Duration maxPoll, Callable<String> details) {
        this.timeout = Objects.requireNonNull(timeout, "timeout");
        this.maxPoll = Objects.requireNonNull(maxPoll, "maxPoll");
        this.details = details;
    }

    /** A wait that gives up after {@code timeout}. */
    public static Await atMost(Duration timeout) {
        return new Await(timeout, Duration.ofMillis(100), null);
    }

    /** Polls at most this far apart: for a condition that is costly to check. */
    public Await pollingAtMost(Duration maxPoll) {
        return new Await(timeout, maxPoll, details);
    }

    /** Adds what {@code details} returns, computed when the wait fails, to the failure's message. */
    public Await withDetails(Callable<String> details) {
        return new Await(timeout, maxPoll, details);
    }

    /** Returns once the condition holds; fails naming {@code what} if it does not within the timeout. */
    public void until(String what, Condition condition) throws Exception {
        until(what, condition::holds, Boolean::booleanValue);
    }

    /**
     * Returns the first value of the probe that {@code done} accepts; fails naming {@code what} and
     * the last value seen if none does within the timeout.
     */
    public <T> T until(String what, Probe<T> probe, Predicate<? super T> done) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        long poll = FIRST_POLL.toMillis();
        while (true) {
            T value = probe.get();
            if (done.test(value)) {
                return value;
            }
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new AssertionError(failure(what, value));
            }
            Thread.sleep(Math.max(1, Math.min(poll, Duration.ofNanos(left).toMillis())));
            poll = Math.min(poll * 2, maxPoll.toMillis());
        }
    }

    private String failure(String what, Object lastSeen) throws Exception {
        StringBuilder message = new StringBuilder("Waited ").append(describe(timeout)).append(" for this, in vain: ")
                .append(what);
        if (!(lastSeen instanceof Boolean)) {
            String seen = String.valueOf(lastSeen);
            if (seen.length() > MAX_SEEN_LENGTH) {
                seen = seen.substring(0, MAX_SEEN_LENGTH) + "... (" + seen.length() + " characters)";
            }
            message.append("\nLast seen: ").append(seen);
        }
        if (details != null) {
            message.append('\n').append(details.call());
        }
        return message.toString();
    }

    private static String describe(Duration duration) {
        return duration.toMillis() % 1000 == 0 ? duration.toSeconds() + " s" : duration.toMillis() + " ms";
    }
}
