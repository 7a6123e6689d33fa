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

package dev.ducklake.flink.source.testutils;

import dev.ducklake.engine.LakeEngine;
import dev.ducklake.engine.schema.Column;
import dev.ducklake.engine.schema.LakeType;
import dev.ducklake.engine.schema.LakeType.Primitive;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.schema.TableSchema;
import dev.ducklake.engine.write.MergeSession;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A keyed table with one column of every type a filter can be pushed down for, filled with values
 * at the edges of each type (NaN, signed zeros, extreme decimals, unicode and empty strings,
 * nanoseconds, instants around daylight-saving changes in New York) and nulls, and the SQL literals
 * that filters compare them with: the same edges, their neighbours, and literals the column's type
 * cannot hold.
 */
public final class EdgeTable {

    public static final TableName NAME = TableName.of("edges");

    /** The Flink DDL columns of the table, in order. */
    public static final String FLINK_COLUMNS =
            "k INT NOT NULL, b BOOLEAN, ti TINYINT, si SMALLINT, i INT, bi BIGINT,"
                    + " f FLOAT, d DOUBLE, dm DECIMAL(12, 3), wide DECIMAL(38, 10), s STRING, dt DATE, ts3 TIMESTAMP(3),"
                    + " ts6 TIMESTAMP(6), ts9 TIMESTAMP(9), ltz TIMESTAMP_LTZ(6), PRIMARY KEY (k) NOT ENFORCED";

    private static final List<Column> COLUMNS =
            List.of(
                    Column.notNull("k", Primitive.INTEGER),
                    Column.of("b", Primitive.BOOLEAN),
                    Column.of("ti", Primitive.TINYINT),
                    Column.of("si", Primitive.SMALLINT),
                    Column.of("i", Primitive.INTEGER),
                    Column.of("bi", Primitive.BIGINT),
                    Column.of("f", Primitive.FLOAT),
                    Column.of("d", Primitive.DOUBLE),
                    Column.of("dm", new LakeType.Decimal(12, 3)),
                    Column.of("wide", new LakeType.Decimal(38, 10)),
                    Column.of("s", Primitive.VARCHAR),
                    Column.of("dt", Primitive.DATE),
                    Column.of("ts3", Primitive.TIMESTAMP_MS),
                    Column.of("ts6", Primitive.TIMESTAMP),
                    Column.of("ts9", Primitive.TIMESTAMP_NS),
                    Column.of("ltz", Primitive.TIMESTAMPTZ));

    private static final LocalDateTime SEVEN = LocalDateTime.of(2024, 1, 1, 7, 0);

    /** Values of each column but the key, nulls aside. */
    private static final List<List<?>> VALUES =
            List.of(
                    List.of(true, false),
                    List.of((byte) -128, (byte) 127, (byte) 0, (byte) -1, (byte) 1),
                    List.of((short) -32768, (short) 32767, (short) 0, (short) 1),
                    List.of(Integer.MIN_VALUE, Integer.MAX_VALUE, 0, 1, -1),
                    List.of(Long.MIN_VALUE, Long.MAX_VALUE, 0L, 1L, 3_000_000_000L),
                    List.of(
                            Float.NaN,
                            -0.0f,
                            0.0f,
                            0.1f,
                            1.5f,
                            Float.MAX_VALUE,
                            Float.MIN_VALUE,
                            Float.NEGATIVE_INFINITY),
                    List.of(
                            Double.NaN,
                            -0.0,
                            0.0,
                            0.1,
                            1.5,
                            Double.MAX_VALUE,
                            Double.MIN_VALUE,
                            Double.POSITIVE_INFINITY,
                            -1.0),
                    List.of(
                            new BigDecimal("999999999.999"),
                            new BigDecimal("-999999999.999"),
                            new BigDecimal("0.000"),
                            new BigDecimal("-0.001"),
                            new BigDecimal("1.000"),
                            new BigDecimal("1.001")),
                    List.of(
                            new BigDecimal("9999999999999999999999999999.9999999999"),
                                    new BigDecimal("-0.0000000001"),
                            new BigDecimal("0E-10"), new BigDecimal("1.0000000001")),
                    List.of("", " ", "a", "a ", "A", "é", "e\u0301", "日本", "😀", "it's", "z"),
                    List.of(
                            LocalDate.of(1, 1, 1),
                            LocalDate.of(9999, 12, 31),
                            LocalDate.of(1970, 1, 1),
                            LocalDate.of(2024, 2, 29)),
                    List.of(
                            SEVEN,
                            SEVEN.plusNanos(1_000_000),
                            SEVEN.minusNanos(1_000_000),
                            LocalDateTime.of(1, 1, 1, 0, 0),
                            LocalDateTime.of(9999, 12, 31, 23, 59, 59, 999_000_000)),
                    List.of(
                            SEVEN,
                            SEVEN.plusNanos(1_000),
                            SEVEN.minusNanos(1_000),
                            SEVEN.plusNanos(1_000_000),
                            LocalDateTime.of(9999, 12, 31, 23, 59, 59, 999_999_000)),
                    List.of(
                            SEVEN,
                            SEVEN.plusNanos(1),
                            SEVEN.minusNanos(1),
                            SEVEN.plusNanos(1_000),
                            LocalDateTime.of(1970, 1, 1, 0, 0),
                            LocalDateTime.of(2262, 4, 11, 0, 0)),
                    List.of(
                            Instant.parse("2024-01-01T12:00:00Z"),
                            Instant.parse("2024-01-01T12:00:00.000001Z"),
                            Instant.parse("2024-01-01T11:59:59.999999Z"),
                            Instant.parse("2024-03-10T07:30:00Z"),
                            Instant.parse("2024-11-03T05:30:00Z"),
                            Instant.parse("2024-11-03T06:30:00Z"),
                            Instant.EPOCH));

