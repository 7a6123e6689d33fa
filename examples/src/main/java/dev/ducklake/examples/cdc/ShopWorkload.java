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

package dev.ducklake.examples.cdc;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.LongConsumer;

/**
 * An OLTP workload on PostgreSQL's schema {@code shop}: customers, orders and order lines changed
 * in multi-statement transactions that each keep two invariants across the tables, which {@link
 * #INVARIANT_QUERIES} count the breaches of:
 *
 * <ul>
 *   <li>an order's total is the sum of its lines' amounts;
 *   <li>a customer's balance is the sum of their orders' totals.
 * </ul>
 *
 * A transaction places an order with one to four lines, changes a line of an open order, or cancels
 * an order with its lines, and updates the customer's balance. Midway, {@code ALTER TABLE ... ADD
 * COLUMN note} changes the orders' schema; later orders have a note.
 */
public final class ShopWorkload {

    /** The tables, as {@code schema.table}. */
    public static final List<String> TABLES =
            List.of("shop.customers", "shop.orders", "shop.order_lines");

    /**
     * Queries that count the rows breaking an invariant, over tables named {@code %1$s.customers}
     * and so on.
     */
    public static final List<String> INVARIANT_QUERIES =
            List.of(
                    "SELECT count(*) FROM %1$s.orders o FULL JOIN (SELECT order_id, sum(amount) AS total FROM %1$s.order_lines"
                            + " GROUP BY order_id) l ON o.id = l.order_id WHERE o.id IS NULL OR l.order_id IS NULL"
                            + " OR o.total <> l.total",
                    "SELECT count(*) FROM %1$s.customers c LEFT JOIN (SELECT customer_id, sum(total) AS total FROM %1$s.orders"
                            + " GROUP BY customer_id) o ON c.id = o.customer_id WHERE c.balance <> coalesce(o.total, 0)");

    private static final int CUSTOMERS = 200;

    private final String jdbcUrl;
    private final Random random;

    /** The open orders: id → [customer, the lines' amounts in cents]. */
    private final Map<Long, long[]> open = new LinkedHashMap<>();

    private final List<Long> openIds = new ArrayList<>();
    private long nextOrder = 1;
    private long rowsChanged;
    private boolean noted;

    public ShopWorkload(String jdbcUrl, long seed) {
        this.jdbcUrl = jdbcUrl;
        this.random = new Random(seed);
    }

    /**
     * Creates the schema {@code shop} afresh, its tables empty: customers appear with their first
     * order.
     */
    public void createSchema() throws SQLException {
        try (Connection connection = DriverManager.getConnection(jdbcUrl);
                Statement statement = connection.createStatement()) {
            statement.execute("DROP SCHEMA IF EXISTS shop CASCADE");
            statement.execute("CREATE SCHEMA shop");
            statement.execute(
                    "CREATE TABLE shop.customers (id INT PRIMARY KEY, name TEXT NOT NULL,"
                            + " balance NUMERIC(14, 2) NOT NULL)");
            statement.execute(
                    "CREATE TABLE shop.orders (id BIGINT PRIMARY KEY, customer_id INT NOT NULL,"
                            + " total NUMERIC(14, 2) NOT NULL, status TEXT NOT NULL)");
            statement.execute(
                    "CREATE TABLE shop.order_lines (order_id BIGINT, line_no INT, amount NUMERIC(12, 2)"
                            + " NOT NULL, quantity INT NOT NULL, PRIMARY KEY (order_id, line_no))");
        }
    }

    /** The rows the transactions so far inserted, updated or deleted. */
    public long rowsChanged() {
        return rowsChanged;
    }

    /** Told of each committed transaction. */
    public interface Listener {
        /**
         * @param transactions the transactions committed so far
         * @param lastOrder the id of the newest order placed so far
         */
        void committed(long transactions, long lastOrder);
    }

    /**
     * Runs {@code transactions} transactions as fast as PostgreSQL takes them, adding the column
     * {@code orders.note} after {@code alterAfter} of them; tells {@code progress} of every
     * 1,000th.
     */
    public void run(long transactions, long alterAfter, LongConsumer progress) throws SQLException {
        run(
                transactions,
                alterAfter,
                0,
                (done, lastOrder) -> {
                    if (done % 1_000 == 0) {
                        progress.accept(done);
                    }
                });
    }

    /**
     * Runs {@code transactions} transactions at {@code perSecond} (as fast as PostgreSQL takes them
     * when 0), adding the column {@code orders.note} after {@code alterAfter} of them.
     */
    public void run(long transactions, long alterAfter, double perSecond, Listener listener)
            throws SQLException {
        long start = System.nanoTime();
        try (Connection connection = DriverManager.getConnection(jdbcUrl)) {
            connection.setAutoCommit(false);
            for (long t = 0; t < transactions; t++) {
                if (perSecond > 0) {
                    pace(start, t, perSecond);
                }
                if (t == alterAfter) {
                    try (Statement statement = connection.createStatement()) {
                        statement.execute("ALTER TABLE shop.orders ADD COLUMN note TEXT");
                    }
                    connection.commit();
                    noted = true;
                }
                int kind = random.nextInt(20);
                if (openIds.size() < 50 || kind < 10) {
                    place(connection);
                } else if (kind < 17) {
                    change(connection);
                } else {
                    cancel(connection);
                }
                connection.commit();
                listener.committed(t + 1, nextOrder - 1);
            }
        }
    }

