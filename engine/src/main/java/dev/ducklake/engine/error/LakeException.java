package dev.ducklake.engine.error;

/** Base of every error the lake engine raises. Unchecked, like the JDBC errors it wraps. */
public class LakeException extends RuntimeException {

    public LakeException(String message) {
        super(message);
    }

    public LakeException(String message, Throwable cause) {
        super(message, cause);
    }
}
