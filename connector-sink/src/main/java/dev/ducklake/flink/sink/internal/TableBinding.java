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

import dev.ducklake.engine.LakeEngine;
import dev.ducklake.engine.schema.Column;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.schema.TableSchema;
import dev.ducklake.flink.common.FlinkLakeTypes;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;

/**
 * How a Flink schema writes into an existing DuckLake table: every Flink column matches a DuckLake
 * column of that name whose type it {@link FlinkLakeTypes#fits fits}, DuckLake columns the Flink
 * schema lacks are nullable, and both declare the same primary key. A mismatch fails with both
 * schemas in the message.
 */
@Internal
public final class TableBinding {

    private final TableSchema lakeSchema;
    private final int[] lakePositions;

    private TableBinding(TableSchema lakeSchema, int[] lakePositions) {
        this.lakeSchema = lakeSchema;
        this.lakePositions = lakePositions;
    }

    public static TableBinding bind(
            TableName table, RowType rowType, List<String> primaryKey, TableSchema lake) {
        List<String> problems = new ArrayList<>();
        int[] positions = new int[rowType.getFieldCount()];
        for (int i = 0; i < positions.length; i++) {
            String name = rowType.getFieldNames().get(i);
            LogicalType type = rowType.getTypeAt(i);
            positions[i] = lake.positionOf(name);
            if (positions[i] < 0) {
                problems.add("column '" + name + "' does not exist in DuckLake");
            } else if (!FlinkLakeTypes.fits(type, lake.column(positions[i]).type())) {
                problems.add(
                        "column '"
                                + name
                                + "' is "
                                + type.asSummaryString()
                                + " in Flink but "
                                + lake.column(positions[i]).type().sql()
                                + " in DuckLake");
            }
        }
        for (Column column : lake.columns()) {
            if (!rowType.getFieldNames().contains(column.name()) && !column.nullable()) {
                problems.add(
                        "DuckLake column '"
                                + column.name()
                                + "' is NOT NULL but the Flink schema has no value for it");
            }
        }
        if (!primaryKey.equals(lake.primaryKey())) {
            problems.add(
                    "the primary key is "
                            + (primaryKey.isEmpty() ? "not declared" : primaryKey)
                            + " in Flink but "
                            + (lake.primaryKey().isEmpty() ? "absent" : lake.primaryKey())
                            + " in DuckLake");
        }
        if (!problems.isEmpty()) {
            throw new ValidationException(
                    "The Flink schema does not fit the existing DuckLake table "
                            + table
                            + ": "
                            + String.join("; ", problems)
                            + ".\n  DuckLake: "
                            + lake
                            + "\n  Flink:    "
                            + rowType.asSummaryString()
                            + (primaryKey.isEmpty() ? "" : " PRIMARY KEY " + primaryKey));
        }
        return new TableBinding(lake, positions);
    }

    /**
     * Creates the DuckLake table from the Flink schema when it does not exist, then binds to the
     * table as it is.
     */
    public static TableBinding createOrBind(
            LakeEngine engine,
            TableName table,
            RowType rowType,
            List<String> primaryKey,
            List<String> partitionKeys) {
        TableSchema lake =
                engine.createTableIfNotExists(
                        table, FlinkLakeTypes.toLakeSchema(rowType, primaryKey, partitionKeys));
        return bind(table, rowType, primaryKey, lake);
    }

    public TableSchema lakeSchema() {
        return lakeSchema;
    }

    /** For each Flink field, the position of its column in the DuckLake table. */
    public int[] lakePositions() {
        return lakePositions.clone();
    }
}
