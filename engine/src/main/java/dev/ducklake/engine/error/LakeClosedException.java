package dev.ducklake.engine.error;

/** Work was asked of an engine, session or reader that is already closed. */
public class LakeClosedException extends LakeException {

    public LakeClosedException(String message) {
        super(message);
    }
}
