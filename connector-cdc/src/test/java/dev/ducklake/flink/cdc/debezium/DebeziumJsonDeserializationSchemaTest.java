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

package dev.ducklake.flink.cdc.debezium;

import static dev.ducklake.flink.cdc.debezium.DebeziumSamples.column;
import static dev.ducklake.flink.cdc.debezium.DebeziumSamples.event;
import static dev.ducklake.flink.cdc.debezium.DebeziumSamples.field;
import static dev.ducklake.flink.cdc.debezium.DebeziumSamples.key;
import static dev.ducklake.flink.cdc.debezium.DebeziumSamples.lines;
import static dev.ducklake.flink.cdc.debezium.DebeziumSamples.read;
import static dev.ducklake.flink.cdc.debezium.DebeziumSamples.readAll;
import static dev.ducklake.flink.cdc.debezium.DebeziumSamples.rowType;
import static dev.ducklake.flink.cdc.debezium.DebeziumSamples.text;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ducklake.flink.cdc.ChangeRecord;
import dev.ducklake.flink.cdc.ChangeRecordTypeInfo;
import dev.ducklake.flink.cdc.ChangeSchema;
import dev.ducklake.flink.common.FlinkLakeTypes;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.flink.api.common.functions.util.ListCollector;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.GenericArrayData;
import org.apache.flink.table.data.GenericMapData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.types.logical.ArrayType;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.BooleanType;
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
import org.apache.flink.types.RowKind;
import org.apache.flink.util.InstantiationUtil;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Reads real Debezium output (see {@code src/test/resources/debezium/README.md}) and hand-made
 * events of the types no real sample has; every expected value is written out here.
 */
class DebeziumJsonDeserializationSchemaTest {

    private static final LogicalType STRING = VarCharType.STRING_TYPE;
    private static final LogicalType STRING_NOT_NULL = VarCharType.STRING_TYPE.copy(false);
    private static final LogicalType BYTES = new VarBinaryType(VarBinaryType.MAX_LENGTH);

    /**
     * The columns of the products table of Debezium's tutorial, as both apache/flink samples have
     * it.
     */
    private static final RowType PRODUCTS =
            rowType(
                    field("id", new IntType(false)),
                    field("name", STRING_NOT_NULL),
                    field("description", STRING),
                    field("weight", new DoubleType()));

    // ---- real samples ----

    @Test
    void readsTheMySqlProductsSample() throws IOException {
        DebeziumJsonDeserializationSchema schema =
                DebeziumJsonDeserializationSchema.builder()
                        .primaryKey("inventory.products", "id")
                        .build();

        List<ChangeRecord> records = readAll(schema, lines("debezium-data-schema-include.txt"));

        assertAllOf(records, "inventory.products", ChangeSchema.of(PRODUCTS, List.of("id")));
        assertThat(records)
                .extracting(record -> record.row().toString())
                .containsExactly(
                        "+I(101,scooter,Small 2-wheel scooter,3.140000104904175)",
                        "+I(102,car battery,12V car battery,8.100000381469727)",
                        "+I(103,12-pack drill bits,12-pack of drill bits with sizes ranging from #40 to #3,0.800000011920929)",
                        "+I(104,hammer,12oz carpenter's hammer,0.75)",
                        "+I(105,hammer,14oz carpenter's hammer,0.875)",
                        "+I(106,hammer,16oz carpenter's hammer,1.0)",
                        "+I(107,rocks,box of assorted rocks,5.300000190734863)",
                        "+I(108,jacket,water resistent black wind breaker,0.10000000149011612)",
                        "+I(109,spare tire,24 inch spare tire,22.200000762939453)",
                        "-U(106,hammer,16oz carpenter's hammer,1.0)",
                        "+U(106,hammer,18oz carpenter hammer,1.0)",
                        "-U(107,rocks,box of assorted rocks,5.300000190734863)",
                        "+U(107,rocks,box of assorted rocks,5.099999904632568)",
                        "+I(110,jacket,water resistent white wind breaker,0.20000000298023224)",
                        "+I(111,scooter,Big 2-wheel scooter ,5.179999828338623)",
                        "-U(110,jacket,water resistent white wind breaker,0.20000000298023224)",
                        "+U(110,jacket,new water resistent white wind breaker,0.5)",
                        "-U(111,scooter,Big 2-wheel scooter ,5.179999828338623)",
                        "+U(111,scooter,Big 2-wheel scooter ,5.170000076293945)",
                        "-D(111,scooter,Big 2-wheel scooter ,5.170000076293945)");
        assertThat(records.get(0).row().getInt(0)).isEqualTo(101);
        assertThat(records.get(0).row().getDouble(3)).isEqualTo(3.140000104904175);
    }

    @Test
    void readsThePostgresProductsSample() throws IOException {
        DebeziumJsonDeserializationSchema schema =
                DebeziumJsonDeserializationSchema.builder()
                        .primaryKeys(Map.of("inventory.products", List.of("id")))
                        .build();

        List<ChangeRecord> records =
                readAll(schema, lines("debezium-postgres-data-schema-include.txt"));

        // PostgreSQL names the table by its schema, not its database ("postgres").
        assertAllOf(records, "inventory.products", ChangeSchema.of(PRODUCTS, List.of("id")));
        assertThat(records)
                .extracting(record -> record.row().toString())
                .containsExactly(
                        "+I(101,scooter,Small 2-wheel scooter,3.14)",
                        "+I(102,car battery,12V car battery,8.1)",
                        "+I(103,12-pack drill bits,12-pack of drill bits with sizes ranging from #40 to #3,0.8)",
                        "+I(104,hammer,12oz carpenter's hammer,0.75)",
                        "+I(105,hammer,14oz carpenter's hammer,0.875)",
                        "+I(106,hammer,16oz carpenter's hammer,1.0)",
                        "+I(107,rocks,box of assorted rocks,5.3)",
                        "+I(108,jacket,water resistent black wind breaker,0.1)",
                        "+I(109,spare tire,24 inch spare tire,22.2)",
                        "-U(106,hammer,16oz carpenter's hammer,1.0)",
                        "+U(106,hammer,18oz carpenter hammer,1.0)",
                        "-U(107,rocks,box of assorted rocks,5.3)",
                        "+U(107,rocks,box of assorted rocks,5.1)",
                        "+I(110,jacket,water resistent white wind breaker,0.2)",
                        "+I(111,scooter,Big 2-wheel scooter ,5.18)",
                        "-U(110,jacket,water resistent white wind breaker,0.2)",
                        "+U(110,jacket,new water resistent white wind breaker,0.5)",
                        "-U(111,scooter,Big 2-wheel scooter ,5.18)",
                        "+U(111,scooter,Big 2-wheel scooter ,5.17)",
                        "-D(111,scooter,Big 2-wheel scooter ,5.17)");
    }

