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

package dev.ducklake.engine.internal.write;

import dev.ducklake.engine.internal.EngineContext;
import dev.ducklake.engine.internal.Jdbc;
import dev.ducklake.engine.schema.Identifiers;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.schema.TableSchema;
import dev.ducklake.engine.version.CommitMetadata;
import dev.ducklake.engine.write.CommitOptions;
import dev.ducklake.engine.write.WriteMode;
import dev.ducklake.engine.write.WriteSession;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.duckdb.DuckDBConnection;

/**
 * A {@link WriteSession}: stages rows in a DuckDB temporary table, then appends them, or replaces
 * the table with them, in one commit.
 */
public final class WriteSessionImpl extends StagedSessionImpl implements WriteSession {

    private static final Object[] NO_BOOKKEEPING = new Object[0];

    /** DuckLake's own default for {@code DATA_INLINING_ROW_LIMIT}. */
    private static final int DUCKLAKE_INLINING_ROW_LIMIT = 10;

    private final WriteMode mode;
    private final List<String> appendedFiles = new ArrayList<>();
    private final List<String> adoptedFiles = new ArrayList<>();
    private long appendedFileRows;

    public WriteSessionImpl(
            EngineContext context,
            CommitExecutor commits,
            TableName table,
            TableSchema schema,
            WriteMode mode) {
        this(context, commits, table, schema, mode, null);
    }

    /** A write that is one step of a transaction, staged on the transaction's connection. */
    public WriteSessionImpl(
            EngineContext context,
            CommitExecutor commits,
            TableName table,
            TableSchema schema,
            WriteMode mode,
            DuckDBConnection transactionConnection) {
        super(context, commits, table, schema, List.of(), transactionConnection);
        this.mode = mode;
    }

    public WriteMode mode() {
        return mode;
    }

    /** Imported files the committed append registered as the table's data files; they must stay. */
    @Override
    public List<String> adoptedFiles() {
        return List.copyOf(adoptedFiles);
    }

    /** Stages one row, values in column order. */
    public void write(Object[] row) {
        append(NO_BOOKKEEPING, validator.validateRow(row));
    }

    /** Stages one row given by column name; absent columns are NULL. */
    public void write(Map<String, ?> row) {
        write(validator.fromMap(row));
    }

    /**
     * An append takes imported files as they are: its commit registers them as data files of the
     * table, without rewriting them, when the table is not partitioned and they hold more rows than
     * DuckLake would inline; otherwise it reads them straight into the table. Registered files then
     * belong to the lake (see {@link #adoptedFiles()}). A file whose columns differ from the
     * table's is read into the staging by column name.
     */
    @Override
    long load(String file) throws SQLException {
        if (mode != WriteMode.APPEND || !staging.selectByName(file, table).exact()) {
            return super.load(file);
        }
        long rows =
                Jdbc.queryLong(
                        connection,
                        "SELECT count(*) FROM read_parquet(" + Identifiers.literal(file) + ")");
        appendedFiles.add(file);
        appendedFileRows += rows;
        return rows;
    }

    /** The staged rows and the imported files appended as they are. */
    private String source() {
        String columns = staging.columnList(null);
        String source = "SELECT " + columns + " FROM " + staging.sql();
        if (!appendedFiles.isEmpty()) {
            source +=
                    " UNION ALL SELECT "
                            + columns
                            + " FROM read_parquet(["
                            + Jdbc.literals(appendedFiles)
                            + "])";
        }
        return source;
    }

    @Override
    Step step(CommitOptions options) {
        String target = table.sql(EngineContext.LAKE_ALIAS);
        String columns = staging.columnList(null);
        String source = source();
        String insert = "INSERT INTO " + target + " (" + columns + ") " + source;
        if (mode == WriteMode.APPEND) {
            boolean adopt =
                    staging.rows() == 0
                            && !appendedFiles.isEmpty()
                            && schema().partitioning().isEmpty()
                            && appendedFileRows
                                    > context.config()
                                            .dataInliningRowLimit()
                                            .orElse(DUCKLAKE_INLINING_ROW_LIMIT);
            return new Step(
                    CommitMetadata.MODE_APPEND,
                    (connection, commitId) -> {
                        if (staging.rows() + appendedFileRows == 0) {
                            return CommitOutcome.unchanged();
                        }
                        adoptedFiles.clear();
                        if (schema().hasPrimaryKey()) {
                            staging.requireNewKeys(
                                    connection,
                                    "(" + source + ")",
                                    target,
                                    "An append to " + table);
                        }
                        if (adopt) {
                            for (String file : appendedFiles) {
                                Jdbc.queryFirst(
                                        connection,
                                        "CALL ducklake_add_data_files("
                                                + Identifiers.literal(EngineContext.LAKE_ALIAS)
                                                + ", "
                                                + Identifiers.literal(table.table())
                                                + ", "
                                                + Identifiers.literal(file)
                                                + ", schema => "
                                                + Identifiers.literal(table.schema())
                                                + ")",
                                        rs -> true);
                            }
                            adoptedFiles.addAll(appendedFiles);
                            return CommitOutcome.changed(
                                    appendedFileRows, appendedFileRows, 0, 0, true);
                        }
                        long written = Jdbc.update(connection, insert);
                        return CommitOutcome.changed(written, written, 0, 0, true);
                    });
        }
        return new Step(
                CommitMetadata.MODE_SNAPSHOT,
                (connection, commitId) -> {
                    long removed =
                            Jdbc.queryLong(
                                    connection,
                                    "SELECT count(*) FROM (SELECT "
                                            + columns
                                            + " FROM "
                                            + target
                                            + " EXCEPT ALL SELECT "
                                            + columns
                                            + " FROM "
                                            + staging.sql()
                                            + ")");
                    long added =
                            Jdbc.queryLong(
                                    connection,
                                    "SELECT count(*) FROM (SELECT "
                                            + columns
                                            + " FROM "
                                            + staging.sql()
                                            + " EXCEPT ALL SELECT "
                                            + columns
                                            + " FROM "
                                            + target
                                            + ")");
                    if (removed == 0 && added == 0) {
                        return CommitOutcome.unchanged();
                    }
                    long deleted = FileDeletes.run(connection, "DELETE FROM " + target);
                    long written = Jdbc.update(connection, insert);
                    return CommitOutcome.changed(written, written, 0, deleted, deleted == 0);
                });
    }

    /**
     * A write to a keyed table refuses two rows with one key; an append also refuses a key the
     * table holds, checked inside its commit.
     */
    @Override
    void prepare() throws SQLException {
        if (!validator.schema().hasPrimaryKey()) {
            return;
        }
        if (mode == WriteMode.SNAPSHOT) {
            staging.requireUniqueKeys(null, "A snapshot write to " + table);
        } else {
            staging.requireUniqueKeys("(" + source() + ")", "An append to " + table);
        }
    }
}
