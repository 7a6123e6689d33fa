package dev.ducklake.engine.error;

/**
 * Input that does not fit a table: a wrong type, a null or empty key, a decimal that does not fit,
 * an unknown column, a duplicate key, an invalid name. Permanent: retrying the same input fails
 * again. The lake is unchanged when this is raised.
 */
public class LakeValidationException extends LakeException {

    public LakeValidationException(String message) {
        super(message);
    }

    public LakeValidationException(String message, Throwable cause) {
        super(message, cause);
    }
}