    @Test
    void readsThePrettyPrintedDebeziumSampleWithAndWithoutItsMessageKey() throws IOException {
        String value = text("serde-with-schema.json");
        String customersKey =
                "{\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"int32\",\"optional\":false,"
                        + "\"field\":\"id\"}],\"optional\":false,\"name\":\"mysql-server-1.inventory.customers.Key\"},"
                        + "\"payload\":{\"id\":1004}}";
        RowType customers =
                rowType(
                        field("id", new IntType(false)),
                        field("first_name", STRING_NOT_NULL),
                        field("last_name", STRING_NOT_NULL),
                        field("email", STRING_NOT_NULL));
        DebeziumJsonDeserializationSchema schema =
                DebeziumJsonDeserializationSchema.builder().build();

        List<ChangeRecord> keyed = read(schema, customersKey, value);
        List<ChangeRecord> unkeyed = read(schema, null, value);

        assertThat(keyed)
                .singleElement()
                .satisfies(
                        record -> {
                            assertThat(record.table()).isEqualTo("inventory.customers");
                            assertThat(record.schema())
                                    .isEqualTo(ChangeSchema.of(customers, List.of("id")));
                            assertThat(record.row())
                                    .isEqualTo(
                                            GenericRowData.ofKind(
                                                    RowKind.INSERT,
                                                    1004,
                                                    StringData.fromString("Anne"),
                                                    StringData.fromString("Kretchmar"),
                                                    StringData.fromString("annek@noanswer.org")));
                        });
        assertThat(unkeyed)
                .singleElement()
                .satisfies(
                        record ->
                                assertThat(record.schema())
                                        .isEqualTo(ChangeSchema.of(customers, List.of())));
    }

    @Test
    void readsThePaimonAllTypesSample() throws IOException {
        List<ChangeRecord> records = readAll(lines("paimon-alltype-debezium-data-1.txt"));

        assertThat(records)
                .singleElement()
                .satisfies(
                        record -> {
                            assertThat(record.table())
                                    .isEqualTo("paimon_sync_table.all_types_table");
                            assertThat(record.kind()).isEqualTo(RowKind.INSERT);
                            assertThat(record.schema().rowType().getFieldCount()).isEqualTo(78);
                        });
        ChangeRecord record = records.get(0);
        assertColumn(record, "_id", new IntType(false), 1);
        // Flink CDC writes decimals as JSON numbers (decimal.format=NUMERIC).
        assertColumn(record, "pt", new DecimalType(2, 1), decimal("1.1", 2, 1));
        assertColumn(record, "_bit1", new BooleanType(), true);
        assertColumn(record, "_bit", BYTES, new byte[] {(byte) 0xc7, 0x07, 0, 0, 0, 0, 0, 0});
        assertColumn(record, "_tinyint1", new SmallIntType(), (short) 1);
        assertColumn(record, "_smallint_unsigned", new IntType(), 2000);
        assertColumn(record, "_int_unsigned", new BigIntType(), 2000000L);
        assertColumn(record, "_bigint", new BigIntType(), 10000000000L);
        // Without connect.decimal.precision (BIGINT UNSIGNED): DECIMAL(38, 0).
        assertColumn(
                record, "_bigint_unsigned", new DecimalType(38, 0), decimal("20000000000", 38, 0));
        assertColumn(
                record, "_serial", new DecimalType(false, 38, 0), decimal("40000000000", 38, 0));
        assertColumn(record, "_float", new DoubleType(), 1.5);
        assertColumn(record, "_double_precision", new DoubleType(), 1.000111);
        assertColumn(record, "_numeric", new DecimalType(8, 3), decimal("12345.110", 8, 3));
        // DECIMAL(40, 3) in MySQL: capped at 38 digits, and this value fits.
        assertColumn(
                record,
                "_fixed",
                new DecimalType(38, 3),
                decimal("123456789876543212345678987654321.110", 38, 3));
        assertColumn(record, "_decimal", new DecimalType(8, 0), decimal("11111", 8, 0));
        assertColumn(
                record,
                "_big_decimal",
                new DecimalType(38, 10),
                decimal("2222222222222222300000001111.1234567890", 38, 10));
        assertColumn(
                record, "_date", new DateType(), (int) LocalDate.parse("2023-03-23").toEpochDay());
        assertColumn(record, "_datetime", new TimestampType(3), timestamp("2023-03-23T14:30:05"));
        assertColumn(
                record, "_datetime3", new TimestampType(3), timestamp("2023-03-23T14:30:05.123"));
        assertColumn(
                record,
                "_datetime6",
                new TimestampType(6),
                timestamp("2023-03-23T14:30:05.123456"));
        assertColumn(
                record, "_datetime_p2", new TimestampType(3), timestamp("2023-03-24T14:30:05.120"));
        assertColumn(
                record,
                "_timestamp",
                new LocalZonedTimestampType(6),
                instant("2023-03-23T22:00:10.123456Z"));
        assertColumn(
                record,
                "_timestamp0",
                new LocalZonedTimestampType(6),
                instant("2023-03-23T07:10:00Z"));
        assertColumn(record, "_char", STRING, StringData.fromString("Paimon"));
        assertColumn(
                record,
                "_longtext",
                STRING,
                StringData.fromString("Apache Paimon MySQL Long Test Data"));
        assertColumn(record, "_bin", BYTES, "bytes\0\0\0\0\0".getBytes(StandardCharsets.US_ASCII));
        assertColumn(
                record, "_blob", BYTES, "BLOB type test data".getBytes(StandardCharsets.US_ASCII));
        assertColumn(record, "_json", STRING, StringData.fromString("{\"a\": \"b\"}"));
        assertColumn(record, "_enum", STRING, StringData.fromString("value1"));
        assertColumn(record, "_year", new IntType(), 2023);
        assertColumn(record, "_time", new TimeType(3), millisOfDay("10:13:23"));
        assertColumn(record, "_set", STRING, StringData.fromString("a,b"));
        // Geometry: the struct's fields; a POINT has x and y besides the WKB.
        byte[] pointWkb = {
            1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, (byte) 0xf0, 0x3f, 0, 0, 0, 0, 0, 0, (byte) 0xf0, 0x3f
        };
        assertColumn(
                record,
                "_point",
                rowType(
                        field("x", new DoubleType(false)),
                        field("y", new DoubleType(false)),
                        field("wkb", BYTES),
                        field("srid", new IntType())),
                GenericRowData.of(1.0, 1.0, pointWkb, null));
        assertThat(type(record, "_geometry"))
                .isEqualTo(rowType(field("wkb", BYTES.copy(false)), field("srid", new IntType())));
        assertThat(record.row().getRow(index(record, "_geometry"), 2).getBinary(0)).hasSize(93);
    }

