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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ducklake.engine.error.LakeValidationException;
import dev.ducklake.engine.schema.LakeType;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.flink.sink.internal.arrow.ArrowValueWriters.FieldWriter;
import dev.ducklake.flink.sink.internal.arrow.ArrowValueWriters.Target;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import java.util.stream.IntStream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeStampMicroTZVector;
import org.apache.arrow.vector.TimeStampMicroVector;
import org.apache.arrow.vector.TimeStampNanoVector;
import org.apache.arrow.vector.TimeStampSecVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.data.binary.BinaryStringData;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.BooleanType;
import org.apache.flink.table.types.logical.DateType;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.DoubleType;
import org.apache.flink.table.types.logical.FloatType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LocalZonedTimestampType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.TimestampType;
import org.apache.flink.table.types.logical.VarCharType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The writers of top-level fields write straight into the vectors' memory: what Arrow reads back
 * must be what was written, nulls and empty strings between values included, across a whole batch
 * and beyond the string data the vectors were first given.
 */
class ArrowValueWritersTest {

    private static final TableName TABLE = TableName.of("orders");
    private static final int ROWS = ArrowStaging.BATCH_ROWS;

    private final BufferAllocator allocator = new RootAllocator();
    private final List<FieldVector> vectors = new ArrayList<>();

    @AfterEach
    void close() {
        vectors.forEach(FieldVector::close);
        allocator.close();
    }

    @Test
    void flatValuesOfAWholeBatchReadBackAsWrittenWithTheirNulls() {
        assertReadsBack(
                new BigIntType(),
                LakeType.Primitive.BIGINT,
                new BigIntVector("v", allocator),
                i -> i % 7 == 0 ? null : (long) i * -31);
        assertReadsBack(
                new IntType(),
                LakeType.Primitive.INTEGER,
                new IntVector("v", allocator),
                i -> i % 5 == 0 ? null : i - 1000);
        assertReadsBack(
                new DoubleType(),
                LakeType.Primitive.DOUBLE,
                new Float8Vector("v", allocator),
                i -> i % 3 == 0 ? null : i / 8.0);
        assertReadsBack(
                new FloatType(),
                LakeType.Primitive.FLOAT,
                new Float4Vector("v", allocator),
                i -> i % 3 == 1 ? null : i / 4.0f);
        assertReadsBack(
                new BooleanType(),
                LakeType.Primitive.BOOLEAN,
                new BitVector("v", allocator),
                i -> i % 3 == 2 ? null : i % 2 == 0);
        assertReadsBack(
                new DateType(),
                LakeType.Primitive.DATE,
                new DateDayVector("v", allocator),
                i -> i % 4 == 0 ? null : i);
        LocalDateTime epoch = LocalDateTime.of(2026, 11, 30, 0, 0);
        assertReadsBack(
                new TimestampType(6),
                LakeType.Primitive.TIMESTAMP,
                new TimeStampMicroVector("v", allocator),
                i ->
                        i % 9 == 0
                                ? null
                                : TimestampData.fromLocalDateTime(epoch.plusNanos(i * 1_001_000L)),
                i -> i % 9 == 0 ? null : epoch.plusNanos(i * 1_001_000L));
        assertReadsBack(
                new LocalZonedTimestampType(6),
                LakeType.Primitive.TIMESTAMPTZ,
                new TimeStampMicroTZVector("v", allocator, "UTC"),
                i ->
                        i % 8 == 0
                                ? null
                                : TimestampData.fromEpochMillis(i * 1001L, (i % 1000) * 1000),
                i -> i % 8 == 0 ? null : i * 1001L * 1000 + i % 1000);
        assertReadsBack(
                new DecimalType(12, 2),
                new LakeType.Decimal(12, 2),
                new DecimalVector("v", allocator, 12, 2),
                i ->
                        i % 6 == 0
                                ? null
                                : DecimalData.fromBigDecimal(
                                        BigDecimal.valueOf(i * -1_000_003L, 2), 12, 2),
                i -> i % 6 == 0 ? null : BigDecimal.valueOf(i * -1_000_003L, 2));
    }

