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

package dev.ducklake.flink.sink.internal.arrow;

import dev.ducklake.engine.error.LakeValidationException;
import dev.ducklake.engine.schema.Identifiers;
import dev.ducklake.engine.schema.LakeType;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.schema.TableSchema;
import dev.ducklake.engine.schema.TemporalRange;
import java.math.BigDecimal;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeStampMicroTZVector;
import org.apache.arrow.vector.TimeStampMicroVector;
import org.apache.arrow.vector.TimeStampMilliVector;
import org.apache.arrow.vector.TimeStampNanoVector;
import org.apache.arrow.vector.TimeStampSecVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.flink.annotation.Internal;
import org.apache.flink.core.memory.MemorySegment;
import org.apache.flink.table.data.ArrayData;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.MapData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.data.binary.BinaryStringData;
import org.apache.flink.table.types.logical.ArrayType;
import org.apache.flink.table.types.logical.CharType;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.LocalZonedTimestampType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.MapType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.TimestampType;
import org.apache.flink.table.types.logical.VarCharType;
import org.apache.flink.table.types.logical.utils.LogicalTypeChecks;

/**
 * Writers of Flink's internal values into Arrow vectors, one per column, chosen once from the Flink
 * type and the DuckLake column type. They carry the column's checks (a key or NOT NULL column
 * without a value, a string key DuckLake cannot store, a decimal wider than its column, a date or
 * timestamp outside DuckDB's range), which fail with the table, the column and the value.
 */
@Internal
final class ArrowValueWriters {

    /** Writes one internal Flink value, or null, at a position of its vector. */
    @FunctionalInterface
    interface ValueWriter {
        void write(int index, Object value);
    }

    /** Writes one field of a Flink row, read by its position, at a position of its vector. */
    @FunctionalInterface
    interface FieldWriter {
        void write(int index, RowData row);
    }

    /** Where a value goes, for error messages, and what a missing value means there. */
    record Target(TableName table, String column, LakeType type, boolean key, boolean nullable) {

        LakeValidationException invalid(Object value, String problem) {
            return new LakeValidationException(
                    "Invalid value "
                            + Identifiers.describe(value)
                            + " for column '"
                            + column
                            + "' of "
                            + table
                            + ": the column "
                            + problem);
        }

        boolean acceptsNull() {
            return nullable && !key;
        }

        LakeValidationException nullRefused() {
            return invalid(
                    null, key ? "is part of the primary key and must not be null" : "is NOT NULL");
        }
    }

    private static final BinaryStringData NUL = BinaryStringData.fromString("\0");

    private ArrowValueWriters() {}

    /**
     * The writer of a top-level field. Columns of common flat types read the field with the row's
     * typed getter, without boxing, and write it straight into the vector's memory; the others go
     * through {@link #forColumn}.
     */
    static FieldWriter forField(
            Target target, LogicalType flink, FieldVector vector, int position) {
        FieldWriter direct = direct(target, flink, vector, position);
        if (direct == null) {
            RowData.FieldGetter getter = RowData.createFieldGetter(flink, position);
            ValueWriter writer = forColumn(target, flink, vector);
            return (index, row) -> writer.write(index, getter.getFieldOrNull(row));
        }
        if (!target.acceptsNull()) {
            return (index, row) -> {
                if (row.isNullAt(position)) {
                    throw target.nullRefused();
                }
                direct.write(index, row);
            };
        }
        NullSetter nulls = nullSetter(vector);
        return (index, row) -> {
            if (row.isNullAt(position)) {
                nulls.setNull(index);
            } else {
                direct.write(index, row);
            }
        };
    }

