package dev.ducklake.engine.error;

/**
 * A change to a table's definition that DuckLake or the engine cannot make: a type change that is
 * not a lossless widening, dropping a primary-key or partition column, moving a table to another
 * schema. The message names the table, the column and the reason; the lake is unchanged.
 */
public class UnsupportedChangeException extends LakeValidationException {

    public UnsupportedChangeException(String message) {
        super(message);
    }
}