    /** Waits until transaction {@code t} is due at the rate. */
    private static void pace(long start, long t, double perSecond) throws SQLException {
        long due = start + (long) (t * 1e9 / perSecond);
        long wait = due - System.nanoTime();
        if (wait > 0) {
            try {
                Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new SQLException("Interrupted", e);
            }
        }
    }

    private void place(Connection connection) throws SQLException {
        long id = nextOrder++;
        int customer = 1 + random.nextInt(CUSTOMERS);
        long[] lines = new long[1 + random.nextInt(4)];
        long total = 0;
        for (int i = 0; i < lines.length; i++) {
            lines[i] = 100 + random.nextInt(100_000);
            total += lines[i];
        }
        try (PreparedStatement order =
                connection.prepareStatement(
                        noted
                                ? "INSERT INTO shop.orders (id, customer_id, total, status, note) VALUES (?, ?, ?, 'open', ?)"
                                : "INSERT INTO shop.orders (id, customer_id, total, status) VALUES (?, ?, ?, 'open')")) {
            order.setLong(1, id);
            order.setInt(2, customer);
            order.setBigDecimal(3, cents(total));
            if (noted) {
                order.setString(4, "note-" + id);
            }
            rowsChanged += order.executeUpdate();
        }
        try (PreparedStatement line =
                connection.prepareStatement("INSERT INTO shop.order_lines VALUES (?, ?, ?, ?)")) {
            for (int i = 0; i < lines.length; i++) {
                line.setLong(1, id);
                line.setInt(2, i + 1);
                line.setBigDecimal(3, cents(lines[i]));
                line.setInt(4, 1 + random.nextInt(5));
                line.addBatch();
            }
            for (int count : line.executeBatch()) {
                rowsChanged += count;
            }
        }
        balance(connection, customer, total);
        long[] state = new long[lines.length + 1];
        state[0] = customer;
        System.arraycopy(lines, 0, state, 1, lines.length);
        open.put(id, state);
        openIds.add(id);
    }

    private void change(Connection connection) throws SQLException {
        long id = openIds.get(random.nextInt(openIds.size()));
        long[] state = open.get(id);
        int line = 1 + random.nextInt(state.length - 1);
        long amount = 100 + random.nextInt(100_000);
        long delta = amount - state[line];
        state[line] = amount;
        try (PreparedStatement update =
                connection.prepareStatement(
                        "UPDATE shop.order_lines SET amount = ? WHERE order_id = ? AND line_no = ?")) {
            update.setBigDecimal(1, cents(amount));
            update.setLong(2, id);
            update.setInt(3, line);
            rowsChanged += update.executeUpdate();
        }
        try (PreparedStatement update =
                connection.prepareStatement(
                        "UPDATE shop.orders SET total = total + ?, status = 'changed' WHERE id = ?")) {
            update.setBigDecimal(1, cents(delta));
            update.setLong(2, id);
            rowsChanged += update.executeUpdate();
        }
        balance(connection, (int) state[0], delta);
    }

    private void cancel(Connection connection) throws SQLException {
        int index = random.nextInt(openIds.size());
        long id = openIds.get(index);
        openIds.set(index, openIds.get(openIds.size() - 1));
        openIds.remove(openIds.size() - 1);
        long[] state = open.remove(id);
        long total = 0;
        for (int i = 1; i < state.length; i++) {
            total += state[i];
        }
        try (PreparedStatement delete =
                connection.prepareStatement("DELETE FROM shop.order_lines WHERE order_id = ?")) {
            delete.setLong(1, id);
            rowsChanged += delete.executeUpdate();
        }
        try (PreparedStatement delete =
                connection.prepareStatement("DELETE FROM shop.orders WHERE id = ?")) {
            delete.setLong(1, id);
            rowsChanged += delete.executeUpdate();
        }
        balance(connection, (int) state[0], -total);
    }

    private void balance(Connection connection, int customer, long delta) throws SQLException {
        try (PreparedStatement update =
                connection.prepareStatement(
                        "INSERT INTO shop.customers VALUES (?, ?, ?)"
                                + " ON CONFLICT (id) DO UPDATE SET balance = customers.balance + excluded.balance")) {
            update.setInt(1, customer);
            update.setString(2, "customer-" + customer);
            update.setBigDecimal(3, cents(delta));
            rowsChanged += update.executeUpdate();
        }
    }

    private static BigDecimal cents(long cents) {
        return BigDecimal.valueOf(cents, 2);
    }
}
