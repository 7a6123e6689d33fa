package dev.ducklake.engine.schema;

import java.util.Objects;

/** A table or a view of a schema, whoever created it (the engine, plain DuckDB, another writer). */
public record LakeObject(TableName name, Kind kind) {

    /** What the object is. */
    public enum Kind {
        TABLE,
        VIEW
    }

    public LakeObject {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(kind, "kind");
    }
}