    /**
     * A writer straight into the vector's memory ({@link DirectVectorWrites}) for the common flat
     * types, or null.
     */
    private static FieldWriter direct(Target target, LogicalType flink, FieldVector vector, int p) {
        if (!DirectVectorWrites.fits(vector, ArrowStaging.BATCH_ROWS)
                || flink instanceof CharType) {
            return null;
        }
        if (vector instanceof BigIntVector v) {
            return (i, row) -> DirectVectorWrites.putLong(v, i, row.getLong(p));
        }
        if (vector instanceof IntVector v) {
            return (i, row) -> DirectVectorWrites.putInt(v, i, row.getInt(p));
        }
        if (vector instanceof DateDayVector v) {
            return (i, row) -> DirectVectorWrites.putInt(v, i, days(target, row.getInt(p)));
        }
        if (vector instanceof Float8Vector v) {
            return (i, row) ->
                    DirectVectorWrites.putLong(v, i, Double.doubleToRawLongBits(row.getDouble(p)));
        }
        if (vector instanceof Float4Vector v) {
            return (i, row) ->
                    DirectVectorWrites.putInt(v, i, Float.floatToRawIntBits(row.getFloat(p)));
        }
        if (vector instanceof BitVector v) {
            return (i, row) -> DirectVectorWrites.putBoolean(v, i, row.getBoolean(p));
        }
        if (vector instanceof VarCharVector v && target.key()) {
            return (i, row) -> putString(v, i, storableKey(target, row.getString(p)));
        }
        if (vector instanceof VarCharVector v) {
            return (i, row) -> putString(v, i, row.getString(p));
        }
        if ((vector instanceof TimeStampMicroVector && flink instanceof TimestampType)
                || (vector instanceof TimeStampMicroTZVector
                        && flink instanceof LocalZonedTimestampType)) {
            BaseFixedWidthVector v = (BaseFixedWidthVector) vector;
            int precision = LogicalTypeChecks.getPrecision(flink);
            return (i, row) ->
                    DirectVectorWrites.putLong(
                            v, i, micros(inRange(target, row.getTimestamp(p, precision))));
        }
        if (vector instanceof DecimalVector v
                && flink instanceof DecimalType decimal
                && target.type() instanceof LakeType.Decimal column
                && column.precision() <= 18) {
            int precision = decimal.getPrecision();
            int scale = decimal.getScale();
            return (i, row) ->
                    DirectVectorWrites.putDecimal(
                            v, i, unscaled(target, column, row.getDecimal(p, precision, scale)));
        }
        return null;
    }

    /**
     * Copies a string's UTF-8 bytes into the vector, straight from its heap segment when it has
     * one.
     */
    private static void putString(VarCharVector vector, int index, StringData value) {
        if (value instanceof BinaryStringData binary) {
            binary.ensureMaterialized();
            MemorySegment[] segments = binary.getSegments();
            if (segments.length == 1 && !segments[0].isOffHeap()) {
                DirectVectorWrites.putBytes(
                        vector,
                        index,
                        segments[0].getArray(),
                        binary.getOffset(),
                        binary.getSizeInBytes());
                return;
            }
        }
        byte[] bytes = value.toBytes();
        DirectVectorWrites.putBytes(vector, index, bytes, 0, bytes.length);
    }

    /**
     * A CHAR value without the spaces that pad it to its length: DuckDB's VARCHAR keeps a string as
     * it is, so {@code 'ab'} and {@code 'ab '} of a CHAR(5) column would be two values there (and
     * two keys). A source reads the column as CHAR(5) padded again.
     */
    private static StringData unpadded(StringData value) {
        BinaryStringData binary = (BinaryStringData) value;
        int size = binary.getSizeInBytes();
        int end = size;
        while (end > 0 && binary.byteAt(end - 1) == ' ') {
            end--;
        }
        return end == size ? value : BinaryStringData.fromBytes(binary.toBytes(), 0, end);
    }

    /**
     * The string key itself, when DuckLake can store it and look it up again: not empty and without
     * U+0000 (see {@link TableSchema#NUL_IN_KEY}).
     */
    private static StringData storableKey(Target target, StringData key) {
        BinaryStringData binary = (BinaryStringData) key;
        if (binary.getSizeInBytes() == 0) {
            throw target.invalid("", "is part of the primary key and must not be an empty string");
        }
        if (binary.contains(NUL)) {
            throw target.invalid(key.toString(), TableSchema.NUL_IN_KEY);
        }
        return key;
    }

    static ValueWriter forColumn(Target target, LogicalType flink, FieldVector vector) {
        if (flink instanceof CharType) {
            ValueWriter unpadded =
                    forColumn(
                            target,
                            new VarCharType(flink.isNullable(), VarCharType.MAX_LENGTH),
                            vector);
            return (index, value) ->
                    unpadded.write(index, value == null ? null : unpadded((StringData) value));
        }
        ValueWriter present = present(target, flink, vector);
        if (!target.acceptsNull()) {
            boolean stringKey = target.key() && target.type() == LakeType.Primitive.VARCHAR;
            return (index, value) -> {
                if (value == null) {
                    throw target.nullRefused();
                }
                present.write(index, stringKey ? storableKey(target, (StringData) value) : value);
            };
        }
        NullSetter nulls = nullSetter(vector);
        return (index, value) -> {
            if (value == null) {
                nulls.setNull(index);
            } else {
                present.write(index, value);
            }
        };
    }

