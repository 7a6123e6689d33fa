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

package dev.ducklake.flink.sink.internal.write;

import java.util.Arrays;
import java.util.List;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.java.functions.KeySelector;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.util.function.SerializableFunction;

/**
 * Routes every change of one primary key to the same writer, so that the changes of a key reach the
 * lake in the order they arrived. The key is a hash of the key fields' internal values.
 */
@Internal
public final class KeyHashSelector<IN> implements KeySelector<IN, Integer> {

    private static final long serialVersionUID = 1L;

    /** The sink's {@code RowDataConverter}. */
    private final SerializableFunction<IN, RowData> converter;

    private final RowData.FieldGetter[] keyGetters;

    public KeyHashSelector(
            SerializableFunction<IN, RowData> converter, RowType rowType, List<String> primaryKey) {
        this.converter = converter;
        this.keyGetters =
                primaryKey.stream()
                        .map(
                                name -> {
                                    int position = rowType.getFieldIndex(name);
                                    return RowData.createFieldGetter(
                                            rowType.getTypeAt(position), position);
                                })
                        .toArray(RowData.FieldGetter[]::new);
    }

    @Override
    public Integer getKey(IN value) {
        RowData row = converter.apply(value);
        Object[] key = new Object[keyGetters.length];
        for (int i = 0; i < key.length; i++) {
            key[i] = keyGetters[i].getFieldOrNull(row);
        }
        return Arrays.deepHashCode(key);
    }
}
