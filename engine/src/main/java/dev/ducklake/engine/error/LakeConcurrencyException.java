package dev.ducklake.engine.error;

/**
 * A commit lost a race with another commit: either the table moved past the version the commit
 * expected, or DuckLake reported a conflict that outlasted the engine's bounded retries. Retryable:
 * the lake is unchanged by the failed commit.
 */
public class LakeConcurrencyException extends LakeException {

    public LakeConcurrencyException(String message) {
        super(message);
    }

    public LakeConcurrencyException(String message, Throwable cause) {
        super(message, cause);
    }
}
