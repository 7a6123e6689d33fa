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

package dev.ducklake.flink.sink.testutils;

import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.schema.TableSchema;
import dev.ducklake.flink.common.FlinkLakeTypes;
import dev.ducklake.flink.sink.DuckLakeSink;
import dev.ducklake.flink.sink.DuckLakeSinkBuilder;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.connector.source.util.ratelimit.RateLimiterStrategy;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.connector.datagen.source.GeneratorFunction;
import org.apache.flink.streaming.api.datastream.DataStreamSource;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;
import org.apache.flink.types.RowKind;

/**
 * A deterministic stream of order events and the reference model of what the lake must hold after
 * them. Event {@code i} belongs to order {@code "o-" + (i % keys)}; append streams use every event
 * as a new row with key {@code i}.
 */
public final class OrderEvents {

    /** {@code order_id STRING NOT NULL, seq BIGINT NOT NULL, amount DECIMAL(12, 2)}. */
    public static final RowType ROW_TYPE =
            RowType.of(
                    new org.apache.flink.table.types.logical.LogicalType[] {
                        new VarCharType(false, VarCharType.MAX_LENGTH),
                        new BigIntType(false),
                        new DecimalType(12, 2)
                    },
                    new String[] {"order_id", "seq", "amount"});

    private OrderEvents() {}

    /**
     * The lake table these events go to: keyed by {@code order_id} for upserts, without a key for
     * appends.
     */
    public static TableSchema lakeSchema(boolean keyed) {
        return FlinkLakeTypes.toLakeSchema(
                ROW_TYPE, keyed ? List.of("order_id") : List.of(), List.of());
    }

    /** Appends: event {@code i} is the insert of order {@code "o-" + i}. */
    public static RowData append(long i) {
        return row(RowKind.INSERT, "o-" + i, i);
    }

    /**
     * Upserts over {@code keys} orders: every seventh event deletes its order, every eleventh other
     * one is an update-before that no update-after follows (as Flink sends when a filter drops an
     * update's new row), which removes the order too; the others insert or update it.
     */
    public static RowData upsert(long i, int keys) {
        RowKind kind =
                i % 7 == 6
                        ? RowKind.DELETE
                        : i % 11 == 10
                                ? RowKind.UPDATE_BEFORE
                                : i < keys ? RowKind.INSERT : RowKind.UPDATE_AFTER;
        return row(kind, "o-" + (i % keys), i);
    }

    /**
     * Whether a change of this kind leaves its key out of a keyed table: a delete or a lone
     * update-before.
     */
    public static boolean removesKey(RowKind kind) {
        return kind == RowKind.DELETE || kind == RowKind.UPDATE_BEFORE;
    }

    public static DataGeneratorSource<RowData> source(
            GeneratorFunction<Long, RowData> events, long count, double perSecond) {
        return new DataGeneratorSource<>(
                events,
                count,
                RateLimiterStrategy.perSecond(perSecond),
                InternalTypeInfo.of(ROW_TYPE));
    }

    /** The job's stream of the events, at most {@code perSecond} a second, without watermarks. */
    public static DataStreamSource<RowData> stream(
            StreamExecutionEnvironment env,
            String name,
            GeneratorFunction<Long, RowData> events,
            long count,
            double perSecond) {
        return stream(env, name, source(events, count, perSecond));
    }

    /** The job's stream of the events, as fast as they come, without watermarks. */
    public static DataStreamSource<RowData> stream(
            StreamExecutionEnvironment env,
            String name,
            GeneratorFunction<Long, RowData> events,
            long count) {
        return stream(
                env, name, new DataGeneratorSource<>(events, count, InternalTypeInfo.of(ROW_TYPE)));
    }

    private static DataStreamSource<RowData> stream(
            StreamExecutionEnvironment env, String name, DataGeneratorSource<RowData> source) {
        return env.fromSource(source, WatermarkStrategy.noWatermarks(), name);
    }

    /**
     * A sink of these rows to a table of the lake in {@code catalog}, whose data path is {@code
     * data} in {@code dir}.
     */
    public static DuckLakeSinkBuilder<RowData> sink(
            CatalogLocation catalog, Path dir, String table) {
        return DuckLakeSink.forRowData()
                .catalog(catalog.key())
                .dataPath(dir.resolve("data") + "/")
                .table(table)
                .rowType(ROW_TYPE);
    }

    /** The rows an append of events {@code 0..count-1} leaves, by order id. */
    public static Map<String, List<Object>> expectedAppend(long count) {
        Map<String, List<Object>> rows = new TreeMap<>();
        for (long i = 0; i < count; i++) {
            rows.put("o-" + i, values("o-" + i, i));
        }
        return rows;
    }

    /** The rows the upserts of events {@code 0..count-1} leave, by order id. */
    public static Map<String, List<Object>> expectedUpsert(long count, int keys) {
        Map<String, List<Object>> rows = new TreeMap<>();
        for (long i = 0; i < count; i++) {
            String key = "o-" + (i % keys);
            if (removesKey(upsert(i, keys).getRowKind())) {
                rows.remove(key);
            } else {
                rows.put(key, values(key, i));
            }
        }
        return rows;
    }

    /** The model's rows as plain DuckDB returns them (DECIMAL as BigDecimal, BIGINT as Long). */
    public static Map<String, List<Object>> queriedRows(Map<String, List<Object>> model) {
        return model.entrySet().stream()
                .collect(
                        Collectors.toMap(
                                Map.Entry::getKey,
                                e ->
                                        List.of(
                                                e.getValue().get(0),
                                                e.getValue().get(1),
                                                (BigDecimal) e.getValue().get(2)),
                                (a, b) -> a,
                                TreeMap::new));
    }

    private static RowData row(RowKind kind, String key, long i) {
        GenericRowData row =
                GenericRowData.ofKind(
                        kind,
                        StringData.fromString(key),
                        i,
                        DecimalData.fromBigDecimal(amount(i), 12, 2));
        return row;
    }

    private static BigDecimal amount(long i) {
        return BigDecimal.valueOf(i % 100_000, 2);
    }

    private static List<Object> values(String key, long i) {
        List<Object> values = new ArrayList<>();
        values.add(key);
        values.add(i);
        values.add(amount(i));
        return values;
    }
}
