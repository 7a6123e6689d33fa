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

package dev.ducklake.engine.write;

import dev.ducklake.engine.schema.Column;
import dev.ducklake.engine.schema.LakeType;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.schema.TableSchema;
import java.util.Optional;

/**
 * Changes to several tables committed together, in one DuckLake snapshot: tables created, columns
 * added, dropped, renamed or widened, rows merged or appended, each applied in the order it was
 * given, so rows staged after a schema change are written under the new schema and rows staged
 * before it under the old. A reader of any version sees all of a transaction or none of it. Opened
 * by {@link dev.ducklake.engine.LakeEngine#openTransaction}. Not thread-safe.
 *
 * <pre>{@code
 * try (LakeTransaction tx = engine.openTransaction()) {
 *     tx.createTable(orders, ordersSchema);
 *     tx.merge(orders).upsert(new Object[] {"o-1", new BigDecimal("12.50")});
 *     tx.addColumn(customers, Column.of("tier", LakeType.Primitive.VARCHAR));
 *     tx.merge(customers).upsert(new Object[] {"c-1", "Ada", "gold"});
 *     TransactionResult result = tx.commit(CommitOptions.builder().commitKey("job-7/42").build());
 * }
 * }</pre>
 *
 * <p>Schema changes are checked against the table as the transaction's earlier steps leave it
 * ({@link #schema}), with the rules of the single-table calls of {@code LakeEngine}. The sessions
 * returned by {@link #merge} and {@link #append} stage on the transaction's connection and are
 * applied by its commit; calling their own {@code commit} fails, and closing one before the
 * transaction commits withdraws its rows.
 */
public interface LakeTransaction extends AutoCloseable {

    /** The table's definition as the steps so far leave it; empty when it does not exist. */
    Optional<TableSchema> schema(TableName table);

    /** Creates a table; fails if it exists. */
    void createTable(TableName table, TableSchema schema);

    /** Adds a nullable column at the end of the table. */
    void addColumn(TableName table, Column column);

    /**
     * Drops a column that is neither in the primary key nor in the partitioning, nor the last one.
     */
    void dropColumn(TableName table, String column);

    /** Renames a column; a primary-key column stays in the key. */
    void renameColumn(TableName table, String from, String to);

    /**
     * Changes a column to a wider type (see {@code LakeEngine#alterColumnType}); its own type
     * changes nothing.
     */
    void alterColumnType(TableName table, String column, LakeType type);

    /** A merge of changes into the keyed table, applied at this point of the transaction. */
    MergeSession merge(TableName table);

    /** An append of rows to the table, applied at this point of the transaction. */
    WriteSession append(TableName table);

    /**
     * Applies every step in one snapshot and ends the transaction. The options' commit key and
     * producer fields apply to the whole commit; an expected latest version is refused, since it
     * names one table.
     */
    TransactionResult commit(CommitOptions options);

    /** Ends the transaction without changing the lake. Idempotent. */
    void abort();

    /** Ends the transaction; without a commit before, the lake stays as it was. Idempotent. */
    @Override
    void close();
}
