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

package dev.ducklake.flink.sink.internal.upsert;

import dev.ducklake.flink.sink.internal.CurrentRowColumns;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.utils.JoinedRowData;
import org.apache.flink.table.types.logical.RowType;

/**
 * Widens each change to the {@link CurrentRowColumns#withCurrentRow rows of an upsert index} with a
 * current row that is {@link CurrentRowColumns#UNKNOWN unknown}, where no index runs (a batch job):
 * the commit then looks the rows up in the table.
 */
@Internal
public final class UnknownCurrentRows implements MapFunction<RowData, RowData> {

    private static final long serialVersionUID = 1L;

    private final int fields;

    public UnknownCurrentRows(RowType rowType) {
        this.fields = rowType.getFieldCount();
    }

    @Override
    public RowData map(RowData row) {
        return new JoinedRowData(
                row.getRowKind(), row, CurrentRowColumns.hint(fields, CurrentRowColumns.UNKNOWN));
    }
}