    /** Marks a position of a vector null. */
    @FunctionalInterface
    interface NullSetter {
        void setNull(int index);
    }

    static NullSetter nullSetter(FieldVector vector) {
        if (vector instanceof BaseFixedWidthVector fixed) {
            return fixed::setNull;
        }
        if (vector instanceof BaseVariableWidthVector variable) {
            return variable::setNull;
        }
        if (vector instanceof ListVector list) {
            return list::setNull;
        }
        if (vector instanceof StructVector struct) {
            return struct::setNull;
        }
        throw new IllegalStateException("No null setter for " + vector.getClass().getSimpleName());
    }

    /** The writer of a non-null value. */
    private static ValueWriter present(Target target, LogicalType flink, FieldVector vector) {
        if (vector instanceof BitVector v) {
            return (i, x) -> v.setSafe(i, (Boolean) x ? 1 : 0);
        }
        if (vector instanceof TinyIntVector v) {
            return (i, x) -> v.setSafe(i, (Byte) x);
        }
        if (vector instanceof SmallIntVector v) {
            return (i, x) -> v.setSafe(i, (Short) x);
        }
        if (vector instanceof IntVector v) {
            return (i, x) -> v.setSafe(i, (Integer) x);
        }
        if (vector instanceof BigIntVector v) {
            return (i, x) -> v.setSafe(i, (Long) x);
        }
        if (vector instanceof Float4Vector v) {
            return (i, x) -> v.setSafe(i, (Float) x);
        }
        if (vector instanceof Float8Vector v) {
            return (i, x) -> v.setSafe(i, (Double) x);
        }
        if (vector instanceof VarCharVector v) {
            return (i, x) -> v.setSafe(i, ((StringData) x).toBytes());
        }
        if (vector instanceof VarBinaryVector v) {
            return (i, x) -> v.setSafe(i, (byte[]) x);
        }
        if (vector instanceof DateDayVector v) {
            return (i, x) -> v.setSafe(i, days(target, (Integer) x));
        }
        if (vector instanceof TimeMicroVector v) {
            return (i, x) -> v.setSafe(i, (Integer) x * 1000L);
        }
        if (vector instanceof TimeStampMicroTZVector v) {
            return (i, x) -> v.setSafe(i, micros(inRange(target, (TimestampData) x)));
        }
        if (vector instanceof TimeStampSecVector v) {
            return (i, x) ->
                    v.setSafe(
                            i,
                            Math.floorDiv(
                                    inRange(target, (TimestampData) x).getMillisecond(), 1000L));
        }
        if (vector instanceof TimeStampMilliVector v) {
            return (i, x) -> v.setSafe(i, inRange(target, (TimestampData) x).getMillisecond());
        }
        if (vector instanceof TimeStampMicroVector v) {
            return (i, x) -> v.setSafe(i, micros(inRange(target, (TimestampData) x)));
        }
        if (vector instanceof TimeStampNanoVector v) {
            return (i, x) -> {
                TimestampData ts = inRange(target, (TimestampData) x);
                v.setSafe(i, ts.getMillisecond() * 1_000_000L + ts.getNanoOfMillisecond());
            };
        }
        if (vector instanceof DecimalVector v) {
            return decimal(target, (LakeType.Decimal) target.type(), v);
        }
        if (vector instanceof MapVector v) {
            return map(target, (MapType) flink, v);
        }
        if (vector instanceof ListVector v) {
            return list(target, (ArrayType) flink, v);
        }
        if (vector instanceof StructVector v) {
            return struct(target, (RowType) flink, v);
        }
        throw new IllegalStateException(
                "No Arrow writer for column '" + target.column() + "' of type " + flink);
    }

    /** Epoch microseconds of a timestamp {@link #inRange}. */
    private static long micros(TimestampData ts) {
        return ts.getMillisecond() * 1000L + ts.getNanoOfMillisecond() / 1000;
    }

    /** The timestamp itself, when its column's type holds it ({@link TemporalRange}). */
    private static TimestampData inRange(Target target, TimestampData ts) {
        long millis = ts.getMillisecond();
        int nano = (int) Math.floorMod(millis, 1000L) * 1_000_000 + ts.getNanoOfMillisecond();
        if (!TemporalRange.contains(
                (LakeType.Primitive) target.type(), Math.floorDiv(millis, 1000L), nano)) {
            throw target.invalid(ts, TemporalRange.outside(target.type()));
        }
        return ts;
    }

