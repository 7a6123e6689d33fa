package dev.ducklake.engine.testutils;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The tests' wait: returns as soon as its condition holds, and otherwise says what did not happen. */
class AwaitTest {

    @Test
    void returnsTheFirstValueTheConditionAccepts() throws Exception {
        AtomicInteger polls = new AtomicInteger();
        int value = Await.atMost(Duration.ofSeconds(10)).until("three polls", polls::incrementAndGet, n -> n >= 3);
        assertThat(value).isEqualTo(3);
    }

    @Test
    void failsAtTheDeadlineNamingWhatDidNotHappenTheLastValueAndTheDetails() {
        assertThatThrownBy(() -> Await.atMost(Duration.ofMillis(50)).withDetails(() -> "the log: empty")
                .until("the counter reached 10", () -> 7, n -> n >= 10))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("Waited 50 ms").hasMessageContaining("the counter reached 10")
                .hasMessageContaining("Last seen: 7").hasMessageContaining("the log: empty");
        assertThatThrownBy(() -> Await.atMost(Duration.ofMillis(20)).until("never", () -> false))
                .isInstanceOf(AssertionError.class).hasMessage("Waited 20 ms for this, in vain: never");
    }

    @Test
    void anExceptionOfTheConditionEndsTheWaitAtOnce() {
        long started = System.nanoTime();
        assertThatThrownBy(() -> Await.atMost(Duration.ofMinutes(1)).until("a readable file", () -> {
            throw new IOException("gone");
        })).isInstanceOf(IOException.class).hasMessage("gone");
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(10));
    }
}
