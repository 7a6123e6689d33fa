package dev.ducklake.engine.schema;

import java.util.Objects;

/** A column of a lake table: its name, its type, and whether it accepts NULL. */
public record Column(String name, LakeType type, boolean nullable) {

    public Column {
        Identifiers.requireValid(name, "column");
        Objects.requireNonNull(type, "type");
    }

    /** A nullable column. */
    public static Column of(String name, LakeType type) {
        return new Column(name, type, true);
    }

    /** A column that refuses NULL. */
    public static Column notNull(String name, LakeType type) {
        return new Column(name, type, false);
    }

    /** This column as it appears in {@code CREATE TABLE}. */
    public String ddl() {
        return Identifiers.quote(name) + ' ' + type.sql() + (nullable ? "" : " NOT NULL");
    }
}
