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

package dev.ducklake.flink.cdc;

import java.io.Serializable;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.types.logical.RowType;

/**
 * The schema a {@link ChangeRecord}'s row claims: its columns with their Flink types (nullability
 * included), the table's primary key (empty for a table without one), and the columns renamed since
 * an earlier schema of the table ({@code renamedFrom}: new name → old name). A rename is only known
 * when the producer says so: without {@code renamedFrom}, a column that disappears and another that
 * appears are a drop and an add. Records that repeat a rename after it was applied are fine.
 *
 * <pre>{@code
 * ChangeSchema orders = ChangeSchema.of(RowType.of(new LogicalType[] {new BigIntType(false),
 *         new DecimalType(10, 2)}, new String[] {"id", "total"}), List.of("id"));
 * }</pre>
 */
@PublicEvolving
public record ChangeSchema(
        RowType rowType, List<String> primaryKey, Map<String, String> renamedFrom)
        implements Serializable {

    private static final long serialVersionUID = 1L;

    public ChangeSchema {
        Objects.requireNonNull(rowType, "rowType");
        primaryKey = List.copyOf(primaryKey);
        renamedFrom = Map.copyOf(renamedFrom);
        for (String key : primaryKey) {
            if (!rowType.getFieldNames().contains(key)) {
                throw new IllegalArgumentException(
                        "Primary-key column '"
                                + key
                                + "' is not a column of "
                                + rowType.asSummaryString());
            }
        }
        for (String renamed : renamedFrom.keySet()) {
            if (!rowType.getFieldNames().contains(renamed)) {
                throw new IllegalArgumentException(
                        "Renamed column '"
                                + renamed
                                + "' is not a column of "
                                + rowType.asSummaryString());
            }
        }
    }

    /** A schema without renames. */
    public static ChangeSchema of(RowType rowType, List<String> primaryKey) {
        return new ChangeSchema(rowType, primaryKey, Map.of());
    }

    /** This schema, saying that its column {@code to} was called {@code from} before. */
    public ChangeSchema withRename(String from, String to) {
        Map<String, String> renames = new LinkedHashMap<>(renamedFrom);
        renames.put(to, from);
        return new ChangeSchema(rowType, primaryKey, renames);
    }

    public boolean hasPrimaryKey() {
        return !primaryKey.isEmpty();
    }

    @Override
    public String toString() {
        return rowType.asSummaryString()
                + (primaryKey.isEmpty() ? "" : " PRIMARY KEY " + primaryKey)
                + (renamedFrom.isEmpty() ? "" : " RENAMED " + renamedFrom);
    }
}