    @Test
    void followsTheSchemaChangesOfThePaimonSchemaEvolutionSamples() throws IOException {
        DebeziumJsonDeserializationSchema schema =
                DebeziumJsonDeserializationSchema.builder()
                        .primaryKey("test.product", "id")
                        .build();
        List<ChangeRecord> records = new ArrayList<>();
        for (int file = 1; file <= 5; file++) {
            records.addAll(
                    readAll(
                            schema,
                            lines("paimon-schemaevolution-debezium-data-" + file + ".txt")));
        }

        List<RowType.RowField> base =
                List.of(
                        field("id", new IntType(false)),
                        field("name", STRING_NOT_NULL),
                        field("description", STRING),
                        field("weight", new DoubleType()));
        assertThat(records).extracting(ChangeRecord::table).containsOnly("test.product");
        assertThat(records)
                .extracting(record -> record.schema().rowType())
                .containsExactly(
                        new RowType(base),
                        withAge(base, new IntType()),
                        withAge(base, new BigIntType()),
                        withAge(base, new IntType()),
                        withAge(base, STRING));
        assertThat(records)
                .extracting(record -> record.row().toString())
                .containsExactly(
                        "+I(101,scooter,Small 2-wheel scooter,3.14)",
                        "+I(103,12-pack drill bits,12-pack of drill bits with sizes ranging from #40 to #3,0.8,18)",
                        "+I(104,hammer,12oz carpenter's hammer,0.75,24)",
                        "+I(105,hammer,14oz carpenter's hammer,0.875,24)",
                        "+I(105,hammer,12oz carpenter's hammer,0.75,24)");
        assertThat(records.get(2).row().getLong(4)).isEqualTo(24L);
        assertThat(records.get(3).row().getInt(4)).isEqualTo(24);
        assertThat(records.get(4).row().getString(4)).isEqualTo(StringData.fromString("24"));
        assertThat(records)
                .extracting(record -> record.schema().primaryKey())
                .containsOnly(List.of("id"));
    }

    // ---- hand-made samples: the logical types without a real sample ----

    @Test
    void readsThePostgresTypesSample() throws IOException {
        DebeziumJsonDeserializationSchema schema =
                DebeziumJsonDeserializationSchema.builder()
                        .primaryKey("public.all_types", "id")
                        .build();

        List<ChangeRecord> records = readAll(schema, lines("handmade-postgres-types.txt"));

        RowType allTypes =
                rowType(
                        field("id", new IntType(false)),
                        field("price", new DecimalType(10, 2)),
                        field("discount", new DecimalType(10, 2)),
                        field("amount", new DecimalType(38, 18)),
                        field("rate", new FloatType()),
                        field("quantity", new SmallIntType()),
                        field("total", new BigIntType()),
                        field("duration", new BigIntType()),
                        field("uid", STRING),
                        field("created_at", new LocalZonedTimestampType(6)),
                        field("updated_at", new TimestampType(6)),
                        field("day", new DateType()),
                        field("at_time", new TimeType(3)),
                        field("at_timetz", STRING),
                        field("tags", new ArrayType(STRING)),
                        field("scores", new ArrayType(new IntType(false))),
                        field("doc", STRING),
                        field("body", STRING),
                        field("path", STRING),
                        field("mood", STRING),
                        field("flags", BYTES),
                        field("active", new BooleanType()),
                        field("attrs", new MapType(STRING_NOT_NULL, STRING)),
                        field("data", BYTES),
                        field("note", STRING));
        GenericRowData created =
                GenericRowData.ofKind(
                        RowKind.INSERT,
                        1,
                        decimal("4.99", 10, 2),
                        decimal("-12.34", 10, 2),
                        decimal("12.345", 38, 18),
                        1.5f,
                        (short) 7,
                        9007199254740993L,
                        93_600_000_000L, // 1 day 2 hours in microseconds
                        StringData.fromString("a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11"),
                        instant("2023-03-23T22:00:10.123456Z"),
                        timestamp("2023-03-23T22:00:10.123456"),
                        (int) LocalDate.parse("2023-03-23").toEpochDay(),
                        millisOfDay(
                                "10:13:23.123"), // 10:13:23.123456: Flink's TIME keeps milliseconds
                        StringData.fromString("08:13:23.123456Z"),
                        new GenericArrayData(
                                new Object[] {
                                    StringData.fromString("red"),
                                    null,
                                    StringData.fromString("blue")
                                }),
                        new GenericArrayData(new Object[] {3, 1, 2}),
                        StringData.fromString("{\"a\": 1}"),
                        StringData.fromString("<a>1</a>"),
                        StringData.fromString("Top.Science.Astronomy"),
                        StringData.fromString("happy"),
                        new byte[] {(byte) 0xa5},
                        true,
                        new GenericMapData(
                                Map.of(
                                        StringData.fromString("a"),
                                        StringData.fromString("1"),
                                        StringData.fromString("b"),
                                        StringData.fromString("2"))),
                        new byte[] {1, 2, 3},
                        null);
        GenericRowData before = copy(created, RowKind.UPDATE_BEFORE);
        GenericRowData after = new GenericRowData(RowKind.UPDATE_AFTER, allTypes.getFieldCount());
        after.setField(0, 1);

        assertAllOf(records, "public.all_types", ChangeSchema.of(allTypes, List.of("id")));
        assertThat(records).extracting(ChangeRecord::row).containsExactly(created, before, after);
        assertLakeAcceptsEveryColumn(records.get(0).schema());
    }

