package dev.ducklake.flink.sink.internal;

import java.io.Serializable;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.data.ArrayData;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.MapData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.types.logical.ArrayType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.MapType;
import org.apache.flink.table.types.logical.RowType;

/**
 * Turns Flink's internal {@link RowData} into the engine's row: Java values in the DuckLake table's
 * column order. Converters are built once per column from the Flink type; a DuckLake column the
 * Flink schema lacks stays NULL.
 */
@Internal
public final class LakeRowConverter implements Serializable {

    private static final long serialVersionUID = 1L;

    /** Converts one internal Flink value (never null) to the engine's Java value. */
    @FunctionalInterface
    interface ValueConverter extends Serializable {
        Object convert(Object internal);
    }

    private final RowData.FieldGetter[] getters;
    private final ValueConverter[] converters;
    private final int[] lakePositions;
    private final int lakeWidth;

    /**
     * @param lakePositions for each Flink field, its column's position in the DuckLake table
     * @param lakeWidth the number of the DuckLake table's columns
     */
    public LakeRowConverter(RowType rowType, int[] lakePositions, int lakeWidth) {
        int fields = rowType.getFieldCount();
        this.getters = new RowData.FieldGetter[fields];
        this.converters = new ValueConverter[fields];
        for (int i = 0; i < fields; i++) {
            getters[i] = RowData.createFieldGetter(rowType.getTypeAt(i), i);
            converters[i] = converterFor(rowType.getTypeAt(i));
        }
        this.lakePositions = lakePositions.clone();
        this.lakeWidth = lakeWidth;
    }

    /** A new engine row for the Flink row. */
    public Object[] toLakeRow(RowData row) {
        Object[] out = new Object[lakeWidth];
        for (int i = 0; i < getters.length; i++) {
            Object value = getters[i].getFieldOrNull(row);
            out[lakePositions[i]] = value == null ? null : converters[i].convert(value);
        }
        return out;
    }

    static ValueConverter converterFor(LogicalType type) {
        return switch (type.getTypeRoot()) {
            case CHAR, VARCHAR -> value -> ((StringData) value).toString();
            case DECIMAL -> value -> ((DecimalData) value).toBigDecimal();
            case DATE -> value -> LocalDate.ofEpochDay((Integer) value);
            case TIME_WITHOUT_TIME_ZONE -> value -> LocalTime.ofNanoOfDay((Integer) value * 1_000_000L);
            case TIMESTAMP_WITHOUT_TIME_ZONE -> value -> ((TimestampData) value).toLocalDateTime();
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE -> value -> ((TimestampData) value).toInstant();
            case ARRAY -> arrayConverter((ArrayType) type);
            case MAP -> mapConverter((MapType) type);
            case ROW -> rowConverter((RowType) type);
            default -> value -> value;
        };
    }

    private static ValueConverter arrayConverter(ArrayType type) {
        ArrayData.ElementGetter getter = ArrayData.createElementGetter(type.getElementType());
        ValueConverter element = converterFor(type.getElementType());
        return value -> toList((ArrayData) value, getter, element);
    }

    private static ValueConverter mapConverter(MapType type) {
        ArrayData.ElementGetter keyGetter = ArrayData.createElementGetter(type.getKeyType());
        ArrayData.ElementGetter valueGetter = ArrayData.createElementGetter(type.getValueType());
        ValueConverter key = converterFor(type.getKeyType());
        ValueConverter val = converterFor(type.getValueType());
        return value -> {
            MapData map = (MapData) value;
            List<Object> keys = toList(map.keyArray(), keyGetter, key);
            List<Object> values = toList(map.valueArray(), valueGetter, val);
            Map<Object, Object> out = new LinkedHashMap<>();
            for (int i = 0; i < keys.size(); i++) {
                out.put(keys.get(i), values.get(i));
            }
            return out;
        };
    }

    private static ValueConverter rowConverter(RowType type) {
        int fields = type.getFieldCount();
        RowData.FieldGetter[] getters = new RowData.FieldGetter[fields];
        ValueConverter[] converters = new ValueConverter[fields];
        for (int i = 0; i < fields; i++) {
            getters[i] = RowData.createFieldGetter(type.getTypeAt(i), i);
            converters[i] = converterFor(type.getTypeAt(i));
        }
        return value -> {
            List<Object> out = new ArrayList<>(fields);
            for (int i = 0; i < fields; i++) {
                Object field = getters[i].getFieldOrNull((RowData) value);
                out.add(field == null ? null : converters[i].convert(field));
            }
            return out;
        };
    }

    private static List<Object> toList(ArrayData array, ArrayData.ElementGetter getter, ValueConverter converter) {
        List<Object> out = new ArrayList<>(array.size());
        for (int i = 0; i < array.size(); i++) {
            Object element = getter.getElementOrNull(array, i);
            out.add(element == null ? null : converter.convert(element));
        }
        return out;
    }
}
