package dev.ducklake.engine.error;

/** The named schema (a Flink database) does not exist in the lake. */
public class SchemaNotFoundException extends LakeException {

    public SchemaNotFoundException(String message) {
        super(message);
    }
}
