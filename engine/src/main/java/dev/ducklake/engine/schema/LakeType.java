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

package dev.ducklake.engine.schema;

import java.util.List;

/**
 * A column type of a lake table, as DuckDB and DuckLake know it. Each type names the Java class its
 * values have in the engine's rows:
 *
 * <pre>
 * BOOLEAN Boolean     TINYINT Byte       SMALLINT Short     INTEGER Integer   BIGINT Long
 * FLOAT Float         DOUBLE Double      DECIMAL BigDecimal VARCHAR String    BLOB byte[]
 * DATE LocalDate      TIME LocalTime     TIMESTAMP_S / _MS / TIMESTAMP / _NS  LocalDateTime
 * TIMESTAMPTZ Instant LIST java.util.List  MAP java.util.Map  STRUCT java.util.List (by field)
 * </pre>
 */
public sealed interface LakeType
        permits LakeType.Primitive,
                LakeType.Decimal,
                LakeType.ListOf,
                LakeType.MapOf,
                LakeType.Struct {

    /** The type as DuckDB SQL writes it, for example {@code DECIMAL(12,2)} or {@code INTEGER[]}. */
    String sql();

    /** Types without parameters. */
    enum Primitive implements LakeType {
        BOOLEAN("BOOLEAN"),
        TINYINT("TINYINT"),
        SMALLINT("SMALLINT"),
        INTEGER("INTEGER"),
        BIGINT("BIGINT"),
        FLOAT("FLOAT"),
        DOUBLE("DOUBLE"),
        VARCHAR("VARCHAR"),
        BLOB("BLOB"),
        DATE("DATE"),
        TIME("TIME"),
        /** Timestamp without zone, second precision. */
        TIMESTAMP_S("TIMESTAMP_S"),
        /** Timestamp without zone, millisecond precision. */
        TIMESTAMP_MS("TIMESTAMP_MS"),
        /** Timestamp without zone, microsecond precision. */
        TIMESTAMP("TIMESTAMP"),
        /** Timestamp without zone, nanosecond precision. */
        TIMESTAMP_NS("TIMESTAMP_NS"),
        /** An instant on the time line, microsecond precision. */
        TIMESTAMPTZ("TIMESTAMP WITH TIME ZONE");

        private final String sql;

        Primitive(String sql) {
            this.sql = sql;
        }

        @Override
        public String sql() {
            return sql;
        }
    }

    /** A fixed-point number; DuckDB allows a precision of 1 to 38. */
    record Decimal(int precision, int scale) implements LakeType {
        public Decimal {
            if (precision < 1 || precision > 38 || scale < 0 || scale > precision) {
                throw new IllegalArgumentException(
                        "DECIMAL("
                                + precision
                                + ","
                                + scale
                                + ") is outside DuckDB's range: precision 1..38, scale 0..precision");
            }
        }

        @Override
        public String sql() {
            return "DECIMAL(" + precision + "," + scale + ")";
        }
    }

    /** A variable-length list. */
    record ListOf(LakeType element) implements LakeType {
        @Override
        public String sql() {
            return element.sql() + "[]";
        }
    }

    /** A map from keys to values. */
    record MapOf(LakeType key, LakeType value) implements LakeType {
        @Override
        public String sql() {
            return "MAP(" + key.sql() + ", " + value.sql() + ")";
        }
    }

    /** A struct (row) with named fields. */
    record Struct(List<Field> fields) implements LakeType {
        public Struct {
            fields = List.copyOf(fields);
            if (fields.isEmpty()) {
                throw new IllegalArgumentException("a STRUCT needs at least one field");
            }
        }

        @Override
        public String sql() {
            StringBuilder sql = new StringBuilder("STRUCT(");
            for (int i = 0; i < fields.size(); i++) {
                if (i > 0) {
                    sql.append(", ");
                }
                sql.append(Identifiers.quote(fields.get(i).name()))
                        .append(' ')
                        .append(fields.get(i).type().sql());
            }
            return sql.append(')').toString();
        }
    }

    /** A field of a {@link Struct}. */
    record Field(String name, LakeType type) {
        public Field {
            Identifiers.requireValid(name, "struct field");
        }
    }

    /**
     * The type changes a column can take without its files being rewritten, in words for messages.
     */
    String WIDENINGS =
            "TINYINT to SMALLINT to INTEGER to BIGINT, FLOAT to DOUBLE, DECIMAL(p,s) to DECIMAL(q,s)"
                    + " with q > p";

    /**
     * True when a column of this type can become {@code to}, a different type, without its files
     * being rewritten: the lossless widenings DuckLake documents ({@link #WIDENINGS}). DuckLake 1.5
     * also accepts some lossy changes ({@code BIGINT → DOUBLE}); this does not.
     */
    default boolean widensTo(LakeType to) {
        List<Primitive> integers =
                List.of(Primitive.TINYINT, Primitive.SMALLINT, Primitive.INTEGER, Primitive.BIGINT);
        if (integers.contains(this) && integers.contains(to)) {
            return integers.indexOf(this) < integers.indexOf(to);
        }
        if (this instanceof Decimal a && to instanceof Decimal b) {
            return a.scale() == b.scale() && a.precision() < b.precision();
        }
        return this == Primitive.FLOAT && to == Primitive.DOUBLE;
    }

    /** True for types whose values contain other values. */
    default boolean isNested() {
        return this instanceof ListOf || this instanceof MapOf || this instanceof Struct;
    }
}
