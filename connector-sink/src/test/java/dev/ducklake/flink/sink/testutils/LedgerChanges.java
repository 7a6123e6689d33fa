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
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;
import org.apache.flink.types.RowKind;

/**
 * A generated change stream of many tables, and its model. Transaction {@code i} moves an amount
 * between a row of one ledger table and a row of another (inserting rows it meets first, deleting
 * some rows that reach zero), and appends a line to the keyless {@code src.journal}; so at every
 * transaction boundary the amounts of all ledger tables sum to zero and the journal holds the
 * transactions {@code 0..i} without a gap: a cross-table invariant that a snapshot holding half a
 * transaction breaks. While the stream runs, each ledger table adds a column, widens a type,
 * renames a column and drops one, each at its own transaction.
 *
 * <p>Transaction {@code i} is a function of {@code i} and the model after the transactions before
 * it, so a generator rebuilt after a restore (by replaying) emits the same stream.
 */
public final class LedgerChanges {

    public static final String JOURNAL = "src.journal";
    private static final int KEYS = 40;
    private static final ChangeSchema JOURNAL_SCHEMA =
            ChangeSchema.of(
                    RowType.of(
                            new LogicalType[] {
                                new BigIntType(false),
                                new VarCharType(VarCharType.MAX_LENGTH),
                                new VarCharType(VarCharType.MAX_LENGTH),
                                new BigIntType()
                            },
                            new String[] {"txn", "from_table", "to_table", "amount"}),
                    List.of());

    private final int tables;

    /** Per ledger table: its rows by key, each a map of column to value (Long or String). */
    private final List<Map<Long, Map<String, Object>>> rows = new ArrayList<>();

    private long next;

    public LedgerChanges(int tables) {
        this.tables = tables;
        for (int t = 0; t < tables; t++) {
            rows.add(new TreeMap<>());
        }
    }

    public static String table(int t) {
        return String.format("src.t%02d", t);
    }

    /** The transaction the generator produces next. */
    public long next() {
        return next;
    }

    /**
     * The schema stage of a ledger table at a transaction: 0 initial, 1 note added, 2 v widened, 3
     * s renamed, 4 note dropped.
     */
    static int stage(int table, long txn) {
        int stage = 0;
        for (long at : new long[] {1000, 2000, 3000, 4000}) {
            if (txn >= at + 50L * table) {
                stage++;
            }
        }
        return stage;
    }

    /** The ledger table's schema at a schema stage. */
    public static ChangeSchema schema(int stage) {
        List<String> names = new ArrayList<>(List.of("id", "v", stage >= 3 ? "label" : "s"));
        List<LogicalType> types =
                new ArrayList<>(
                        List.of(
                                new BigIntType(false),
                                stage >= 2 ? new BigIntType() : new IntType(),
                                new VarCharType(VarCharType.MAX_LENGTH)));
        if (stage == 1 || stage == 2 || stage == 3) {
            names.add("note");
            types.add(new VarCharType(VarCharType.MAX_LENGTH));
        }
        ChangeSchema schema =
                ChangeSchema.of(
                        RowType.of(types.toArray(LogicalType[]::new), names.toArray(String[]::new)),
                        List.of("id"));
        return stage >= 3 ? schema.withRename("s", "label") : schema;
    }

    /** Applies transaction {@link #next()} to the model and returns its records. */
    public List<ChangeRecord> advance() {
        long txn = next++;
        for (int t = 0; t < tables; t++) {
            evolve(t, txn);
        }
        Random random = new Random(txn * 1_000_003L + 17);
        int from = random.nextInt(tables);
        int to = (from + 1 + random.nextInt(tables - 1)) % tables;
        long amount = 1 + random.nextInt(100);
        List<ChangeRecord> out = new ArrayList<>();
        change(out, from, random.nextInt(KEYS), -amount, txn);
        change(out, to, random.nextInt(KEYS), amount, txn);
        if (txn % 7 == 0) {
            int t = random.nextInt(tables);
            rows.get(t).entrySet().stream()
                    .filter(e -> (Long) e.getValue().get("v") == 0L)
                    .findFirst()
                    .ifPresent(
                            zero -> {
                                out.add(record(t, RowKind.DELETE, zero.getValue(), txn));
                                rows.get(t).remove(zero.getKey());
                            });
        }
        out.add(
                new ChangeRecord(
                        JOURNAL,
                        GenericRowData.ofKind(
                                RowKind.INSERT,
                                txn,
                                StringData.fromString(table(from)),
                                StringData.fromString(table(to)),
                                amount),
                        JOURNAL_SCHEMA));
        return out;
    }

    /** The model side of a schema change: what DuckLake does to the rows the table holds. */
    private void evolve(int t, long txn) {
        int before = txn == 0 ? 0 : stage(t, txn - 1);
        if (stage(t, txn) == before) {
            return;
        }
        for (Map<String, Object> row : rows.get(t).values()) {
            switch (stage(t, txn)) {
                case 3 -> row.put("label", row.remove("s"));
                case 4 -> row.remove("note");
                default -> {} // an added column is null; a widened one keeps its values
            }
        }
    }

    private void change(List<ChangeRecord> out, int t, long key, long delta, long txn) {
        Map<String, Object> old = rows.get(t).get(key);
        Map<String, Object> row = old == null ? new HashMap<>() : new HashMap<>(old);
        row.put("id", key);
        row.put("v", (old == null ? 0L : (Long) old.get("v")) + delta);
        row.put(stage(t, txn) >= 3 ? "label" : "s", "k" + key + "@" + txn);
        if (stage(t, txn) == 1 || stage(t, txn) == 2 || stage(t, txn) == 3) {
            row.put("note", txn % 3 == 0 ? null : "n" + txn);
        }
        if (old != null) {
            out.add(record(t, RowKind.UPDATE_BEFORE, old, txn));
        }
        out.add(record(t, old == null ? RowKind.INSERT : RowKind.UPDATE_AFTER, row, txn));
        rows.get(t).put(key, row);
    }

    private ChangeRecord record(int t, RowKind kind, Map<String, Object> values, long txn) {
        ChangeSchema schema = schema(stage(t, txn));
        GenericRowData row = new GenericRowData(kind, schema.rowType().getFieldCount());
        for (int i = 0; i < row.getArity(); i++) {
            String column = schema.rowType().getFieldNames().get(i);
            Object value = values.get(column);
            row.setField(
                    i,
                    value instanceof String s
                            ? StringData.fromString(s)
                            : value instanceof Long l && column.equals("v") && stage(t, txn) < 2
                                    ? (Object) l.intValue()
                                    : value);
        }
        return new ChangeRecord(table(t), row, schema);
    }

    /**
     * Each ledger table's rows after the transactions so far: key to the values in the final
     * schema's order.
     */
    public Map<String, Map<Long, List<Object>>> expected() {
        Map<String, Map<Long, List<Object>>> expected = new LinkedHashMap<>();
        for (int t = 0; t < tables; t++) {
            List<String> columns = schema(stage(t, next - 1)).rowType().getFieldNames();
            Map<Long, List<Object>> table = new TreeMap<>();
            rows.get(t)
                    .forEach(
                            (key, row) -> {
                                List<Object> values = new ArrayList<>();
                                columns.forEach(c -> values.add(row.get(c)));
                                table.put(key, values);
                            });
            expected.put(table(t), table);
        }
        return expected;
    }
}
