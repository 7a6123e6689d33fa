package dev.ducklake.engine.error;

/** A long operation stopped because its thread was interrupted or its engine closed. */
public class LakeCancelledException extends LakeException {

    public LakeCancelledException(String message) {
        super(message);
    }

    public LakeCancelledException(String message, Throwable cause) {
        super(message, cause);
    }
}