    @Test
    void stringsReadBackAsWrittenWithNullsEmptyValuesAndMoreDataThanFirstAllocated() {
        String wide = "x".repeat(300);
        IntFunction<String> value =
                i ->
                        switch (i % 6) {
                            case 0 -> null;
                            case 1 -> "";
                            case 2 -> "é-" + i;
                            case 3 -> wide + i;
                            default -> "customer-" + i;
                        };
        VarCharVector vector = new VarCharVector("v", allocator);
        // Strings from their bytes (as rows copied by Flink hold them) and from Java strings.
        assertReadsBack(
                VarCharType.STRING_TYPE,
                LakeType.Primitive.VARCHAR,
                vector,
                i -> {
                    String s = value.apply(i);
                    if (s == null) {
                        return null;
                    }
                    return i % 2 == 0
                            ? StringData.fromBytes(s.getBytes(StandardCharsets.UTF_8))
                            : StringData.fromString(s);
                },
                i -> value.apply(i));
        assertThat(vector.getDataBuffer().capacity()).isGreaterThan(8L * ROWS);
    }

    @Test
    void aStringKeyRefusesAnEmptyValueNamingTableColumnAndValue() {
        VarCharVector vector = allocated(new VarCharVector("id", allocator));
        FieldWriter writer = stringKeyWriter(vector);
        writer.write(0, GenericRowData.of(BinaryStringData.fromString("o-1")));

        assertThatThrownBy(
                        () -> writer.write(1, GenericRowData.of(BinaryStringData.fromString(""))))
                .isInstanceOf(LakeValidationException.class)
                .hasMessageContaining("'id'")
                .hasMessageContaining("main.orders")
                .hasMessageContaining("empty string");
        assertThatThrownBy(() -> writer.write(1, GenericRowData.of((Object) null)))
                .isInstanceOf(LakeValidationException.class)
                .hasMessageContaining("'id'")
                .hasMessageContaining("null");
    }

    /**
     * A key holding U+0000 would be written once and then poison every later upsert of it inside
     * DuckLake: both the direct writer and the generic one (a vector not allocated for a batch)
     * refuse it, and keep other control characters.
     */
    @Test
    void aStringKeyRefusesANulNamingTableColumnAndValue() {
        for (VarCharVector vector :
                List.of(
                        allocated(new VarCharVector("id", allocator)),
                        track(new VarCharVector("id", allocator)))) {
            FieldWriter writer = stringKeyWriter(vector);
            writer.write(0, GenericRowData.of(BinaryStringData.fromString("tab\tand\u0001")));

            assertThatThrownBy(
                            () ->
                                    writer.write(
                                            1,
                                            GenericRowData.of(
                                                    BinaryStringData.fromString("o-\u00001"))))
                    .isInstanceOf(LakeValidationException.class)
                    .hasMessageContaining("'id'")
                    .hasMessageContaining("main.orders")
                    .hasMessageContaining("'o-\\u00001'")
                    .hasMessageContaining("U+0000");
            vector.setValueCount(1);
            assertThat(vector.getObject(0)).hasToString("tab\tand\u0001");
        }
    }

    /**
     * A TIMESTAMP(9) value past 2262 failed with "ArithmeticException: long overflow" and nothing
     * else; every date and timestamp its column cannot hold is refused naming table, column and
     * value, through the direct writers and the generic ones, and the last value a column holds is
     * written.
     */
    @Test
    void datesAndTimestampsOutsideTheirColumnsRangeAreRefusedNamingTableColumnAndValue() {
        LocalDateTime lastNano = LocalDateTime.of(2262, 4, 11, 23, 47, 16, 854_775_806);
        TimeStampNanoVector nanos = track(new TimeStampNanoVector("v", allocator));
        FieldWriter writer =
                ArrowValueWriters.forField(
                        new Target(TABLE, "v", LakeType.Primitive.TIMESTAMP_NS, false, true),
                        new TimestampType(9),
                        nanos,
                        0);
        writer.write(0, GenericRowData.of(TimestampData.fromLocalDateTime(lastNano)));
        nanos.setValueCount(1);
        assertThat(nanos.getObject(0)).isEqualTo(lastNano);

        assertNanosRefused(LocalDateTime.of(2262, 4, 12, 0, 0), "2262-04-12T00:00");
        assertNanosRefused(lastNano.plusNanos(1), "2262-04-11T23:47:16.854775807");
        assertNanosRefused(LocalDateTime.of(1677, 9, 21, 23, 59), "1677-09-21T23:59");
        assertRefused(
                new TimestampType(6),
                LakeType.Primitive.TIMESTAMP,
                allocated(new TimeStampMicroVector("v", allocator)),
                TimestampData.fromLocalDateTime(LocalDateTime.of(300_000, 1, 1, 0, 0)),
                "+300000-01-01");
        assertRefused(
                new LocalZonedTimestampType(6),
                LakeType.Primitive.TIMESTAMPTZ,
                allocated(new TimeStampMicroTZVector("v", allocator, "UTC")),
                TimestampData.fromEpochMillis(Long.MAX_VALUE / 2),
                "TIMESTAMP WITH TIME ZONE");
        assertRefused(
                new TimestampType(0),
                LakeType.Primitive.TIMESTAMP_S,
                track(new TimeStampSecVector("v", allocator)),
                TimestampData.fromEpochMillis(Long.MIN_VALUE / 2),
                "TIMESTAMP_S");
        assertRefused(
                new DateType(),
                LakeType.Primitive.DATE,
                allocated(new DateDayVector("v", allocator)),
                Integer.MAX_VALUE,
                "2147483647 days");
    }

