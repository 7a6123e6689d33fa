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

import dev.ducklake.flink.cdc.ChangeRecord;
import dev.ducklake.flink.cdc.ChangeSchema;
import dev.ducklake.flink.cdc.transaction.SourceTransactionEvent;
import java.io.Serializable;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.flink.connector.datagen.source.GeneratorFunction;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.types.RowKind;

/**
 * Source transactions of a shop, as three Kafka topics of a Debezium connector would hold them:
 * transaction {@code t} rewrites order {@code t % ORDERS} and its {@value #LINES} lines, the
 * order's total being the sum of its lines' amounts. The orders' topic has one change per
 * transaction (index {@code t}), the lines' topic {@value #LINES} (index {@code t * LINES + line}),
 * the transaction topic one end. In every whole transaction, each order's total is its lines' sum.
 */
public final class OrderTransactions implements Serializable {

    private static final long serialVersionUID = 1L;

    public static final String ORDERS_TABLE = "shop.orders";
    public static final String LINES_TABLE = "shop.order_lines";
    public static final int LINES = 3;

    private static final ChangeSchema ORDERS =
            ChangeSchema.of(
                    RowType.of(
                            new LogicalType[] {
                                new BigIntType(false), new BigIntType(false), new BigIntType(false)
                            },
                            new String[] {"id", "total", "tx"}),
                    List.of("id"));
    private static final ChangeSchema ORDER_LINES =
            ChangeSchema.of(
                    RowType.of(
                            new LogicalType[] {
                                new BigIntType(false),
                                new BigIntType(false),
                                new BigIntType(false),
                                new BigIntType(false)
                            },
                            new String[] {"order_id", "line", "amount", "tx"}),
                    List.of("order_id", "line"));

    private final int orders;

    public OrderTransactions(int orders) {
        this.orders = orders;
    }

    /** The orders' topic. */
    public GeneratorFunction<Long, SourceTransactionEvent> orderChanges() {
        return t ->
                new SourceTransactionEvent.Change(
                        Long.toString(t),
                        1,
                        ORDERS_TABLE,
                        List.of(
                                new ChangeRecord(
                                        ORDERS_TABLE,
                                        GenericRowData.ofKind(
                                                RowKind.UPDATE_AFTER, t % orders, total(t), t),
                                        ORDERS)));
    }

    /** The lines' topic. */
    public GeneratorFunction<Long, SourceTransactionEvent> lineChanges() {
        return index -> {
            long t = index / LINES;
            long line = index % LINES;
            return new SourceTransactionEvent.Change(
                    Long.toString(t),
                    2 + line,
                    LINES_TABLE,
                    List.of(
                            new ChangeRecord(
                                    LINES_TABLE,
                                    GenericRowData.ofKind(
                                            RowKind.UPDATE_AFTER,
                                            t % orders,
                                            line,
                                            amount(t, line),
                                            t),
                                    ORDER_LINES)));
        };
    }

    /** The transaction topic. */
    public GeneratorFunction<Long, SourceTransactionEvent> ends() {
        return t ->
                new SourceTransactionEvent.End(
                        Long.toString(t), t, Map.of(ORDERS_TABLE, 1L, LINES_TABLE, (long) LINES));
    }

    /** The orders after transactions 0..n-1: id → [id, total, tx]. */
    public Map<Long, List<Long>> expectedOrders(long transactions) {
        Map<Long, List<Long>> rows = new TreeMap<>();
        for (long t = Math.max(0, transactions - orders); t < transactions; t++) {
            rows.put(t % orders, List.of(t % orders, total(t), t));
        }
        return rows;
    }

    static long amount(long t, long line) {
        return 1 + Math.floorMod(Long.hashCode(t * 31 + line) * 0x9E3779B9L, 100);
    }

    static long total(long t) {
        long total = 0;
        for (int line = 0; line < LINES; line++) {
            total += amount(t, line);
        }
        return total;
    }
}