    @Test
    void readsTheSqlServerTemporalTypesSample() throws IOException {
        List<ChangeRecord> records = readAll(lines("handmade-sqlserver-types.txt"));

        assertSingleRecord(
                records,
                "dbo.measurements",
                rowType(
                        field("id", new IntType(false)),
                        field("taken_at", new TimestampType(9)),
                        field("at_time", new TimeType(3)),
                        field("logged_at", new TimestampType(3)),
                        field("short_time", new TimeType(3)),
                        field("offset_at", new LocalZonedTimestampType(6)),
                        field("level", new SmallIntType())),
                GenericRowData.ofKind(
                        RowKind.INSERT,
                        1,
                        timestamp("2019-01-01T10:20:30.1234567"),
                        millisOfDay("10:20:30.123"),
                        timestamp("2019-01-01T10:20:30.123"),
                        millisOfDay("10:20:30.123"),
                        instant("2019-01-01T08:20:30.123456Z"), // 7
                        // digits: the lake keeps microseconds
                        (short) 5));
    }

    @Test
    void readsTheMySqlConnectTypesSample() throws IOException {
        List<ChangeRecord> records = readAll(lines("handmade-mysql-connect-types.txt"));

        assertSingleRecord(
                records,
                "inventory.readings",
                rowType(
                        field("id", new IntType(false)),
                        field("tiny", new TinyIntType()),
                        field("counter", new DecimalType(38, 0)),
                        field("day", new DateType()),
                        field("at_time", new TimeType(3)),
                        field("at", new TimestampType(3)),
                        field("year", new IntType()),
                        field("sizes", STRING),
                        field("ratio", new DoubleType())),
                GenericRowData.ofKind(
                        RowKind.INSERT,
                        7,
                        (byte) -5,
                        decimal("18446744073709551615", 38, 0),
                        (int) LocalDate.parse("2023-03-23").toEpochDay(),
                        millisOfDay("10:13:23.123"),
                        timestamp("2023-03-23T14:30:05.123"),
                        2023,
                        StringData.fromString("s,l"),
                        Double.NaN));
    }

    @Test
    void readsKeyOnlyAndMissingBeforeRowsOfPostgresWithoutReplicaIdentityFull() throws IOException {
        DebeziumJsonDeserializationSchema schema =
                DebeziumJsonDeserializationSchema.builder()
                        .primaryKey("public.customers", "id")
                        .build();
        List<String> lines = lines("handmade-postgres-replica-identity-default.txt");

        List<ChangeRecord> records = readAll(schema, lines.subList(0, 4));

        assertThat(records).extracting(ChangeRecord::table).containsOnly("public.customers");
        assertThat(records)
                .extracting(record -> record.row().toString())
                .containsExactly(
                        "+I(1,Anne,Kretchmar,annek@noanswer.org)",
                        "-U(1,null,null,null)", // the before row holds only the key
                        "+U(1,Anne Marie,Kretchmar,annek@noanswer.org)",
                        "+U(1,Anne Marie,Kretchmar,anne.marie@noanswer.org)", // no before row: +U
                        // alone
                        "-D(1,null,null,null)");
    }

    // ---- operations ----

    @Test
    void failsOnTruncateUnlessToldToIgnoreIt() throws IOException {
        String truncate = lines("handmade-postgres-replica-identity-default.txt").get(4);
        DebeziumJsonDeserializationSchema ignoring =
                DebeziumJsonDeserializationSchema.builder().ignoreTruncate(true).build();

        assertDefaultsRefuse(truncate)
                .hasMessageContaining("Table 'public.customers' was truncated")
                .hasMessageContaining("ignoreTruncate(true)");
        assertThat(read(ignoring, null, truncate)).isEmpty();
        assertThat(read(ignoring, null, truncate)).isEmpty();
    }

    @Test
    void readsNothingFromTombstonesAndLogicalDecodingMessages() throws IOException {
        DebeziumJsonDeserializationSchema schema =
                DebeziumJsonDeserializationSchema.builder().build();
        String message =
                "{\"schema\":{\"type\":\"struct\",\"fields\":[],\"optional\":false},\"payload\":{\"op\":\"m\","
                        + "\"source\":{\"db\":\"shop\",\"schema\":\"\",\"table\":\"\"},\"message\":{\"prefix\":\"audit\","
                        + "\"content\":\"aGVsbG8=\"}}}";
        List<ChangeRecord> records = new ArrayList<>();

        schema.deserialize(null, new ListCollector<>(records));
        schema.deserialize(new byte[0], new ListCollector<>(records));
        schema.deserialize(
                key("id").getBytes(StandardCharsets.UTF_8), null, new ListCollector<>(records));

        assertThat(records).isEmpty();
        assertThat(read(schema, null, "null")).isEmpty();
        assertThat(read(schema, null, "{\"schema\":null,\"payload\":null}")).isEmpty();
        assertThat(read(schema, null, message)).isEmpty();
    }

    @Test
    void failsOnADeleteWithoutItsBeforeRow() {
        String delete =
                event(
                        "d",
                        "{\"type\":\"int32\",\"optional\":true,\"field\":\"v\"}",
                        "null",
                        "null");

        assertDefaultsRefuse(delete)
                .hasMessageContaining("delete event for table 'public.t' has no \"before\" row")
                .hasMessageContaining("REPLICA IDENTITY FULL");
    }

    @Test
    void failsOnAnUnknownOp() {
        String event =
                event(
                        "x",
                        "{\"type\":\"int32\",\"optional\":true,\"field\":\"v\"}",
                        "null",
                        "{\"v\":1}");

        assertDefaultsRefuse(event)
                .hasMessage(
                        "The Debezium message for table 'public.t' has the op \"x\", which is none of c, r, u, d, "
                                + "t, m");
    }

