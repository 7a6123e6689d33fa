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
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleFunction;
import java.util.function.LongFunction;
import javax.annotation.Nullable;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FloatingPointVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.VariableWidthFieldVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.GenericArrayData;
import org.apache.flink.table.data.GenericMapData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.types.logical.ArrayType;
import org.apache.flink.table.types.logical.CharType;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.LogicalTypeRoot;
import org.apache.flink.table.types.logical.MapType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.types.RowKind;

/**
 * Turns the rows of the engine's Arrow batches (see {@code BatchReader}) into Flink's internal
 * {@link GenericRowData} of a row type: one tight copy per field, read from the vector by a reader
 * chosen once per batch, so no value passes through a boxed engine value.
 */
@Internal
public final class ArrowRowConverter {

    private final RowType rowType;

    public ArrowRowConverter(RowType rowType) {
        this.rowType = rowType;
    }

    /**
     * Reads rows from the vectors of a batch: the row type's fields from {@code vectors[first]} on,
     * in order. Valid while the batch is.
     */
    public Rows bind(List<FieldVector> vectors, int first) {
        FieldReader[] readers = new FieldReader[rowType.getFieldCount()];
        for (int i = 0; i < readers.length; i++) {
            readers[i] =
                    reader(
                            rowType.getTypeAt(i),
                            vectors.get(first + i),
                            rowType.getFieldNames().get(i));
        }
        return new Rows(readers);
    }

    /**
     * Reads changes from the vectors of a change batch (see {@code ChangeBatchReader}): the {@code
     * has_before} and {@code has_after} flags, then the before image's columns, then the after
     * image's, each the row type's fields. Valid while the batch is.
     */
    public Changes bindChanges(List<FieldVector> vectors) {
        return new Changes(
                (BitVector) vectors.get(0),
                (BitVector) vectors.get(1),
                bind(vectors, 2),
                bind(vectors, 2 + rowType.getFieldCount()));
    }

    /** The changes of one batch, as their images. */
    public static final class Changes {
        private final BitVector hasBefore;
        private final BitVector hasAfter;
        private final Rows before;
        private final Rows after;

        private Changes(BitVector hasBefore, BitVector hasAfter, Rows before, Rows after) {
            this.hasBefore = hasBefore;
            this.hasAfter = hasAfter;
            this.before = before;
            this.after = after;
        }

        /**
         * A new row holding the before image of the change at {@code index}, null for an insert.
         */
        @Nullable
        public GenericRowData before(int index) {
            return hasBefore.get(index) != 0 ? before.row(RowKind.INSERT, index) : null;
        }

        /** A new row holding the after image of the change at {@code index}, null for a delete. */
        @Nullable
        public GenericRowData after(int index) {
            return hasAfter.get(index) != 0 ? after.row(RowKind.INSERT, index) : null;
        }
    }

    /** The rows of one batch. */
    public static final class Rows {
        private final FieldReader[] readers;

        private Rows(FieldReader[] readers) {
            this.readers = readers;
        }

        /** A new row holding the values at {@code index}. */
        public GenericRowData row(RowKind kind, int index) {
            GenericRowData row = new GenericRowData(kind, readers.length);
            for (int i = 0; i < readers.length; i++) {
                row.setField(i, readers[i].read(index));
            }
            return row;
        }
    }

    /** Reads a vector's value at an index as Flink's internal value, null for NULL. */
    @FunctionalInterface
    private interface FieldReader {
        Object read(int index);
    }

    private static FieldReader reader(LogicalType type, ValueVector vector, String field) {
        FieldReader values = values(type, vector, field);
        return index -> vector.isNull(index) ? null : values.read(index);
    }

    /** Reads a value known not to be NULL. */
    private static FieldReader values(LogicalType type, ValueVector vector, String field) {
        switch (type.getTypeRoot()) {
            case BOOLEAN:
                BitVector bits = cast(BitVector.class, vector, type, field);
                return index -> bits.get(index) != 0;
            case TINYINT, SMALLINT, INTEGER, BIGINT:
                return integral(type, cast(BaseIntVector.class, vector, type, field));
            case FLOAT, DOUBLE:
                return floating(type, cast(FloatingPointVector.class, vector, type, field));
            case DECIMAL:
                return decimals((DecimalType) type, cast(DecimalVector.class, vector, type, field));
            case CHAR:
                int length = ((CharType) type).getLength();
                VariableWidthFieldVector chars =
                        cast(VariableWidthFieldVector.class, vector, type, field);
                return index ->
                        StringData.fromString(
                                padded(
                                        new String(chars.get(index), StandardCharsets.UTF_8),
                                        length));
            case VARCHAR:
                VariableWidthFieldVector strings =
                        cast(VariableWidthFieldVector.class, vector, type, field);
                return index -> StringData.fromBytes(strings.get(index));
            case BINARY:
            case VARBINARY:
                return cast(VariableWidthFieldVector.class, vector, type, field)::get;
            case DATE:
                return cast(DateDayVector.class, vector, type, field)::get;
            case TIME_WITHOUT_TIME_ZONE:
                TimeMicroVector times = cast(TimeMicroVector.class, vector, type, field);
                return index -> (int) (times.get(index) / 1_000);
            case TIMESTAMP_WITHOUT_TIME_ZONE:
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
                return timestamps(cast(TimeStampVector.class, vector, type, field));
            case ARRAY:
                return arrays((ArrayType) type, cast(ListVector.class, vector, type, field), field);
            case MAP:
                return maps((MapType) type, cast(MapVector.class, vector, type, field), field);
            case ROW:
                return rows((RowType) type, cast(StructVector.class, vector, type, field), field);
            default:
                throw new IllegalArgumentException(
                        "Column '"
                                + field
                                + "': Flink type "
                                + type
                                + " cannot be read from DuckLake");
        }
    }