    /** Epoch days, when a DATE holds them ({@link TemporalRange}). */
    private static int days(Target target, int days) {
        if (!TemporalRange.containsDays(days)) {
            throw target.invalid(
                    days + " days since 1970-01-01", TemporalRange.outside(target.type()));
        }
        return days;
    }

    private static ValueWriter decimal(Target target, LakeType.Decimal type, DecimalVector vector) {
        int precision = type.precision();
        if (precision <= 18) {
            return (i, x) -> vector.setSafe(i, unscaled(target, type, (DecimalData) x));
        }
        return (i, x) -> {
            BigDecimal decimal = ((DecimalData) x).toBigDecimal();
            if (decimal.precision() > precision) {
                throw target.invalid(decimal, "does not fit " + type.sql());
            }
            vector.setSafe(i, decimal);
        };
    }

    /**
     * The unscaled value of a decimal for a column of precision 18 or less; refuses one too wide
     * for it.
     */
    private static long unscaled(Target target, LakeType.Decimal type, DecimalData decimal) {
        if (decimal.precision() > type.precision()
                && decimal.toBigDecimal().precision() > type.precision()) {
            throw target.invalid(decimal.toBigDecimal(), "does not fit " + type.sql());
        }
        return decimal.toUnscaledLong();
    }

    private static ValueWriter list(Target target, ArrayType flink, ListVector vector) {
        LakeType element = ((LakeType.ListOf) target.type()).element();
        ArrayData.ElementGetter getter = ArrayData.createElementGetter(flink.getElementType());
        ValueWriter child =
                forColumn(
                        nested(target, "[]", element),
                        flink.getElementType(),
                        vector.getDataVector());
        return (i, x) -> {
            ArrayData array = (ArrayData) x;
            int start = vector.startNewValue(i);
            for (int k = 0; k < array.size(); k++) {
                child.write(start + k, getter.getElementOrNull(array, k));
            }
            vector.endValue(i, array.size());
        };
    }

    private static ValueWriter map(Target target, MapType flink, MapVector vector) {
        LakeType.MapOf type = (LakeType.MapOf) target.type();
        StructVector entries = (StructVector) vector.getDataVector();
        ArrayData.ElementGetter keyGetter = ArrayData.createElementGetter(flink.getKeyType());
        ArrayData.ElementGetter valueGetter = ArrayData.createElementGetter(flink.getValueType());
        Target keyTarget =
                new Target(target.table(), target.column() + ".key", type.key(), false, false);
        ValueWriter keys =
                forColumn(
                        keyTarget, flink.getKeyType(), (FieldVector) entries.getChildByOrdinal(0));
        ValueWriter values =
                forColumn(
                        nested(target, ".value", type.value()),
                        flink.getValueType(),
                        (FieldVector) entries.getChildByOrdinal(1));
        return (i, x) -> {
            MapData map = (MapData) x;
            ArrayData keyArray = map.keyArray();
            ArrayData valueArray = map.valueArray();
            int start = vector.startNewValue(i);
            for (int k = 0; k < map.size(); k++) {
                entries.setIndexDefined(start + k);
                keys.write(start + k, keyGetter.getElementOrNull(keyArray, k));
                values.write(start + k, valueGetter.getElementOrNull(valueArray, k));
            }
            vector.endValue(i, map.size());
        };
    }

    private static ValueWriter struct(Target target, RowType flink, StructVector vector) {
        LakeType.Struct type = (LakeType.Struct) target.type();
        int fields = flink.getFieldCount();
        RowData.FieldGetter[] getters = new RowData.FieldGetter[fields];
        ValueWriter[] writers = new ValueWriter[fields];
        for (int k = 0; k < fields; k++) {
            getters[k] = RowData.createFieldGetter(flink.getTypeAt(k), k);
            writers[k] =
                    forColumn(
                            nested(
                                    target,
                                    "." + type.fields().get(k).name(),
                                    type.fields().get(k).type()),
                            flink.getTypeAt(k),
                            (FieldVector) vector.getChildByOrdinal(k));
        }
        return (i, x) -> {
            RowData row = (RowData) x;
            vector.setIndexDefined(i);
            for (int k = 0; k < fields; k++) {
                writers[k].write(i, getters[k].getFieldOrNull(row));
            }
        };
    }

    private static Target nested(Target parent, String suffix, LakeType type) {
        return new Target(parent.table(), parent.column() + suffix, type, false, true);
    }
}
