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

package dev.ducklake.flink.sink;

import java.io.Serializable;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.data.RowData;

/**
 * Turns a user's record into Flink's internal {@link RowData} with the fields of the sink's row
 * type, in order. The row's {@link org.apache.flink.types.RowKind} says whether it is an insert, an
 * update or a delete.
 *
 * <pre>{@code
 * RowDataConverter<Order> converter = order -> GenericRowData.of(
 *         StringData.fromString(order.id()), DecimalData.fromBigDecimal(order.amount(), 12, 2));
 * }</pre>
 */
@PublicEvolving
@FunctionalInterface
public interface RowDataConverter<T> extends Serializable {

    RowData convert(T record);

    /** The converter of a sink whose records already are {@link RowData}. */
    static RowDataConverter<RowData> identity() {
        return record -> record;
    }
}
