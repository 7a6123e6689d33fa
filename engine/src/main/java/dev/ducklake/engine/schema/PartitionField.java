package dev.ducklake.engine.schema;

import java.util.Locale;
import java.util.Objects;

/** One field of a table's DuckLake partitioning: a column, as is or through a time transform. */
public record PartitionField(String column, Transform transform) {

    /** The partition transforms DuckLake supports. */
    public enum Transform {
        IDENTITY,
        YEAR,
        MONTH,
        DAY,
        HOUR
    }

    public PartitionField {
        Identifiers.requireValid(column, "partition column");
        Objects.requireNonNull(transform, "transform");
    }

    public static PartitionField identity(String column) {
        return new PartitionField(column, Transform.IDENTITY);
    }

    /** This field on a column of another name (a renamed column). */
    public PartitionField withColumn(String renamed) {
        return new PartitionField(renamed, transform);
    }

    /** The field as it appears in {@code ALTER TABLE ... SET PARTITIONED BY (...)}. */
    public String sql() {
        String quoted = Identifiers.quote(column);
        return transform == Transform.IDENTITY ? quoted : transform.name().toLowerCase(Locale.ROOT) + "(" + quoted + ")";
    }
}