    private static final String SEVEN_SQL = "TIMESTAMP '2024-01-01 07:00:00";

    /** SQL literals to compare each column but the key with. */
    private static final List<List<String>> LITERALS =
            List.of(
                    List.of("TRUE", "FALSE"),
                    List.of("-128", "127", "0", "-1", "CAST(1 AS TINYINT)", "200", "1.5"),
                    List.of("-32768", "32767", "0", "CAST(1 AS SMALLINT)", "40000"),
                    List.of(
                            "-2147483648",
                            "2147483647",
                            "0",
                            "1",
                            "-1",
                            "3000000000",
                            "0.5",
                            "1.0"),
                    List.of(
                            "-9223372036854775808",
                            "9223372036854775807",
                            "0",
                            "1",
                            "3000000000",
                            "2.5"),
                    List.of(
                            "CAST(1.5 AS FLOAT)",
                            "0.1",
                            "1.5",
                            "-0.0E0",
                            "0.0E0",
                            "3.4028235E38",
                            "1",
                            "CAST(0.1 AS FLOAT)"),
                    List.of(
                            "0.0E0",
                            "-0.0E0",
                            "0.1",
                            "1.5E0",
                            "1.7976931348623157E308",
                            "4.9E-324",
                            "1",
                            "-1"),
                    List.of(
                            "999999999.999",
                            "-999999999.999",
                            "0",
                            "-0.001",
                            "1",
                            "1.0005",
                            "CAST(1.001 AS DECIMAL(12, 3))",
                            "0.0"),
                    // Flink's validator refuses number literals whose digits do not fit a long.
                    List.of(
                            "CAST('9999999999999999999999999999.9999999999' AS DECIMAL(38, 10))",
                            "99999999.9999999999",
                            "-0.0000000001",
                            "0",
                            "1.0000000001",
                            "1"),
                    List.of(
                            "''",
                            "' '",
                            "'a'",
                            "'a '",
                            "'A'",
                            "'é'",
                            "'e\u0301'",
                            "'日本'",
                            "'😀'",
                            "'it''s'",
                            "'z'",
                            "CAST('a' AS CHAR(3))"),
                    List.of(
                            "DATE '0001-01-01'",
                            "DATE '9999-12-31'",
                            "DATE '1970-01-01'",
                            "DATE '2024-02-29'",
                            "DATE '2024-03-01'"),
                    List.of(
                            SEVEN_SQL + "'",
                            SEVEN_SQL + ".001'",
                            SEVEN_SQL + ".000000001'",
                            SEVEN_SQL + ".0005'",
                            "TIMESTAMP '0001-01-01 00:00:00'",
                            "TIMESTAMP '9999-12-31 23:59:59.999'"),
                    List.of(
                            SEVEN_SQL + "'",
                            SEVEN_SQL + ".000001'",
                            SEVEN_SQL + ".000000001'",
                            SEVEN_SQL + ".000999'",
                            "TIMESTAMP '9999-12-31 23:59:59.999999'"),
                    List.of(
                            SEVEN_SQL + "'",
                            SEVEN_SQL + ".000000001'",
                            SEVEN_SQL + ".000000002'",
                            SEVEN_SQL + ".000001'",
                            "TIMESTAMP '1970-01-01 00:00:00'",
                            "TIMESTAMP '2262-04-11 00:00:00'",
                            "TIMESTAMP '1500-01-01 00:00:00'"),
                    List.of(
                            SEVEN_SQL + "'",
                            SEVEN_SQL + ".000001'",
                            "TIMESTAMP '2024-01-01 07:00:01'",
                            "TIMESTAMP '2024-03-10 02:30:00'",
                            "TIMESTAMP '2024-03-10 03:30:00'",
                            "TIMESTAMP '2024-11-03 01:30:00'",
                            SEVEN_SQL + ".000000001'",
                            "TO_TIMESTAMP_LTZ(1704110400000, 3)",
                            "CAST(TIMESTAMP '2024-11-03 01:30:00' AS TIMESTAMP_LTZ(6))"));

    private EdgeTable() {}

    public static TableSchema schema() {
        TableSchema.Builder schema = TableSchema.builder();
        COLUMNS.forEach(schema::column);
        return schema.primaryKey("k").build();
    }

    /** The columns but the key. */
    public static List<String> valueColumns() {
        return COLUMNS.subList(1, COLUMNS.size()).stream().map(Column::name).toList();
    }

    /** SQL literals for the {@code column}-th column but the key. */
    public static List<String> literals(int column) {
        return LITERALS.get(column);
    }

    /**
     * Upserts {@code count} random rows with keys below {@code keys}, and deletes a few; returns
     * the version.
     */
    public static long merge(LakeEngine engine, SplittableRandom random, int count, int keys) {
        try (MergeSession merge = engine.openMergeSession(NAME)) {
            for (int n = 0; n < count; n++) {
                if (random.nextInt(6) == 0) {
                    merge.deleteKey(random.nextInt(keys));
                } else {
                    merge.upsert(row(random, random.nextInt(keys)));
                }
            }
            return merge.commit().version();
        }
    }

    private static Object[] row(SplittableRandom random, int key) {
        List<Object> row = new ArrayList<>();
        row.add(key);
        for (List<?> values : VALUES) {
            row.add(
                    random.nextInt(values.size() + 1) == 0
                            ? null
                            : values.get(random.nextInt(values.size())));
        }
        return row.toArray();
    }
}
