package dev.ducklake.engine.error;

/** A schema, table or view of that name already exists; the lake is unchanged. */
public class AlreadyExistsException extends LakeValidationException {

    public AlreadyExistsException(String message) {
        super(message);
    }
}
