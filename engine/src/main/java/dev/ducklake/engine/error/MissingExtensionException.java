package dev.ducklake.engine.error;

/**
 * A DuckDB extension the engine needs could not be loaded, typically on a machine without
 * internet access. The message names the extension, the DuckDB version and the command that
 * installs it.
 */
public class MissingExtensionException extends LakeException {

    public MissingExtensionException(String message, Throwable cause) {
        super(message, cause);
    }
}