    // ---- primary keys ----

    @Test
    void takesThePrimaryKeyFromTheMessageKeyOverTheConfiguredOne() throws IOException {
        String fields =
                "{\"type\":\"int32\",\"optional\":false,\"field\":\"a\"},"
                        + "{\"type\":\"int32\",\"optional\":false,\"field\":\"b\"}";
        String value = event("c", fields, "null", "{\"a\":1,\"b\":2}");
        DebeziumJsonDeserializationSchema schema =
                DebeziumJsonDeserializationSchema.builder().primaryKey("public.t", "a").build();

        assertThat(read(schema, key("b", "a"), value).get(0).schema().primaryKey())
                .containsExactly("b", "a");
        assertThat(read(schema, null, value).get(0).schema().primaryKey()).containsExactly("a");
        assertThat(read(schema, "", value).get(0).schema().primaryKey()).containsExactly("a");
        assertThat(
                        read(DebeziumJsonDeserializationSchema.builder().build(), null, value)
                                .get(0)
                                .schema()
                                .primaryKey())
                .isEmpty();
    }

    @Test
    void failsOnAMessageKeyThatIsNoStructOrNamesNoColumn() {
        String value =
                event(
                        "c",
                        "{\"type\":\"int32\",\"optional\":false,\"field\":\"a\"}",
                        "null",
                        "{\"a\":1}");
        DebeziumJsonDeserializationSchema schema =
                DebeziumJsonDeserializationSchema.builder().build();

        assertThatThrownBy(() -> read(schema, "{\"a\":1}", value))
                .isInstanceOf(IOException.class)
                .hasMessageContaining(
                        "key of a Debezium message for table 'public.t' must be Kafka Connect JSON "
                                + "with a struct schema")
                .hasMessageContaining("'{\"a\":1}'");
        assertThatThrownBy(() -> read(schema, "{\"schema\":", value))
                .isInstanceOf(IOException.class)
                .hasMessageContaining(
                        "key of a Debezium message for table 'public.t' is not valid JSON");
        assertThatThrownBy(() -> read(schema, key("id"), value))
                .isInstanceOf(IOException.class)
                .hasMessage(
                        "The primary key [id] of table 'public.t' is not among its columns [a]");
    }

    // ---- types, one column at a time ----

    static Stream<Arguments> columns() {
        return Stream.of(
                Arguments.of(
                        "{\"type\":\"int8\",\"optional\":false}",
                        "-128",
                        new TinyIntType(false),
                        (byte) -128),
                Arguments.of(
                        "{\"type\":\"float\",\"optional\":true}",
                        "\"-Infinity\"",
                        new FloatType(),
                        Float.NEGATIVE_INFINITY),
                Arguments.of(
                        "{\"type\":\"int64\",\"optional\":true,\"name\":\"io.debezium.time.MicroTimestamp\"}",
                        "-1",
                        new TimestampType(6),
                        timestamp("1969-12-31T23:59:59.999999")),
                Arguments.of(
                        "{\"type\":\"int64\",\"optional\":true,\"name\":\"io.debezium.time.NanoTimestamp\"}",
                        "-1",
                        new TimestampType(9),
                        timestamp("1969-12-31T23:59:59.999999999")),
                Arguments.of(
                        "{\"type\":\"int64\",\"optional\":true,\"name\":\"io.debezium.time.Timestamp\"}",
                        "-86400000",
                        new TimestampType(3),
                        timestamp("1969-12-31T00:00:00")),
                Arguments.of(
                        "{\"type\":\"string\",\"optional\":true,\"name\":\"io.debezium.time.ZonedTimestamp\"}",
                        "\"2023-03-24T01:00:10.5+03:00\"",
                        new LocalZonedTimestampType(6),
                        instant("2023-03-23T22:00:10.500Z")),
                Arguments.of(
                        "{\"type\":\"int64\",\"optional\":true,\"name\":\"io.debezium.time.NanoTime\"}",
                        "86399999999999",
                        new TimeType(3),
                        millisOfDay("23:59:59.999")),
                Arguments.of(
                        "{\"type\":\"bytes\",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Decimal\","
                                + "\"parameters\":{\"scale\":\"2\",\"connect.decimal.precision\":\"5\"}}",
                        "-0.5",
                        new DecimalType(5, 2),
                        decimal("-0.50", 5, 2)),
                Arguments.of(
                        "{\"type\":\"bytes\",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Decimal\","
                                + "\"parameters\":{\"scale\":\"0\"}}",
                        "\"AP8=\"",
                        new DecimalType(38, 0),
                        decimal("255", 38, 0)),
                Arguments.of(
                        "{\"type\":\"struct\",\"optional\":true,"
                                + "\"name\":\"io.debezium.data.VariableScaleDecimal\","
                                + "\"fields\":[{\"type\":\"int32\",\"optional\":false,\"field\":\"scale\"},"
                                + "{\"type\":\"bytes\",\"optional\":false,\"field\":\"value\"}]}",
                        "{\"scale\":-2,\"value\":\"Bw==\"}",
                        new DecimalType(38, 18),
                        decimal("700", 38, 18)),
                // Unknown logical names fall back to their Connect type.
                Arguments.of(
                        "{\"type\":\"string\",\"optional\":true,\"name\":\"io.debezium.time.IsoDate\"}",
                        "\"2023-03-23Z\"",
                        STRING,
                        StringData.fromString("2023-03-23Z")),
                Arguments.of(
                        "{\"type\":\"int32\",\"optional\":true,\"name\":\"com.example.Custom\"}",
                        "7",
                        new IntType(),
                        7),
                Arguments.of(
                        "{\"type\":\"map\",\"optional\":true,\"keys\":{\"type\":\"int32\",\"optional\":false},"
                                + "\"values\":{\"type\":\"boolean\",\"optional\":true}}",
                        "[[1,true],[2,null]]",
                        new MapType(new IntType(false), new BooleanType()),
                        mapOf(1, true, 2, null)),
                Arguments.of(
                        "{\"type\":\"array\",\"optional\":true,\"items\":{\"type\":\"struct\",\"optional\":false,"
                                + "\"fields\":[{\"type\":\"string\",\"optional\":true,\"field\":\"s\"}]}}",
                        "[{\"s\":\"x\"},{}]",
                        new ArrayType(rowType(field("s", STRING)).copy(false)),
                        new GenericArrayData(
                                new Object[] {
                                    GenericRowData.of(StringData.fromString("x")),
                                    GenericRowData.of((Object) null)
                                })),
                Arguments.of("{\"type\":\"string\",\"optional\":true}", "null", STRING, null));
    }

