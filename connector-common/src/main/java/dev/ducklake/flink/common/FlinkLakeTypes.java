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

import dev.ducklake.engine.schema.Column;
import dev.ducklake.engine.schema.LakeType;
import dev.ducklake.engine.schema.LakeType.Primitive;
import dev.ducklake.engine.schema.PartitionField;
import dev.ducklake.engine.schema.TableSchema;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.types.logical.ArrayType;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.BooleanType;
import org.apache.flink.table.types.logical.CharType;
import org.apache.flink.table.types.logical.DateType;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.DoubleType;
import org.apache.flink.table.types.logical.FloatType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LocalZonedTimestampType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.MapType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.SmallIntType;
import org.apache.flink.table.types.logical.TimeType;
import org.apache.flink.table.types.logical.TimestampType;
import org.apache.flink.table.types.logical.TinyIntType;
import org.apache.flink.table.types.logical.VarBinaryType;
import org.apache.flink.table.types.logical.VarCharType;

/**
 * The mapping between Flink's logical types and DuckLake column types, and the rule for which Flink
 * type may be written into an existing DuckLake column.
 *
 * <table>
 *   <tr><th>Flink</th><th>DuckLake</th></tr>
 *   <tr><td>BOOLEAN, TINYINT, SMALLINT, INT, BIGINT, FLOAT, DOUBLE</td><td>the same</td></tr>
 *   <tr><td>DECIMAL(p, s)</td><td>DECIMAL(p, s)</td></tr>
 *   <tr><td>CHAR(n)</td><td>VARCHAR, written without the trailing spaces that pad it, read padded to n</td></tr>
 *   <tr><td>VARCHAR, STRING</td><td>VARCHAR</td></tr>
 *   <tr><td>BINARY, VARBINARY, BYTES</td><td>BLOB</td></tr>
 *   <tr><td>DATE, TIME</td><td>DATE, TIME</td></tr>
 *   <tr><td>TIMESTAMP(p)</td><td>TIMESTAMP (p &lt;= 6), TIMESTAMP_NS (p &gt; 6)</td></tr>
 *   <tr><td>TIMESTAMP_LTZ(p), p &lt;= 6</td><td>TIMESTAMPTZ</td></tr>
 *   <tr><td>ARRAY, MAP, ROW</td><td>LIST, MAP, STRUCT</td></tr>
 * </table>
 */
@Internal
public final class FlinkLakeTypes {

    private FlinkLakeTypes() {}

    /** The DuckLake table a Flink schema creates. */
    public static TableSchema toLakeSchema(
            RowType rowType, List<String> primaryKey, List<String> partitionKeys) {
        TableSchema.Builder builder = TableSchema.builder();
        for (RowType.RowField field : rowType.getFields()) {
            LakeType type = toLake(field.getName(), field.getType());
            builder.column(
                    field.getType().isNullable() && !primaryKey.contains(field.getName())
                            ? Column.of(field.getName(), type)
                            : Column.notNull(field.getName(), type));
        }
        if (!primaryKey.isEmpty()) {
            builder.primaryKey(primaryKey);
        }
        for (String partition : partitionKeys) {
            builder.partitionBy(PartitionField.identity(partition));
        }
        return builder.build();
    }

    /** The DuckLake type of a Flink type; fails for types DuckLake cannot hold. */
    public static LakeType toLake(String column, LogicalType type) {
        return switch (type.getTypeRoot()) {
            case BOOLEAN -> Primitive.BOOLEAN;
            case TINYINT -> Primitive.TINYINT;
            case SMALLINT -> Primitive.SMALLINT;
            case INTEGER -> Primitive.INTEGER;
            case BIGINT -> Primitive.BIGINT;
            case FLOAT -> Primitive.FLOAT;
            case DOUBLE -> Primitive.DOUBLE;
            case DECIMAL ->
                    new LakeType.Decimal(
                            ((DecimalType) type).getPrecision(), ((DecimalType) type).getScale());
            case CHAR, VARCHAR -> Primitive.VARCHAR;
            case BINARY, VARBINARY -> Primitive.BLOB;
            case DATE -> Primitive.DATE;
            case TIME_WITHOUT_TIME_ZONE -> Primitive.TIME;
            case TIMESTAMP_WITHOUT_TIME_ZONE ->
                    ((TimestampType) type).getPrecision() <= 6
                            ? Primitive.TIMESTAMP
                            : Primitive.TIMESTAMP_NS;
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE -> {
                if (((LocalZonedTimestampType) type).getPrecision() > 6) {
                    throw new ValidationException(
                            "Column '"
                                    + column
                                    + "' is "
                                    + type.asSummaryString()
                                    + ", but DuckLake's TIMESTAMPTZ keeps microseconds; use TIMESTAMP_LTZ(6) or less");
                }
                yield Primitive.TIMESTAMPTZ;
            }
            case ARRAY -> new LakeType.ListOf(toLake(column, ((ArrayType) type).getElementType()));
            case MAP ->
                    new LakeType.MapOf(
                            toLake(column, ((MapType) type).getKeyType()),
                            toLake(column, ((MapType) type).getValueType()));
            case ROW -> {
                List<LakeType.Field> fields = new ArrayList<>();
                for (RowType.RowField field : ((RowType) type).getFields()) {
                    fields.add(
                            new LakeType.Field(
                                    field.getName(),
                                    toLake(column + "." + field.getName(), field.getType())));
                }
                yield new LakeType.Struct(fields);
            }
            default ->
                    throw new ValidationException(
                            "Column '"
                                    + column
                                    + "' has the type "
                                    + type.asSummaryString()
                                    + ", which the DuckLake sink does not support");
        };
    }

