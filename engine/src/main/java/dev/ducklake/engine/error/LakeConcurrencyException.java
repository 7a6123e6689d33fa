package dev.ducklake.engine.error;

/**
 * A commit lost a race with another commit: either the table moved past the version the commit
 * expected, or DuckLake reported a conflict that outlasted the engine's bounded retries. Retryable:
 * the lake is unchanged by the failed commit.
 */
public class LakeConcurrencyException extends LakeException {

    private final int retries;

    public LakeConcurrencyException(String message) {
        super(message);
        this.retries = 0;
    }

    public LakeConcurrencyException(String message, int retries, Throwable cause) {
        super(message, cause);
        this.retries = retries;
    }

    /** How often the commit was retried before this outcome. */
    public int retries() {
        return retries;
    }
}
