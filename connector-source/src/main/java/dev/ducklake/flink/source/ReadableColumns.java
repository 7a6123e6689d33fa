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

package dev.ducklake.flink.source;

import dev.ducklake.engine.schema.Column;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.schema.TableSchema;
import dev.ducklake.flink.common.FlinkLakeTypes;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.types.logical.RowType;

/** Checks that a Flink row type can be read from a DuckLake table, column by column. */
@Internal
public final class ReadableColumns {

    private ReadableColumns() {}

    /**
     * Returns the row type, or fails naming the first column that the table lacks or cannot give.
     */
    public static RowType check(TableName table, TableSchema schema, RowType rowType) {
        for (RowType.RowField field : rowType.getFields()) {
            int position = schema.positionOf(field.getName());
            String problem = null;
            if (position < 0) {
                problem = "the table has no column '" + field.getName() + "'";
            } else {
                Column column = schema.column(position);
                if (!FlinkLakeTypes.readableAs(column.type(), field.getType())) {
                    problem =
                            "column '"
                                    + column.name()
                                    + "' is "
                                    + column.type().sql()
                                    + ", which cannot be read as "
                                    + field.getType().asSummaryString();
                }
            }
            if (problem != null) {
                throw new ValidationException(
                        "The DuckLake table "
                                + table
                                + " cannot be read as "
                                + rowType.asSummaryString()
                                + ": "
                                + problem
                                + ". The table is "
                                + schema);
            }
        }
        return rowType;
    }
}
