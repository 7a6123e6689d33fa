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

package dev.ducklake.engine.internal.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ducklake.engine.error.LakeValidationException;
import dev.ducklake.engine.schema.LakeType;
import dev.ducklake.engine.schema.LakeType.Decimal;
import dev.ducklake.engine.schema.LakeType.Field;
import dev.ducklake.engine.schema.LakeType.ListOf;
import dev.ducklake.engine.schema.LakeType.MapOf;
import dev.ducklake.engine.schema.LakeType.Primitive;
import dev.ducklake.engine.schema.LakeType.Struct;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Unit tests of {@link TypeParser}: DuckDB's type text back into {@link LakeType}. */
class TypeParserTest {

    /** A map whose values are structs, one field of which has a space in its name. */
    static final LakeType MAP_OF_STRUCT =
            new MapOf(
                    Primitive.VARCHAR,
                    new Struct(
                            List.of(
                                    new Field("a", Primitive.INTEGER),
                                    new Field("b c", new ListOf(Primitive.VARCHAR)))));

    @ParameterizedTest
    @EnumSource(Primitive.class)
    void parsesEveryPrimitiveFromItsSql(Primitive type) {
        assertThat(TypeParser.parse(type.sql())).isEqualTo(type);
        assertThat(TypeParser.parse(type.sql().toLowerCase())).isEqualTo(type);
    }

    @Test
    void parsesTheTypeTextDuckDbPrints() {
        assertThat(TypeParser.parse("TIMESTAMP WITH TIME ZONE")).isEqualTo(Primitive.TIMESTAMPTZ);
        assertThat(TypeParser.parse("TIMESTAMPTZ")).isEqualTo(Primitive.TIMESTAMPTZ);
        assertThat(TypeParser.parse("TIMESTAMP")).isEqualTo(Primitive.TIMESTAMP);
        assertThat(TypeParser.parse("TIMESTAMP_NS")).isEqualTo(Primitive.TIMESTAMP_NS);
        assertThat(TypeParser.parse("DECIMAL(38,10)")).isEqualTo(new Decimal(38, 10));
        assertThat(TypeParser.parse("DECIMAL(12, 2)")).isEqualTo(new Decimal(12, 2));
        assertThat(TypeParser.parse("DECIMAL(1,0)")).isEqualTo(new Decimal(1, 0));
        assertThat(TypeParser.parse("INTEGER[]")).isEqualTo(new ListOf(Primitive.INTEGER));
        assertThat(TypeParser.parse("INTEGER[][]"))
                .isEqualTo(new ListOf(new ListOf(Primitive.INTEGER)));
        assertThat(TypeParser.parse("TIMESTAMP WITH TIME ZONE[]"))
                .isEqualTo(new ListOf(Primitive.TIMESTAMPTZ));
        assertThat(TypeParser.parse("MAP(VARCHAR, INTEGER)"))
                .isEqualTo(new MapOf(Primitive.VARCHAR, Primitive.INTEGER));
        assertThat(TypeParser.parse("MAP(VARCHAR, STRUCT(a INTEGER, \"b c\" VARCHAR[]))"))
                .isEqualTo(MAP_OF_STRUCT);
        assertThat(TypeParser.parse("STRUCT(street VARCHAR, \"zip codes\" INTEGER[])"))
                .isEqualTo(
                        new Struct(
                                List.of(
                                        new Field("street", Primitive.VARCHAR),
                                        new Field("zip codes", new ListOf(Primitive.INTEGER)))));
        assertThat(TypeParser.parse("STRUCT(x DOUBLE, y DOUBLE)[]"))
                .isEqualTo(
                        new ListOf(
                                new Struct(
                                        List.of(
                                                new Field("x", Primitive.DOUBLE),
                                                new Field("y", Primitive.DOUBLE)))));
        assertThat(TypeParser.parse("STRUCT(\"say \"\"hi\"\"\" VARCHAR, \"\"\"\" BIGINT)"))
                .isEqualTo(
                        new Struct(
                                List.of(
                                        new Field("say \"hi\"", Primitive.VARCHAR),
                                        new Field("\"", Primitive.BIGINT))));
        assertThat(
                        TypeParser.parse(
                                "STRUCT(\"k\"\"ey; DROP TABLE x\" DECIMAL(18,3), t TIMESTAMP WITH TIME ZONE)"))
                .isEqualTo(
                        new Struct(
                                List.of(
                                        new Field("k\"ey; DROP TABLE x", new Decimal(18, 3)),
                                        new Field("t", Primitive.TIMESTAMPTZ))));
        assertThat(TypeParser.parse("  MAP( VARCHAR ,  DOUBLE[] ) "))
                .isEqualTo(new MapOf(Primitive.VARCHAR, new ListOf(Primitive.DOUBLE)));
    }

