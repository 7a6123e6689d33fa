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

import dev.ducklake.engine.schema.Column;
import dev.ducklake.engine.schema.LakeType;
import dev.ducklake.engine.schema.TableSchema;
import dev.ducklake.engine.write.MergeSession;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.flink.annotation.Internal;

/**
 * The Arrow schema of a sink's staged batches: the DuckLake table's columns with the Arrow types
 * DuckDB reads back as exactly the columns' types, after the merge bookkeeping for upserts (and,
 * when the changes come with their keys' current rows, after whether the table held the key and the
 * current row's columns, see {@link MergeSession}).
 */
@Internal
public final class ArrowSchemas {

    private ArrowSchemas() {}

    public static Schema staging(TableSchema table, boolean changes, boolean currentRows) {
        List<Field> fields = new ArrayList<>();
        if (changes) {
            fields.add(
                    Field.notNullable(MergeSession.SEQUENCE_COLUMN, new ArrowType.Int(64, true)));
            fields.add(Field.notNullable(MergeSession.DELETE_COLUMN, ArrowType.Bool.INSTANCE));
        }
        if (currentRows) {
            fields.add(Field.notNullable(MergeSession.HAD_COLUMN, ArrowType.Bool.INSTANCE));
            for (int i = 0; i < table.size(); i++) {
                fields.add(field(MergeSession.currentColumn(i), table.column(i).type()));
            }
        }
        for (Column column : table.columns()) {
            fields.add(field(column.name(), column.type()));
        }
        return new Schema(fields);
    }

    static Field field(String name, LakeType type) {
        if (type instanceof LakeType.Decimal decimal) {
            return Field.nullable(
                    name, new ArrowType.Decimal(decimal.precision(), decimal.scale(), 128));
        }
        if (type instanceof LakeType.ListOf list) {
            return new Field(
                    name,
                    FieldType.nullable(ArrowType.List.INSTANCE),
                    List.of(field("item", list.element())));
        }
        if (type instanceof LakeType.MapOf map) {
            Field key =
                    new Field(
                            "key",
                            FieldType.notNullable(arrowType(map.key())),
                            childrenOf(map.key()));
            Field entries =
                    new Field(
                            "entries",
                            FieldType.notNullable(ArrowType.Struct.INSTANCE),
                            List.of(key, field("value", map.value())));
            return new Field(name, FieldType.nullable(new ArrowType.Map(false)), List.of(entries));
        }
        if (type instanceof LakeType.Struct struct) {
            return new Field(
                    name, FieldType.nullable(ArrowType.Struct.INSTANCE), childrenOf(struct));
        }
        return Field.nullable(name, arrowType(type));
    }

    private static List<Field> childrenOf(LakeType type) {
        if (type instanceof LakeType.Struct struct) {
            return struct.fields().stream().map(f -> field(f.name(), f.type())).toList();
        }
        return field("", type).getChildren();
    }

    private static ArrowType arrowType(LakeType type) {
        if (type instanceof LakeType.Primitive primitive) {
            return switch (primitive) {
                case BOOLEAN -> ArrowType.Bool.INSTANCE;
                case TINYINT -> new ArrowType.Int(8, true);
                case SMALLINT -> new ArrowType.Int(16, true);
                case INTEGER -> new ArrowType.Int(32, true);
                case BIGINT -> new ArrowType.Int(64, true);
                case FLOAT -> new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);
                case DOUBLE -> new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
                case VARCHAR -> ArrowType.Utf8.INSTANCE;
                case BLOB -> ArrowType.Binary.INSTANCE;
                case DATE -> new ArrowType.Date(DateUnit.DAY);
                case TIME -> new ArrowType.Time(TimeUnit.MICROSECOND, 64);
                case TIMESTAMP_S -> new ArrowType.Timestamp(TimeUnit.SECOND, null);
                case TIMESTAMP_MS -> new ArrowType.Timestamp(TimeUnit.MILLISECOND, null);
                case TIMESTAMP -> new ArrowType.Timestamp(TimeUnit.MICROSECOND, null);
                case TIMESTAMP_NS -> new ArrowType.Timestamp(TimeUnit.NANOSECOND, null);
                case TIMESTAMPTZ -> new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC");
            };
        }
        return field("", type).getType();
    }
}
