package dev.ducklake.engine.error;

/** The named table does not exist in the lake (or did not exist at the requested version). */
public class TableNotFoundException extends LakeException {

    public TableNotFoundException(String message) {
        super(message);
    }
}
