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

package dev.ducklake.flink.sink.internal;

import java.util.ArrayList;
import java.util.List;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.BooleanType;
import org.apache.flink.table.types.logical.RowType;

/**
 * The columns an upsert sink's rows carry from the current-row index to the staging and the commit:
 * whether the table held a row for the key, the held row, and the version that is valid at.
 */
@Internal
public final class CurrentRowColumns {

    /** The {@code as of} of a hint that must not be trusted: the commit looks the row up. */
    public static final long UNKNOWN = -1;

    private CurrentRowColumns() {}

    /**
     * The output type: the row's fields, {@code __ducklake_had}, the held row's fields (nullable),
     * then {@code __ducklake_as_of}, the version the hint is valid at or {@link #UNKNOWN}.
     */
    public static RowType withCurrentRow(RowType rowType) {
        List<RowType.RowField> fields = new ArrayList<>(rowType.getFields());
        fields.add(new RowType.RowField("__ducklake_had", new BooleanType(false)));
        for (RowType.RowField field : rowType.getFields()) {
            fields.add(
                    new RowType.RowField(
                            "__ducklake_cur_" + field.getName(), field.getType().copy(true)));
        }
        fields.add(new RowType.RowField("__ducklake_as_of", new BigIntType(false)));
        return new RowType(false, fields);
    }

    /**
     * The position of {@code __ducklake_had} in a row of {@link #withCurrentRow} with {@code
     * fields} fields.
     */
    public static int hadPosition(int fields) {
        return fields;
    }

    /** The position of the held row's field {@code field} in a row of {@link #withCurrentRow}. */
    public static int currentPosition(int fields, int field) {
        return fields + 1 + field;
    }

    /** The position of {@code __ducklake_as_of} in a row of {@link #withCurrentRow}. */
    public static int asOfPosition(int fields) {
        return 2 * fields + 1;
    }

    /**
     * What {@link #withCurrentRow} adds to a row of {@code fields} fields: the table held no row
     * for the key (the caller sets the held row when it did), valid at {@code asOf}.
     */
    public static GenericRowData hint(int fields, long asOf) {
        GenericRowData hint = new GenericRowData(2 + fields);
        hint.setField(0, false);
        hint.setField(1 + fields, asOf);
        return hint;
    }
}
