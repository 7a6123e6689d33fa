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

package dev.ducklake.examples.quickstart;

import java.math.BigDecimal;
import java.time.LocalDateTime;
import org.apache.flink.connector.datagen.source.GeneratorFunction;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.types.RowKind;

/**
 * One change to an order, as an application would emit it: the order's new state, or its deletion.
 *
 * @param deleted whether the order was deleted; the other fields then hold its last state
 */
public record OrderEvent(
        String orderId,
        String customer,
        String status,
        BigDecimal amount,
        LocalDateTime updatedAt,
        boolean deleted) {

    /** The orders table: keyed by {@code order_id}. */
    public static final RowType ROW_TYPE =
            (RowType)
                    DataTypes.ROW(
                                    DataTypes.FIELD("order_id", DataTypes.STRING().notNull()),
                                    DataTypes.FIELD("customer", DataTypes.STRING()),
                                    DataTypes.FIELD("status", DataTypes.STRING()),
                                    DataTypes.FIELD("amount", DataTypes.DECIMAL(10, 2)),
                                    DataTypes.FIELD("updated_at", DataTypes.TIMESTAMP(3)))
                            .getLogicalType();

    private static final String[] STATUSES = {"paid", "packed", "shipped", "delivered"};
    private static final LocalDateTime EPOCH = LocalDateTime.of(2026, 11, 30, 9, 0);

    /** The row the sink writes: an upsert, or a delete by key. */
    public RowData toRowData() {
        return GenericRowData.ofKind(
                deleted ? RowKind.DELETE : RowKind.UPDATE_AFTER,
                StringData.fromString(orderId),
                StringData.fromString(customer),
                StringData.fromString(status),
                DecimalData.fromBigDecimal(amount, 10, 2),
                TimestampData.fromLocalDateTime(updatedAt));
    }

    /**
     * The {@code i}-th event of a deterministic stream over {@code orders} orders: each order is
     * placed once ({@code new}), then moves through its statuses with a changing amount, and one
     * event in eleven deletes it (a cancellation; a later event places it again).
     */
    public static GeneratorFunction<Long, OrderEvent> generator(int orders) {
        return i -> {
            int order = (int) ((i * 7919) % orders);
            long round = i / orders;
            String status =
                    round == 0 ? "new" : STATUSES[(int) ((round - 1 + order) % STATUSES.length)];
            BigDecimal amount = BigDecimal.valueOf(1_000 + (i * 31) % 50_000, 2);
            return new OrderEvent(
                    "order-" + order,
                    "customer-" + order % 97,
                    status,
                    amount,
                    EPOCH.plusSeconds(i),
                    round > 0 && i % 11 == 0);
        };
    }
}
