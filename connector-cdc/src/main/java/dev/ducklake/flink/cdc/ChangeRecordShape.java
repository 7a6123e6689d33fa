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

import dev.ducklake.engine.schema.Identifiers;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.RowType;

/**
 * Checks that a {@link ChangeRecord}'s row has its schema's shape, and says which column does not
 * hold what the schema claims when a row failed to serialize or stage.
 */
@Internal
public final class ChangeRecordShape {

    private ChangeRecordShape() {}

    /**
     * Fails, naming the table, when the row has another number of values than its schema has
     * columns.
     */
    public static void requireArity(ChangeRecord record) {
        int columns = record.schema().rowType().getFieldCount();
        if (record.row().getArity() != columns) {
            throw new IllegalArgumentException(
                    "A change record of "
                            + record.table()
                            + " has "
                            + record.row().getArity()
                            + " values, but its schema "
                            + record.schema()
                            + " has "
                            + columns
                            + " columns");
        }
    }

    /** Which column of the record's row holds a value of another type than its schema says. */
    public static String mismatch(ChangeRecord record) {
        RowType rowType = record.schema().rowType();
        RowData row = record.row();
        for (int i = 0; i < rowType.getFieldCount(); i++) {
            try {
                RowData.createFieldGetter(rowType.getTypeAt(i), i).getFieldOrNull(row);
            } catch (ClassCastException e) {
                Object value = row instanceof GenericRowData generic ? generic.getField(i) : null;
                return "A change record of "
                        + record.table()
                        + " does not fit its schema: column '"
                        + rowType.getFieldNames().get(i)
                        + "' is "
                        + rowType.getTypeAt(i).asSummaryString()
                        + " but holds "
                        + (value == null
                                ? "a value of another type"
                                : "the "
                                        + value.getClass().getSimpleName()
                                        + " "
                                        + Identifiers.describe(String.valueOf(value)));
            }
        }
        return "A change record of "
                + record.table()
                + " does not fit its schema "
                + record.schema();
    }
}
