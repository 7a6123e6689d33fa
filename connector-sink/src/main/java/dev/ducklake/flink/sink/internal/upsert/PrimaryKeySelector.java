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

import java.util.List;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.java.functions.KeySelector;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.runtime.typeutils.RowDataSerializer;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;

/**
 * The primary-key values of a row, as a binary row: keyed state compares and hashes keys by their
 * binary form, which a key restored from a checkpoint has too (a generic row would hash differently
 * from its restored binary copy).
 */
@Internal
public final class PrimaryKeySelector implements KeySelector<RowData, RowData> {

    private static final long serialVersionUID = 1L;

    private final RowType keyType;
    private final int[] positions;
    private transient RowDataSerializer serializer;
    private transient RowData.FieldGetter[] getters;

    public PrimaryKeySelector(RowType rowType, List<String> primaryKey) {
        this.positions = primaryKey.stream().mapToInt(rowType::getFieldIndex).toArray();
        this.keyType =
                RowType.of(
                        primaryKey.stream()
                                .map(k -> rowType.getTypeAt(rowType.getFieldIndex(k)))
                                .toArray(LogicalType[]::new),
                        primaryKey.toArray(String[]::new));
    }

    /** The type of the keys this selects. */
    public RowType keyType() {
        return keyType;
    }

    @Override
    public RowData getKey(RowData row) {
        if (serializer == null) {
            serializer = new RowDataSerializer(keyType);
            getters = new RowData.FieldGetter[positions.length];
            for (int k = 0; k < positions.length; k++) {
                getters[k] = RowData.createFieldGetter(keyType.getTypeAt(k), positions[k]);
            }
        }
        GenericRowData key = new GenericRowData(positions.length);
        for (int k = 0; k < positions.length; k++) {
            key.setField(k, getters[k].getFieldOrNull(row));
        }
        return serializer.toBinaryRow(key).copy();
    }
}
