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

package dev.ducklake.flink.source.lookup;

import java.io.Serializable;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.LogicalType;

/**
 * Takes the lookup key out of a row, or copies a key row Flink passes, as a {@link GenericRowData}
 * that equals another with the same values: the key of the maps lookups are answered from.
 */
@Internal
final class KeyProjection implements Serializable {

    private static final long serialVersionUID = 1L;

    private final RowData.FieldGetter[] fromRow;
    private final RowData.FieldGetter[] fromKey;

    KeyProjection(LogicalType[] rowTypes, int[] keyPositions) {
        fromRow = new RowData.FieldGetter[keyPositions.length];
        fromKey = new RowData.FieldGetter[keyPositions.length];
        for (int i = 0; i < keyPositions.length; i++) {
            fromRow[i] = RowData.createFieldGetter(rowTypes[keyPositions[i]], keyPositions[i]);
            fromKey[i] = RowData.createFieldGetter(rowTypes[keyPositions[i]], i);
        }
    }

    RowData ofRow(RowData row) {
        return project(row, fromRow);
    }

    RowData ofKey(RowData key) {
        return project(key, fromKey);
    }

    private static RowData project(RowData row, RowData.FieldGetter[] getters) {
        GenericRowData key = new GenericRowData(getters.length);
        for (int i = 0; i < getters.length; i++) {
            key.setField(i, getters[i].getFieldOrNull(row));
        }
        return key;
    }
}