    @Test
    void aDecimalTooWideForItsColumnIsRefusedNamingTheValue() {
        DecimalVector vector = allocated(new DecimalVector("amount", allocator, 6, 2));
        FieldWriter writer =
                ArrowValueWriters.forField(
                        new Target(TABLE, "amount", new LakeType.Decimal(6, 2), false, true),
                        new DecimalType(12, 2),
                        vector,
                        0);

        assertThatThrownBy(
                        () ->
                                writer.write(
                                        0,
                                        GenericRowData.of(
                                                DecimalData.fromBigDecimal(
                                                        new BigDecimal("123456.78"), 12, 2))))
                .isInstanceOf(LakeValidationException.class)
                .hasMessageContaining("123456.78")
                .hasMessageContaining("'amount'")
                .hasMessageContaining("DECIMAL(6,2)");
    }

    /**
     * The value is refused by the writer of its column, naming table, column, value and the range.
     */
    private void assertRefused(
            LogicalType flink, LakeType lake, FieldVector vector, Object value, String shown) {
        FieldWriter writer =
                ArrowValueWriters.forField(
                        new Target(TABLE, "v", lake, false, true), flink, vector, 0);
        assertThatThrownBy(() -> writer.write(0, GenericRowData.of(value)))
                .as("%s", lake)
                .isInstanceOf(LakeValidationException.class)
                .hasMessageContaining("'v'")
                .hasMessageContaining("main.orders")
                .hasMessageContaining(shown)
                .hasMessageContaining(lake.sql() + ", which holds values from");
    }

    /** A TIMESTAMP(9) value that a TIMESTAMP_NS column cannot hold is refused. */
    private void assertNanosRefused(LocalDateTime value, String shown) {
        assertRefused(
                new TimestampType(9),
                LakeType.Primitive.TIMESTAMP_NS,
                track(new TimeStampNanoVector("v", allocator)),
                TimestampData.fromLocalDateTime(value),
                shown);
    }

    /** The writer of a VARCHAR key column {@code id} of Flink STRING values. */
    private static FieldWriter stringKeyWriter(FieldVector vector) {
        return ArrowValueWriters.forField(
                new Target(TABLE, "id", LakeType.Primitive.VARCHAR, true, false),
                VarCharType.STRING_TYPE,
                vector,
                0);
    }

    /** Closed after the test. */
    private <V extends FieldVector> V track(V vector) {
        vectors.add(vector);
        return vector;
    }

    /** Writes the values and reads them back as Arrow holds them, the same values. */
    private void assertReadsBack(
            LogicalType flink, LakeType lake, FieldVector vector, IntFunction<Object> values) {
        assertReadsBack(flink, lake, vector, values, values);
    }

    /** Writes {@code ROWS} rows of one field through its writer, then reads every position back. */
    private void assertReadsBack(
            LogicalType flink,
            LakeType lake,
            FieldVector vector,
            IntFunction<Object> field,
            IntFunction<Object> expected) {
        allocated(vector);
        FieldWriter writer =
                ArrowValueWriters.forField(
                        new Target(TABLE, "v", lake, false, true), flink, vector, 0);
        for (int i = 0; i < ROWS; i++) {
            writer.write(i, GenericRowData.of(field.apply(i)));
        }
        vector.setValueCount(ROWS);
        for (int i = 0; i < ROWS; i++) {
            Object read = vector.getObject(i);
            if (vector instanceof VarCharVector && read != null) {
                read = read.toString();
            }
            assertThat(read).as("%s at %d", flink, i).isEqualTo(expected.apply(i));
        }
        assertThat(vector.getNullCount())
                .isEqualTo(
                        (int)
                                IntStream.range(0, ROWS)
                                        .filter(i -> expected.apply(i) == null)
                                        .count());
    }

    /** Allocated as the staging allocates its vectors: for a whole batch up front. */
    private <V extends FieldVector> V allocated(V vector) {
        track(vector);
        vector.setInitialCapacity(ROWS);
        vector.allocateNew();
        return vector;
    }
}
