/*
 * Copyright 2026 The Flink connector for DuckLake authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */

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
        return transform == Transform.IDENTITY
                ? quoted
                : transform.name().toLowerCase(Locale.ROOT) + "(" + quoted + ")";
    }
}
