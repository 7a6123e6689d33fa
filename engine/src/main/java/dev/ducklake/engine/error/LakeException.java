package dev.ducklake.engine.error;

/**
 * Base of every error the lake engine raises. Unchecked, like the JDBC errors it wraps. Its message
 * and causes never carry a password or key the engine was given (see {@link SecretMasking}).
 */
public class LakeException extends RuntimeException {

    public LakeException(String message) {
        super(SecretMasking.mask(message));
    }

    public LakeException(String message, Throwable cause) {
        super(SecretMasking.mask(message), SecretMasking.mask(cause));
    }
}
