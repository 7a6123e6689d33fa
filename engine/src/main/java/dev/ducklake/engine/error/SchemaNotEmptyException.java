package dev.ducklake.engine.error;

/**
 * A schema could not be dropped without {@code cascade} because it still holds tables or views; the
 * message names them. The lake is unchanged.
 */
public class SchemaNotEmptyException extends LakeValidationException {

    public SchemaNotEmptyException(String message) {
        super(message);
    }
}