    /** The Flink type a source reads a DuckLake column as. */
    public static LogicalType toFlink(LakeType type) {
        if (type instanceof Primitive primitive) {
            return switch (primitive) {
                case BOOLEAN -> new BooleanType();
                case TINYINT -> new TinyIntType();
                case SMALLINT -> new SmallIntType();
                case INTEGER -> new IntType();
                case BIGINT -> new BigIntType();
                case FLOAT -> new FloatType();
                case DOUBLE -> new DoubleType();
                case VARCHAR -> VarCharType.STRING_TYPE;
                case BLOB -> new VarBinaryType(VarBinaryType.MAX_LENGTH);
                case DATE -> new DateType();
                case TIME -> new TimeType(3);
                case TIMESTAMP_S -> new TimestampType(0);
                case TIMESTAMP_MS -> new TimestampType(3);
                case TIMESTAMP -> new TimestampType(6);
                case TIMESTAMP_NS -> new TimestampType(9);
                case TIMESTAMPTZ -> new LocalZonedTimestampType(6);
            };
        }
        if (type instanceof LakeType.Decimal decimal) {
            return new DecimalType(decimal.precision(), decimal.scale());
        }
        if (type instanceof LakeType.ListOf list) {
            return new ArrayType(toFlink(list.element()));
        }
        if (type instanceof LakeType.MapOf map) {
            return new MapType(toFlink(map.key()), toFlink(map.value()));
        }
        LakeType.Struct struct = (LakeType.Struct) type;
        return new RowType(
                struct.fields().stream()
                        .map(f -> new RowType.RowField(f.name(), toFlink(f.type())))
                        .toList());
    }

    /** The Flink row type of a DuckLake table's columns; key columns are NOT NULL. */
    public static RowType toFlinkRowType(TableSchema schema, List<String> columns) {
        List<RowType.RowField> fields = new ArrayList<>();
        for (String name : columns.isEmpty() ? schema.names() : columns) {
            Column column = schema.column(schema.requirePosition(name, "read"));
            boolean nullable = column.nullable() && !schema.primaryKey().contains(column.name());
            fields.add(new RowType.RowField(column.name(), toFlink(column.type()).copy(nullable)));
        }
        return new RowType(fields);
    }

    /**
     * Whether a DuckLake column of the given type can be read as the Flink type: the type it maps
     * to, a decimal of the same scale and at least its precision, any timestamp precision, or a
     * VARCHAR column as CHAR(n) (as a CHAR(n) column of a Flink table creates it).
     */
    public static boolean readableAs(LakeType lake, LogicalType flink) {
        LogicalType mapped = toFlink(lake);
        if (mapped.copy(true).equals(flink.copy(true))) {
            return true;
        }
        if (mapped instanceof DecimalType from && flink instanceof DecimalType to) {
            return from.getScale() == to.getScale() && to.getPrecision() >= from.getPrecision();
        }
        if (mapped instanceof TimestampType && flink instanceof TimestampType) {
            return true;
        }
        if (mapped instanceof VarCharType && flink instanceof CharType) {
            return true;
        }
        return mapped.getTypeRoot() == flink.getTypeRoot()
                && (flink instanceof VarCharType
                        || flink instanceof VarBinaryType
                        || flink instanceof TimeType);
    }

    /**
     * Whether values of the Flink type can be written into a DuckLake column of the given type: the
     * mapped type itself, a decimal of the same scale (each value is checked against the column's
     * precision when written), or a timestamp column at least as precise.
     */
    public static boolean fits(LogicalType flink, LakeType lake) {
        LakeType mapped;
        try {
            mapped = toLake("", flink);
        } catch (ValidationException e) {
            return false;
        }
        if (mapped.equals(lake)) {
            return true;
        }
        if (mapped instanceof LakeType.Decimal from && lake instanceof LakeType.Decimal to) {
            return from.scale() == to.scale();
        }
        if (flink instanceof TimestampType timestamp
                && toFlink(lake) instanceof TimestampType column) {
            return timestamp.getPrecision() <= column.getPrecision();
        }
        return false;
    }
}
