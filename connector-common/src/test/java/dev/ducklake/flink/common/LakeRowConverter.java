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

package dev.ducklake.flink.common;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.GenericArrayData;
import org.apache.flink.table.data.GenericMapData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.types.logical.ArrayType;
import org.apache.flink.table.types.logical.CharType;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.MapType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.types.RowKind;

/**
 * The row-at-a-time path the connectors took before the columnar one, kept as the reference of
 * {@link ArrowRowConverterTest}: turns the engine's values of a row (see {@code LakeType}: {@code
 * String}, {@code BigDecimal}, {@code LocalDateTime}, lists, maps, structs as lists) into Flink's
 * internal {@link RowData} of the produced row type.
 */
final class LakeRowConverter {

    private final RowType rowType;

    LakeRowConverter(RowType rowType) {
        this.rowType = rowType;
    }

    RowData toRow(RowKind kind, Object[] values) {
        GenericRowData row = new GenericRowData(kind, values.length);
        for (int i = 0; i < values.length; i++) {
            row.setField(i, convert(rowType.getTypeAt(i), values[i]));
        }
        return row;
    }

    private static Object convert(LogicalType type, Object value) {
        if (value == null) {
            return null;
        }
        return switch (type.getTypeRoot()) {
            case BOOLEAN, BINARY, VARBINARY -> value;
            case TINYINT -> ((Number) value).byteValue();
            case SMALLINT -> ((Number) value).shortValue();
            case INTEGER -> ((Number) value).intValue();
            case BIGINT -> ((Number) value).longValue();
            case FLOAT -> ((Number) value).floatValue();
            case DOUBLE -> ((Number) value).doubleValue();
            case DECIMAL -> {
                DecimalType decimal = (DecimalType) type;
                yield DecimalData.fromBigDecimal(
                        (BigDecimal) value, decimal.getPrecision(), decimal.getScale());
            }
            case CHAR ->
                    StringData.fromString(
                            ArrowRowConverter.padded(
                                    value.toString(), ((CharType) type).getLength()));
            case VARCHAR -> StringData.fromString(value.toString());
            case DATE -> (int) ((LocalDate) value).toEpochDay();
            case TIME_WITHOUT_TIME_ZONE -> (int) (((LocalTime) value).toNanoOfDay() / 1_000_000);
            case TIMESTAMP_WITHOUT_TIME_ZONE ->
                    TimestampData.fromLocalDateTime((LocalDateTime) value);
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE -> TimestampData.fromInstant((Instant) value);
            case ARRAY -> {
                LogicalType element = ((ArrayType) type).getElementType();
                List<?> list = (List<?>) value;
                Object[] out = new Object[list.size()];
                for (int i = 0; i < out.length; i++) {
                    out[i] = convert(element, list.get(i));
                }
                yield new GenericArrayData(out);
            }
            case MAP -> {
                MapType map = (MapType) type;
                Map<Object, Object> out = new LinkedHashMap<>();
                ((Map<?, ?>) value)
                        .forEach(
                                (k, v) ->
                                        out.put(
                                                convert(map.getKeyType(), k),
                                                convert(map.getValueType(), v)));
                yield new GenericMapData(out);
            }
            case ROW -> {
                RowType row = (RowType) type;
                List<?> fields = (List<?>) value;
                GenericRowData out = new GenericRowData(fields.size());
                for (int i = 0; i < fields.size(); i++) {
                    out.setField(i, convert(row.getTypeAt(i), fields.get(i)));
                }
                yield out;
            }
            default ->
                    throw new IllegalArgumentException(
                            "Flink type " + type + " cannot be read from DuckLake");
        };
    }
}