    @ParameterizedTest
    @MethodSource("columns")
    void readsEachTypeOfColumn(String schema, String value, LogicalType type, Object expected)
            throws IOException {
        List<ChangeRecord> records =
                read(
                        DebeziumJsonDeserializationSchema.builder().build(),
                        null,
                        column(schema, value));

        assertThat(records)
                .singleElement()
                .satisfies(
                        record -> {
                            assertThat(record.schema().rowType().getTypeAt(0)).isEqualTo(type);
                            assertThat(
                                            RowData.createFieldGetter(type, 0)
                                                    .getFieldOrNull(record.row()))
                                    .isEqualTo(expected);
                            assertLakeAcceptsEveryColumn(record.schema());
                        });
    }

    // ---- bad input: the message names the table, the column and the value ----

    static Stream<Arguments> badValues() {
        String decimal =
                "{\"type\":\"bytes\",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Decimal\","
                        + "\"parameters\":{\"scale\":\"2\",\"connect.decimal.precision\":\"4\"}}";
        String variable =
                "{\"type\":\"struct\",\"optional\":true,\"name\":\"io.debezium.data.VariableScaleDecimal\","
                        + "\"fields\":[{\"type\":\"int32\",\"optional\":false,\"field\":\"scale\"},"
                        + "{\"type\":\"bytes\",\"optional\":false,\"field\":\"value\"}]}";
        return Stream.of(
                Arguments.of(
                        "{\"type\":\"int32\",\"optional\":true}",
                        "\"abc\"",
                        "column 'v': cannot read \"abc\" as int32"),
                Arguments.of(
                        "{\"type\":\"int32\",\"optional\":true}",
                        "3000000000",
                        "column 'v': cannot read 3000000000 as int32"),
                Arguments.of(
                        "{\"type\":\"int16\",\"optional\":true}",
                        "1.5",
                        "column 'v': cannot read 1.5 as int16"),
                Arguments.of(
                        "{\"type\":\"boolean\",\"optional\":true}",
                        "\"true\"",
                        "column 'v': cannot read \"true\" as boolean"),
                Arguments.of(
                        "{\"type\":\"double\",\"optional\":true}",
                        "\"1.5\"",
                        "column 'v': cannot read \"1.5\" as double"),
                Arguments.of(
                        "{\"type\":\"string\",\"optional\":true}",
                        "5",
                        "column 'v': cannot read 5 as string"),
                Arguments.of(
                        "{\"type\":\"string\",\"optional\":false}",
                        "null",
                        "column 'v': the value is null, but the column is STRING NOT NULL"),
                Arguments.of(
                        "{\"type\":\"bytes\",\"optional\":true}",
                        "\"%%%\"",
                        "column 'v': cannot read \"%%%\" as bytes: it is not base64"),
                Arguments.of(
                        decimal,
                        "\"JxA=\"",
                        "column 'v': the value 100.00 (\"JxA=\") does not fit DECIMAL(4, 2)"),
                Arguments.of(
                        decimal,
                        "123.45",
                        "column 'v': the value 123.45 (123.45) does not fit DECIMAL(4, 2)"),
                Arguments.of(
                        decimal,
                        "1.234",
                        "column 'v': the value 1.234 (1.234) has more than 2 digits after the "
                                + "point"),
                Arguments.of(
                        decimal,
                        "\"\"",
                        "column 'v': cannot read \"\" as Decimal: it has no bytes"),
                Arguments.of(
                        "{\"type\":\"bytes\",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Decimal\","
                                + "\"parameters\":{\"scale\":\"0\"}}",
                        "100000000000000000000000000000000000000",
                        "column 'v': the value 100000000000000000000000000000000000000 "
                                + "(100000000000000000000000000000000000000) does not fit DECIMAL(38, 0)"),
                Arguments.of(
                        variable,
                        "{\"scale\":19,\"value\":\"AQ==\"}",
                        "column 'v': the value 0.0000000000000000001 ({\"scale\":19,\"value\":\"AQ==\"}) has more "
                                + "than 18 digits after the point"),
                Arguments.of(
                        variable,
                        "{\"scale\":-20,\"value\":\"AQ==\"}",
                        "column 'v': the value 100000000000000000000 ({\"scale\":-20,\"value\":\"AQ==\"}) does not "
                                + "fit DECIMAL(38, 18)"),
                Arguments.of(
                        variable,
                        "\"AQ==\"",
                        "column 'v': cannot read \"AQ==\" as VariableScaleDecimal"),
                Arguments.of(
                        "{\"type\":\"int64\",\"optional\":true,\"name\":\"io.debezium.time.MicroTime\"}",
                        "-1",
                        "column 'v': the io.debezium.time.MicroTime -1 is not a time of day from 00:00 to 24:00"),
                Arguments.of(
                        "{\"type\":\"int32\",\"optional\":true,\"name\":\"io.debezium.time.Time\"}",
                        "86400000",
                        "column 'v': the io.debezium.time.Time 86400000 is not a time of day"),
                Arguments.of(
                        "{\"type\":\"int32\",\"optional\":true,\"name\":\"io.debezium.time.Date\"}",
                        "\"2023\"",
                        "column 'v': cannot read \"2023\" as io.debezium.time.Date (int32 days)"),
                Arguments.of(
                        "{\"type\":\"string\",\"optional\":true,\"name\":\"io.debezium.time.ZonedTimestamp\"}",
                        "\"infinity\"",
                        "column 'v': cannot read \"infinity\" as io.debezium.time.ZonedTimestamp"),
                Arguments.of(
                        "{\"type\":\"array\",\"optional\":true,\"items\":{\"type\":\"int32\",\"optional\":true}}",
                        "[1,\"two\"]",
                        "column 'v[1]': cannot read \"two\" as int32"),
                Arguments.of(
                        "{\"type\":\"struct\",\"optional\":true,\"fields\":[{\"type\":\"array\",\"optional\":true,"
                                + "\"items\":{\"type\":\"int8\",\"optional\":false},\"field\":\"a\"}]}",
                        "{\"a\":[1,null]}",
                        "column 'v.a[1]': the value is null, but the column is TINYINT NOT NULL"),
                Arguments.of(
                        "{\"type\":\"map\",\"optional\":true,\"keys\":{\"type\":\"string\",\"optional\":false},"
                                + "\"values\":{\"type\":\"int32\",\"optional\":true}}",
                        "{\"k\":\"x\"}",
                        "column 'v[k]': cannot read \"x\" as int32"));
    }

