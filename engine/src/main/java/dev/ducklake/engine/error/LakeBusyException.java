package dev.ducklake.engine.error;

/**
 * The engine's bound on concurrent reads or pending commits stayed full for longer than the
 * configured wait. Retryable once the load drops; raise the bound in {@code EngineConfig} if it is
 * too low for the workload.
 */
public class LakeBusyException extends LakeException {

    public LakeBusyException(String message) {
        super(message);
    }
}