    /** An integer of the type's width, whatever the width of the vector's integers. */
    private static FieldReader integral(LogicalType type, BaseIntVector integers) {
        LongFunction<Object> convert =
                switch (type.getTypeRoot()) {
                    case TINYINT -> value -> (byte) value;
                    case SMALLINT -> value -> (short) value;
                    case INTEGER -> value -> (int) value;
                    default -> value -> value;
                };
        return index -> convert.apply(integers.getValueAsLong(index));
    }

    /** A floating-point number of the type's width, whatever the width of the vector's. */
    private static FieldReader floating(LogicalType type, FloatingPointVector numbers) {
        DoubleFunction<Object> convert =
                type.getTypeRoot() == LogicalTypeRoot.FLOAT
                        ? value -> (float) value
                        : value -> value;
        return index -> convert.apply(numbers.getValueAsDouble(index));
    }

    /**
     * Reads the unscaled value straight from the vector when it fits a long and the scale is
     * Flink's.
     */
    private static FieldReader decimals(DecimalType type, DecimalVector vector) {
        int precision = type.getPrecision();
        int scale = type.getScale();
        if (vector.getScale() == scale
                && vector.getPrecision() <= precision
                && DecimalData.isCompact(precision)) {
            return index ->
                    DecimalData.fromUnscaledLong(
                            vector.getDataBuffer().getLong((long) index * DecimalVector.TYPE_WIDTH),
                            precision,
                            scale);
        }
        return index -> {
            BigDecimal value = vector.getObject(index);
            return DecimalData.fromBigDecimal(value, precision, scale);
        };
    }

    private static FieldReader timestamps(TimeStampVector vector) {
        TimeUnit unit = ((ArrowType.Timestamp) vector.getField().getType()).getUnit();
        return switch (unit) {
            case SECOND -> index -> TimestampData.fromEpochMillis(vector.get(index) * 1_000);
            case MILLISECOND -> index -> TimestampData.fromEpochMillis(vector.get(index));
            case MICROSECOND ->
                    index -> {
                        long micros = vector.get(index);
                        return TimestampData.fromEpochMillis(
                                Math.floorDiv(micros, 1_000),
                                (int) Math.floorMod(micros, 1_000) * 1_000);
                    };
            case NANOSECOND ->
                    index -> {
                        long nanos = vector.get(index);
                        return TimestampData.fromEpochMillis(
                                Math.floorDiv(nanos, 1_000_000),
                                (int) Math.floorMod(nanos, 1_000_000));
                    };
        };
    }

    private static FieldReader arrays(ArrayType type, ListVector vector, String field) {
        FieldReader elements = reader(type.getElementType(), vector.getDataVector(), field);
        return index -> {
            int start = vector.getElementStartIndex(index);
            Object[] out = new Object[vector.getElementEndIndex(index) - start];
            for (int i = 0; i < out.length; i++) {
                out[i] = elements.read(start + i);
            }
            return new GenericArrayData(out);
        };
    }

    private static FieldReader maps(MapType type, MapVector vector, String field) {
        StructVector entries = (StructVector) vector.getDataVector();
        FieldReader keys = reader(type.getKeyType(), entries.getChildByOrdinal(0), field);
        FieldReader values = reader(type.getValueType(), entries.getChildByOrdinal(1), field);
        return index -> {
            Map<Object, Object> out = new LinkedHashMap<>();
            for (int i = vector.getElementStartIndex(index);
                    i < vector.getElementEndIndex(index);
                    i++) {
                out.put(keys.read(i), values.read(i));
            }
            return new GenericMapData(out);
        };
    }

    private static FieldReader rows(RowType type, StructVector vector, String field) {
        FieldReader[] fields = new FieldReader[type.getFieldCount()];
        for (int i = 0; i < fields.length; i++) {
            fields[i] =
                    reader(
                            type.getTypeAt(i),
                            vector.getChildByOrdinal(i),
                            field + "." + type.getFieldNames().get(i));
        }
        return index -> {
            GenericRowData out = new GenericRowData(fields.length);
            for (int i = 0; i < fields.length; i++) {
                out.setField(i, fields[i].read(index));
            }
            return out;
        };
    }

    /**
     * A string read as CHAR(n), padded with spaces to n characters as Flink's CHAR values are (the
     * sink writes them without); a longer string is left as it is.
     */
    static String padded(String value, int length) {
        int missing = length - value.codePointCount(0, value.length());
        return missing > 0 ? value + " ".repeat(missing) : value;
    }

    private static <V> V cast(
            Class<V> expected, ValueVector vector, LogicalType type, String field) {
        if (!expected.isInstance(vector)) {
            throw new IllegalArgumentException(
                    "Column '"
                            + field
                            + "' holds "
                            + vector.getField().getType()
                            + " values, which cannot be read as Flink type "
                            + type);
        }
        return expected.cast(vector);
    }
}