    @ParameterizedTest
    @MethodSource("badValues")
    void failsOnAValueThatDoesNotFitItsType(String schema, String value, String message) {
        assertDefaultsRefuse(column(schema, value))
                .hasMessageStartingWith("Debezium message for table 'public.t', ")
                .hasMessageContaining(message);
    }

    @Test
    void failsOnAValueThatDoesNotFitItsTypeInARealSample() throws IOException {
        String line =
                lines("debezium-data-schema-include.txt")
                        .get(0)
                        .replace("\"id\":101", "\"id\":\"abc\"");

        assertDefaultsRefuse(line)
                .hasMessage(
                        "Debezium message for table 'inventory.products', column 'id': cannot read \"abc\" as "
                                + "int32");
    }

    static Stream<Arguments> badSchemas() {
        return Stream.of(
                Arguments.of(
                        "{\"type\":\"float128\",\"optional\":true}",
                        "column 'v': the Connect schema "
                                + "{\"field\":\"v\",\"type\":\"float128\",\"optional\":true} has the type \"float128\", which "
                                + "has no Flink type"),
                Arguments.of(
                        "{\"optional\":true}",
                        "column 'v': the Connect schema "
                                + "{\"field\":\"v\",\"optional\":true} has the type \"\", which has no Flink type"),
                Arguments.of(
                        "{\"type\":\"bytes\",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Decimal\","
                                + "\"parameters\":{\"scale\":\"-2\",\"connect.decimal.precision\":\"5\"}}",
                        "column 'v': the Decimal with scale -2 and precision 5 has no Flink type"),
                Arguments.of(
                        "{\"type\":\"bytes\",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Decimal\","
                                + "\"parameters\":{\"scale\":\"39\",\"connect.decimal.precision\":\"40\"}}",
                        "column 'v': the Decimal with scale 39 and precision 40 has no Flink type"),
                Arguments.of(
                        "{\"type\":\"bytes\",\"optional\":true,"
                                + "\"name\":\"org.apache.kafka.connect.data.Decimal\"}",
                        "column 'v': the Decimal parameter \"scale\" is missing, not an integer"),
                Arguments.of(
                        "{\"type\":\"array\",\"optional\":true}",
                        "column 'v': the Connect schema "
                                + "{\"field\":\"v\",\"type\":\"array\",\"optional\":true} has no \"items\" schema"));
    }

    @ParameterizedTest
    @MethodSource("badSchemas")
    void failsOnASchemaWithoutAFlinkType(String schema, String message) {
        assertDefaultsRefuse(column(schema, "1"))
                .hasMessageStartingWith("Debezium message for table 'public.t', " + message);
    }

    @Test
    void failsOnMalformedJsonShowingTheMessagesStart() throws IOException {
        String line = lines("debezium-postgres-data-schema-include.txt").get(0);
        String truncated = line.substring(0, 1000);

        assertDefaultsRefuse(truncated)
                .hasMessageStartingWith("A Debezium message is not valid JSON (")
                .hasMessageEndingWith(": '" + line.substring(0, 200) + "...'");
        assertDefaultsRefuse("[1, 2]")
                .hasMessage(
                        "A Debezium JSON message must be a JSON object with \"schema\" and \"payload\", but it is "
                                + "'[1, 2]'");
        assertDefaultsRefuse("{} {}")
                .hasMessage("A Debezium JSON message has content after its JSON object: '{} {}'");
    }

    @Test
    void failsOnAMessageWithoutPayloadOrSchema() throws IOException {
        String line = lines("debezium-postgres-data-schema-include.txt").get(0);
        String payloadOnly =
                line.substring(
                        line.indexOf("\"payload\":") + "\"payload\":".length(), line.length() - 1);
        String schemaOnly = line.substring(0, line.indexOf(",\"payload\":")) + "}";
        String nullSchema = "{\"schema\":null,\"payload\":" + payloadOnly + "}";

        // With schemas.enable=false the message is the bare payload.
        assertDefaultsRefuse(payloadOnly)
                .hasMessageStartingWith(
                        "A Debezium JSON message has no \"payload\" (the connector's value.converter "
                                + "needs schemas.enable=true): '{\"before\":null,\"after\":{\"id\":101,");
        assertDefaultsRefuse(schemaOnly)
                .hasMessageStartingWith("A Debezium JSON message has no \"payload\"");
        assertDefaultsRefuse(nullSchema)
                .hasMessageStartingWith(
                        "The Debezium message for table 'inventory.products' has no \"schema\" (the "
                                + "connector's value.converter needs schemas.enable=true): '{\"schema\":null,");
    }

    @Test
    void failsOnAMessageWithoutItsTableOrRow() {
        String fields = "{\"type\":\"int32\",\"optional\":true,\"field\":\"v\"}";
        String noTable = event("c", fields, "null", "{\"v\":1}").replace(",\"table\":\"t\"", "");

        assertDefaultsRefuse(noTable)
                .hasMessageStartingWith(
                        "A Debezium message has no source.table with a source.schema or source.db: ");
        assertDefaultsRefuse(event("c", fields, "null", "null"))
                .hasMessage(
                        "The Debezium event with op \"c\" for table 'public.t' has no \"after\" row");
        assertDefaultsRefuse(event("c", fields, "null", "[1]"))
                .hasMessage(
                        "Debezium message for table 'public.t': cannot read [1] as struct (a JSON object)");
    }

