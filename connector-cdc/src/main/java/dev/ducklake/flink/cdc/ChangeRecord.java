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

import java.util.Objects;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.data.RowData;
import org.apache.flink.types.RowKind;

/**
 * One change of one table in a change stream of many: the source table it belongs to (a name such
 * as {@code schema.table}, which the sink's {@link TableRouter} maps to a lake table), the row with
 * its {@link RowKind} ({@code +I}, {@code -U}, {@code +U}, {@code -D}), and the {@link
 * ChangeSchema} the row has. The row holds Flink's internal data structures ({@code StringData},
 * {@code DecimalData}, {@code TimestampData}, ...) in the schema's column order.
 *
 * @param table the source table's name
 * @param row the row, in {@code schema}'s columns, with its row kind
 * @param schema the row's columns, types and primary key
 */
@PublicEvolving
public record ChangeRecord(String table, RowData row, ChangeSchema schema) {

    public ChangeRecord {
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(row, "row");
        Objects.requireNonNull(schema, "schema");
    }

    public RowKind kind() {
        return row.getRowKind();
    }
}