    static Stream<LakeType> roundTripTypes() {
        List<LakeType> types = new ArrayList<>(List.of(Primitive.values()));
        types.add(new Decimal(38, 10));
        types.add(new Decimal(4, 4));
        types.add(new Decimal(18, 0));
        types.add(new ListOf(Primitive.VARCHAR));
        types.add(new ListOf(new ListOf(Primitive.INTEGER)));
        types.add(new ListOf(new ListOf(new ListOf(Primitive.TIMESTAMPTZ))));
        types.add(new ListOf(new Decimal(12, 2)));
        types.add(new MapOf(Primitive.VARCHAR, Primitive.INTEGER));
        types.add(new MapOf(Primitive.BIGINT, new ListOf(Primitive.TIMESTAMP_NS)));
        types.add(MAP_OF_STRUCT);
        types.add(
                new ListOf(
                        new MapOf(Primitive.DATE, new MapOf(Primitive.VARCHAR, Primitive.BLOB))));
        types.add(new Struct(List.of(new Field("x", Primitive.DOUBLE))));
        types.add(
                new Struct(
                        List.of(
                                new Field("say \"hi\"", Primitive.VARCHAR),
                                new Field("\"", Primitive.BOOLEAN),
                                new Field("a,b", Primitive.TIME),
                                new Field("c)d", Primitive.TIMESTAMP_S),
                                new Field("e[]", Primitive.TIMESTAMP_MS),
                                new Field("MAP", Primitive.FLOAT),
                                new Field("ünïcödé ✓", Primitive.TINYINT),
                                new Field(" lead and trail ", Primitive.SMALLINT))));
        LakeType leaf = new Struct(List.of(new Field("leaf", new Decimal(38, 0))));
        LakeType inner = new Struct(List.of(new Field("deep", new ListOf(leaf))));
        types.add(
                new Struct(
                        List.of(
                                new Field("inner", inner),
                                new Field(
                                        "tags",
                                        new MapOf(
                                                Primitive.VARCHAR,
                                                new ListOf(Primitive.TIMESTAMPTZ))))));
        types.add(
                new ListOf(
                        new Struct(
                                List.of(
                                        new Field(
                                                "p",
                                                new MapOf(Primitive.INTEGER, Primitive.DOUBLE))))));
        return types.stream();
    }

    @ParameterizedTest
    @MethodSource("roundTripTypes")
    void roundTripsThroughSql(LakeType type) {
        assertThat(TypeParser.parse(type.sql())).isEqualTo(type);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "HUGEINT",
                "UUID",
                "INTEGER[3]",
                "UNION(a INT)",
                "UBIGINT",
                "INTERVAL",
                "JSON",
                "BIT",
                "VARCHAR[2][]",
                "MAP(VARCHAR, HUGEINT)",
                "STRUCT(a UUID)",
                "ENUM('a', 'b')",
                "TIME WITH TIME ZONE"
            })
    void refusesUnsupportedTypesNamingThem(String type) {
        assertThatThrownBy(() -> TypeParser.parse(type))
                .isInstanceOf(LakeValidationException.class)
                .hasMessageContaining("'" + type + "'")
                .hasMessageContaining("Unsupported");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                "   ",
                "MAP(VARCHAR",
                "MAP(VARCHAR, INTEGER",
                "STRUCT(a INTEGER",
                "DECIMAL(12,)",
                "DECIMAL(,2)",
                "INTEGER[",
                "STRUCT(\"unterminated INTEGER)",
                "STRUCT()",
                "INTEGER INTEGER",
                "VARCHAR)",
                "DECIMAL(39,0)",
                "DECIMAL(10,11)",
                "DECIMAL(0,0)",
                "DECIMAL(99999999999,2)"
            })
    void refusesMalformedOrOutOfRangeTypeTextWithAValidationError(String type) {
        // DuckDB never prints these, but the parser's contract is "refused with the type's text",
        // never an IllegalArgumentException, NumberFormatException or IndexOutOfBoundsException.
        assertThatThrownBy(() -> TypeParser.parse(type))
                .isInstanceOf(LakeValidationException.class)
                .hasMessageContaining(type.isBlank() ? "Unsupported" : type);
    }
}