    // ---- the deserializer itself ----

    @Test
    void reusesTheParsedSchemaOfARepeatedSchemaText() throws IOException {
        DebeziumJsonDeserializationSchema schema =
                DebeziumJsonDeserializationSchema.builder()
                        .primaryKey("inventory.products", "id")
                        .build();

        List<ChangeRecord> records =
                readAll(schema, lines("debezium-postgres-data-schema-include.txt"));
        List<ChangeRecord> pretty = read(schema, null, text("serde-with-schema.json"));

        assertThat(records)
                .allSatisfy(
                        record -> assertThat(record.schema()).isSameAs(records.get(0).schema()));
        assertThat(pretty.get(0).schema()).isNotEqualTo(records.get(0).schema());
    }

    @Test
    void forgetsTheLeastRecentlyUsedSchemaBeyondItsCapacity() {
        LruCache<String, Integer> cache = new LruCache<>(2);

        cache.put("a", 1);
        cache.put("b", 2);
        cache.get("a");
        cache.put("c", 3);

        assertThat(cache.size()).isEqualTo(2);
        assertThat(cache.get("a")).isEqualTo(1);
        assertThat(cache.get("b")).isNull();
        assertThat(cache.get("c")).isEqualTo(3);
    }

    @Test
    void survivesJavaSerialization() throws Exception {
        DebeziumJsonDeserializationSchema schema =
                InstantiationUtil.clone(
                        DebeziumJsonDeserializationSchema.builder()
                                .primaryKey("inventory.products", "id")
                                .ignoreTruncate(true)
                                .build());
        schema.open(null);

        List<ChangeRecord> records =
                read(schema, null, lines("debezium-postgres-data-schema-include.txt").get(0));

        assertThat(records.get(0).schema().primaryKey()).containsExactly("id");
        assertThat(schema.getProducedType()).isEqualTo(ChangeRecordTypeInfo.INSTANCE);
        assertThat(schema.isEndOfStream(records.get(0))).isFalse();
    }

    @Test
    void refusesToDeserializeIntoASingleRecord() {
        assertThatThrownBy(
                        () ->
                                DebeziumJsonDeserializationSchema.builder()
                                        .build()
                                        .deserialize(new byte[0]))
                .isInstanceOf(UnsupportedOperationException.class)
                .hasMessageContaining("deserialize(byte[], Collector)");
        assertThatThrownBy(() -> DebeziumJsonDeserializationSchema.builder().primaryKey("public.t"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("The primary key of table 'public.t' has no columns");
    }

    // ---- helpers ----

    /** Every record is of the table and has the schema. */
    private static void assertAllOf(List<ChangeRecord> records, String table, ChangeSchema schema) {
        assertThat(records).extracting(ChangeRecord::table).containsOnly(table);
        assertThat(records).extracting(ChangeRecord::schema).containsOnly(schema);
    }

    /** A sample's one record: its table, its columns (each of which the lake accepts) and row. */
    private static void assertSingleRecord(
            List<ChangeRecord> records, String table, RowType rowType, RowData row) {
        assertThat(records)
                .singleElement()
                .satisfies(
                        record -> {
                            assertThat(record.table()).isEqualTo(table);
                            assertThat(record.schema().rowType()).isEqualTo(rowType);
                            assertThat(record.row()).isEqualTo(row);
                            assertLakeAcceptsEveryColumn(record.schema());
                        });
    }

    private static void assertColumn(
            ChangeRecord record, String name, LogicalType type, Object expected) {
        assertThat(type(record, name)).as("type of %s", name).isEqualTo(type);
        assertThat(
                        RowData.createFieldGetter(type, index(record, name))
                                .getFieldOrNull(record.row()))
                .as("value of %s", name)
                .isEqualTo(expected);
    }

    private static LogicalType type(ChangeRecord record, String name) {
        return record.schema().rowType().getTypeAt(index(record, name));
    }

    private static int index(ChangeRecord record, String name) {
        return record.schema().rowType().getFieldIndex(name);
    }

    private static void assertLakeAcceptsEveryColumn(ChangeSchema schema) {
        for (RowType.RowField field : schema.rowType().getFields()) {
            assertThat(FlinkLakeTypes.toLake(field.getName(), field.getType()))
                    .as(field.getName())
                    .isNotNull();
        }
    }

    private static RowType withAge(List<RowType.RowField> base, LogicalType age) {
        List<RowType.RowField> fields = new ArrayList<>(base);
        fields.add(field("age", age));
        return new RowType(fields);
    }

    private static GenericRowData copy(GenericRowData row, RowKind kind) {
        GenericRowData copy = new GenericRowData(kind, row.getArity());
        for (int i = 0; i < row.getArity(); i++) {
            copy.setField(i, row.getField(i));
        }
        return copy;
    }

    private static DecimalData decimal(String value, int precision, int scale) {
        return DecimalData.fromBigDecimal(new BigDecimal(value), precision, scale);
    }

    private static TimestampData timestamp(String localDateTime) {
        return TimestampData.fromLocalDateTime(LocalDateTime.parse(localDateTime));
    }

    private static TimestampData instant(String instant) {
        return TimestampData.fromInstant(Instant.parse(instant));
    }

    private static int millisOfDay(String time) {
        return (int) (LocalTime.parse(time).toNanoOfDay() / 1_000_000);
    }

    private static GenericMapData mapOf(Object key1, Object value1, Object key2, Object value2) {
        Map<Object, Object> map = new HashMap<>();
        map.put(key1, value1);
        map.put(key2, value2);
        return new GenericMapData(map);
    }

    /** Asserts that a deserializer with the default settings refuses the message {@code value}. */
    private static AbstractThrowableAssert<?, ? extends Throwable> assertDefaultsRefuse(
            String value) {
        return assertThatThrownBy(
                        () ->
                                read(
                                        DebeziumJsonDeserializationSchema.builder().build(),
                                        null,
                                        value))
                .isInstanceOf(IOException.class);
    }
}
