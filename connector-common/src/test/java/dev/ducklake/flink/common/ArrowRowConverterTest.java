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

import static org.assertj.core.api.Assertions.assertThat;

import dev.ducklake.engine.LakeEngine;
import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.read.BatchReader;
import dev.ducklake.engine.read.RowReader;
import dev.ducklake.engine.read.ScanRequest;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.schema.TableSchema;
import dev.ducklake.engine.testutils.TestLakes;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Comparator;
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
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.CharType;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.DoubleType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.TimestampType;
import org.apache.flink.types.RowKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every lake type the connector maps, with its edge values, written by plain DuckDB from SQL
 * literals and read through the columnar path ({@link ArrowRowConverter} over the engine's Arrow
 * batches): the Flink values equal the ones the test derives from the literals, and the ones the
 * row-at-a-time path ({@link LakeRowConverter} over the engine's Java values) produces.
 */
class ArrowRowConverterTest {

    private static final TableName TABLE = TableName.of("main", "all_types");

    /** Column name, DuckDB type. */
    private static final String[][] COLUMNS = {
        {"n", "INTEGER"},
        {"b", "BOOLEAN"},
        {"i8", "TINYINT"},
        {"i16", "SMALLINT"},
        {"i32", "INTEGER"},
        {"i64", "BIGINT"},
        {"f32", "FLOAT"},
        {"f64", "DOUBLE"},
        {"d9", "DECIMAL(9,2)"},
        {"d18", "DECIMAL(18,4)"},
        {"d38", "DECIMAL(38,10)"},
        {"s", "VARCHAR"},
        {"bin", "BLOB"},
        {"day", "DATE"},
        {"t", "TIME"},
        {"ts_s", "TIMESTAMP_S"},
        {"ts_ms", "TIMESTAMP_MS"},
        {"ts", "TIMESTAMP"},
        {"ts_ns", "TIMESTAMP_NS"},
        {"tstz", "TIMESTAMPTZ"},
        {"ints", "INTEGER[]"},
        {"tags", "MAP(VARCHAR, INTEGER)"},
        {"point", "STRUCT(x DOUBLE, label VARCHAR)"},
        {"nested", "STRUCT(k BIGINT, v VARCHAR[])[]"}
    };

    @TempDir Path dir;

    @Test
    void everyTypeAndEdgeValueReadsAsTheLiteralsAndTheRowPathSay() throws Exception {
        CatalogLocation catalog = TestLakes.catalog(CatalogLocation.Kind.DUCKDB, dir);
        List<String> definitions = new ArrayList<>();
        for (String[] column : COLUMNS) {
            definitions.add(column[0] + " " + column[1]);
        }
        TestLakes.plainExecute(
                catalog,
                dir,
                "SET TimeZone = 'UTC'",
                "CREATE TABLE plain.all_types (" + String.join(", ", definitions) + ")",
                "INSERT INTO plain.all_types VALUES "
                        // minimum values
                        + "(0, false, -128, -32768, -2147483648, -9223372036854775808, -3.4028235e38::FLOAT,"
                        + " -1.7976931348623157e308, -9999999.99, -99999999999999.9999,"
                        + " -9999999999999999999999999999.9999999999, '', ''::BLOB, DATE '0001-01-01',"
                        + " TIME '00:00:00', TIMESTAMP_S '1677-09-22 00:00:00', TIMESTAMP_MS '1677-09-22 00:00:00.001',"
                        + " TIMESTAMP '0001-01-01 00:00:00', TIMESTAMP_NS '1677-09-22 00:12:43.145224192',"
                        + " TIMESTAMPTZ '1000-01-01 00:00:00+00', [], MAP {}, {'x': '-0.0'::DOUBLE, 'label': ''}, []),"
                        // maximum values
                        + "(1, true, 127, 32767, 2147483647, 9223372036854775807, 3.4028235e38::FLOAT,"
                        + " 1.7976931348623157e308, 9999999.99, 99999999999999.9999,"
                        + " 9999999999999999999999999999.9999999999, 'zzz', '\\xFF\\x00\\x01'::BLOB,"
                        + " DATE '9999-12-31', TIME '23:59:59.999999', TIMESTAMP_S '2262-04-11 23:47:16',"
                        + " TIMESTAMP_MS '2262-04-11 23:47:16.854', TIMESTAMP '9999-12-31 23:59:59.999999',"
                        + " TIMESTAMP_NS '2262-04-11 23:47:16.854775806', TIMESTAMPTZ '9999-12-31 23:59:59.999999+00',"
                        + " [2147483647, -2147483648], MAP {'a': 1, 'b': NULL},"
                        + " {'x': 1.5, 'label': 'one'}, [{'k': 1, 'v': ['x', NULL]}, {'k': NULL, 'v': NULL}]),"
                        // special values: NaN, infinities, unicode, nanoseconds, NULL elements
                        + "(2, NULL, 0, 0, 0, 0, 'NaN'::FLOAT, '-Infinity'::DOUBLE, 0.01, -0.0001,"
                        + " 0.0000000001, 'grüße 🦆 ∑ 日本', '\\x00'::BLOB, DATE '1970-01-01',"
                        + " TIME '12:34:56.789123', TIMESTAMP_S '1969-12-31 23:59:59',"
                        + " TIMESTAMP_MS '1969-12-31 23:59:59.999', TIMESTAMP '1969-12-31 23:59:59.999999',"
                        + " TIMESTAMP_NS '1969-12-31 23:59:59.999999999', TIMESTAMPTZ '2026-06-01 12:00:00.5+02',"
                        + " [NULL, 3], MAP {'ü': 2}, {'x': 'NaN', 'label': NULL}, [NULL]),"
                        // NULL in every column
                        + "(3, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,"
                        + " NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL)");
        try (LakeEngine engine =
                LakeEngine.open(TestLakes.config(catalog, dir).threads(1).build())) {
            TableSchema schema = engine.describeTable(TABLE);
            RowType rowType = FlinkLakeTypes.toFlinkRowType(schema, List.of());
            List<RowData> columnar = columnar(engine, rowType, 3);
            List<RowData> rowByRow = new ArrayList<>();
            LakeRowConverter rows = new LakeRowConverter(rowType);
            try (RowReader reader = engine.read(TABLE, ScanRequest.all())) {
                reader.forEachRemaining(values -> rowByRow.add(rows.toRow(RowKind.INSERT, values)));
            }
            rowByRow.sort(Comparator.comparingInt(row -> row.getInt(0)));

            List<GenericRowData> expected = expected();
            for (int r = 0; r < expected.size(); r++) {
                for (int f = 0; f < COLUMNS.length; f++) {
                    Object want = expected.get(r).getField(f);
                    assertThat(field(columnar.get(r), f))
                            .as("row %s column %s, columnar path", r, COLUMNS[f][0])
                            .isEqualTo(want);
                    assertThat(field(rowByRow.get(r), f))
                            .as("row %s column %s, row path", r, COLUMNS[f][0])
                            .isEqualTo(want);
                }
            }
            assertThat(columnar).isEqualTo(rowByRow);

            // Flink types the table may be read as besides its own: CHAR(n), a wider decimal,
            // another timestamp precision, wider numbers
            RowType widened =
                    RowType.of(
                            new LogicalType[] {
                                new CharType(5),
                                new DecimalType(12, 2),
                                new DecimalType(38, 4),
                                new TimestampType(3),
                                new IntType(),
                                new BigIntType(),
                                new DoubleType()
                            },
                            new String[] {"s", "d9", "d18", "ts_ns", "i8", "i16", "f32"});
            try (BatchReader reader =
                    engine.readBatches(
                            TABLE,
                            ScanRequest.builder()
                                    .columns("s", "d9", "d18", "ts_ns", "i8", "i16", "f32")
                                    .filter(c -> c.apply("n") + " = 1")
                                    .build(),
                            10)) {
                assertThat(reader.loadNextBatch()).isTrue();
                RowData row =
                        new ArrowRowConverter(widened)
                                .bind(reader.batch().getFieldVectors(), 0)
                                .row(RowKind.INSERT, 0);
                assertThat(row.getString(0)).isEqualTo(StringData.fromString("zzz  "));
                assertThat(row.getDecimal(1, 12, 2)).isEqualTo(decimal("9999999.99", 12, 2));
                assertThat(row.getDecimal(2, 38, 4))
                        .isEqualTo(decimal("99999999999999.9999", 38, 4));
                assertThat(row.getTimestamp(3, 3))
                        .isEqualTo(
                                TimestampData.fromLocalDateTime(
                                        LocalDateTime.parse("2262-04-11T23:47:16.854775806")));
                assertThat(row.getInt(4)).isEqualTo(127);
                assertThat(row.getLong(5)).isEqualTo(32767L);
                assertThat(row.getDouble(6)).isEqualTo((double) Float.MAX_VALUE);
            }
        }
    }

    /**
     * The table read through the columnar path, in batches of {@code batchRows}, ordered by {@code
     * n}.
     */
    private static List<RowData> columnar(LakeEngine engine, RowType rowType, int batchRows) {
        ArrowRowConverter converter = new ArrowRowConverter(rowType);
        List<RowData> rows = new ArrayList<>();
        try (BatchReader reader = engine.readBatches(TABLE, ScanRequest.all(), batchRows)) {
            while (reader.loadNextBatch()) {
                ArrowRowConverter.Rows batch = converter.bind(reader.batch().getFieldVectors(), 0);
                for (int i = 0; i < reader.batch().getRowCount(); i++) {
                    rows.add(batch.row(RowKind.INSERT, i));
                }
            }
        }
        rows.sort(Comparator.comparingInt(row -> row.getInt(0)));
        return rows;
    }

    private static Object field(RowData row, int position) {
        return ((GenericRowData) row).getField(position);
    }

    /** Flink's internal values of the inserted literals. */
    private static List<GenericRowData> expected() {
        List<GenericRowData> rows = new ArrayList<>();
        rows.add(
                GenericRowData.of(
                        0,
                        false,
                        (byte) -128,
                        (short) -32768,
                        Integer.MIN_VALUE,
                        Long.MIN_VALUE,
                        -Float.MAX_VALUE,
                        -Double.MAX_VALUE,
                        decimal("-9999999.99", 9, 2),
                        decimal("-99999999999999.9999", 18, 4),
                        decimal("-9999999999999999999999999999.9999999999", 38, 10),
                        StringData.fromString(""),
                        new byte[0],
                        (int) LocalDate.of(1, 1, 1).toEpochDay(),
                        0,
                        timestamp("1677-09-22T00:00:00"),
                        timestamp("1677-09-22T00:00:00.001"),
                        timestamp("0001-01-01T00:00:00"),
                        timestamp("1677-09-22T00:12:43.145224192"),
                        TimestampData.fromInstant(Instant.parse("1000-01-01T00:00:00Z")),
                        new GenericArrayData(new Object[0]),
                        new GenericMapData(Map.of()),
                        GenericRowData.of(-0.0d, StringData.fromString("")),
                        new GenericArrayData(new Object[0])));
        Map<Object, Object> tags = new LinkedHashMap<>();
        tags.put(StringData.fromString("a"), 1);
        tags.put(StringData.fromString("b"), null);
        rows.add(
                GenericRowData.of(
                        1,
                        true,
                        (byte) 127,
                        (short) 32767,
                        Integer.MAX_VALUE,
                        Long.MAX_VALUE,
                        Float.MAX_VALUE,
                        Double.MAX_VALUE,
                        decimal("9999999.99", 9, 2),
                        decimal("99999999999999.9999", 18, 4),
                        decimal("9999999999999999999999999999.9999999999", 38, 10),
                        StringData.fromString("zzz"),
                        new byte[] {(byte) 0xFF, 0, 1},
                        (int) LocalDate.of(9999, 12, 31).toEpochDay(),
                        (int) (LocalTime.parse("23:59:59.999").toNanoOfDay() / 1_000_000),
                        timestamp("2262-04-11T23:47:16"),
                        timestamp("2262-04-11T23:47:16.854"),
                        timestamp("9999-12-31T23:59:59.999999"),
                        timestamp("2262-04-11T23:47:16.854775806"),
                        TimestampData.fromInstant(Instant.parse("9999-12-31T23:59:59.999999Z")),
                        new GenericArrayData(new Object[] {Integer.MAX_VALUE, Integer.MIN_VALUE}),
                        new GenericMapData(tags),
                        GenericRowData.of(1.5d, StringData.fromString("one")),
                        new GenericArrayData(
                                new Object[] {
                                    GenericRowData.of(
                                            1L,
                                            new GenericArrayData(
                                                    new Object[] {
                                                        StringData.fromString("x"), null
                                                    })),
                                    GenericRowData.of(null, null)
                                })));
        rows.add(
                GenericRowData.of(
                        2,
                        null,
                        (byte) 0,
                        (short) 0,
                        0,
                        0L,
                        Float.NaN,
                        Double.NEGATIVE_INFINITY,
                        decimal("0.01", 9, 2),
                        decimal("-0.0001", 18, 4),
                        decimal("0.0000000001", 38, 10),
                        StringData.fromString("grüße 🦆 ∑ 日本"),
                        new byte[] {0},
                        0,
                        (int) (LocalTime.parse("12:34:56.789").toNanoOfDay() / 1_000_000),
                        timestamp("1969-12-31T23:59:59"),
                        timestamp("1969-12-31T23:59:59.999"),
                        timestamp("1969-12-31T23:59:59.999999"),
                        timestamp("1969-12-31T23:59:59.999999999"),
                        TimestampData.fromInstant(Instant.parse("2026-06-01T10:00:00.5Z")),
                        new GenericArrayData(new Object[] {null, 3}),
                        new GenericMapData(Map.of(StringData.fromString("ü"), 2)),
                        GenericRowData.of(Double.NaN, null),
                        new GenericArrayData(new Object[] {null})));
        GenericRowData nulls = new GenericRowData(COLUMNS.length);
        nulls.setField(0, 3);
        rows.add(nulls);
        return rows;
    }

    private static DecimalData decimal(String value, int precision, int scale) {
        return DecimalData.fromBigDecimal(new BigDecimal(value), precision, scale);
    }

    private static TimestampData timestamp(String localDateTime) {
        return TimestampData.fromLocalDateTime(LocalDateTime.parse(localDateTime));
    }
}
