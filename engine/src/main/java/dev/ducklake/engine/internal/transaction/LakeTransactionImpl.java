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

package dev.ducklake.engine.internal.transaction;

import dev.ducklake.engine.error.LakeClosedException;
import dev.ducklake.engine.error.LakeValidationException;
import dev.ducklake.engine.internal.EngineContext;
import dev.ducklake.engine.internal.EngineResource;
import dev.ducklake.engine.internal.Jdbc;
import dev.ducklake.engine.internal.table.ColumnChanges;
import dev.ducklake.engine.internal.table.TableCatalog;
import dev.ducklake.engine.internal.write.CommitExecutor;
import dev.ducklake.engine.internal.write.CommitExecutor.TableOutcome;
import dev.ducklake.engine.internal.write.CommitOutcome;
import dev.ducklake.engine.internal.write.MergeSessionImpl;
import dev.ducklake.engine.internal.write.StagedSessionImpl;
import dev.ducklake.engine.internal.write.WriteSessionImpl;
import dev.ducklake.engine.schema.Column;
import dev.ducklake.engine.schema.LakeType;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.schema.TableSchema;
import dev.ducklake.engine.version.CommitMetadata;
import dev.ducklake.engine.write.CommitOptions;
import dev.ducklake.engine.write.CommitResult;
import dev.ducklake.engine.write.LakeTransaction;
import dev.ducklake.engine.write.MergeSession;
import dev.ducklake.engine.write.TransactionResult;
import dev.ducklake.engine.write.WriteMode;
import dev.ducklake.engine.write.WriteSession;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.duckdb.DuckDBConnection;

/**
 * A {@link LakeTransaction}: a list of steps on one connection, each a table's schema change or a
 * session staged on that connection, which the commit runs in order inside one DuckDB transaction
 * through the {@link CommitExecutor}. The definition of every table it touches is tracked step by
 * step, so each step is checked, and each session staged, against the table as the steps before it
 * leave it.
 */
public final class LakeTransactionImpl extends EngineResource implements LakeTransaction {

    private final CommitExecutor commits;
    private final TableCatalog tables;
    private final ColumnChanges columns;
    private final DuckDBConnection connection;

    /** The tables touched so far, by {@link TableCatalog#matchKey}. */
    private final Map<String, TableState> touched = new LinkedHashMap<>();

    private final List<Step> steps = new ArrayList<>();

    /** The lake's schema version when the transaction first read a table, or -1 before. */
    private long schemaVersion = -1;

    /** A table as the steps so far leave it. */
    private static final class TableState {
        final TableName name;
        TableSchema schema;
        boolean beforeImages;

        TableState(TableName name, TableSchema schema, boolean beforeImages) {
            this.name = name;
            this.schema = schema;
            this.beforeImages = beforeImages;
        }
    }

    /** A schema change, or a session whose staging becomes its commit step. */
    private record Step(TableName table, SqlStep statements, StagedSessionImpl session) {}

    @FunctionalInterface
    private interface SqlStep {
        void run(Connection connection) throws SQLException;
    }

    public LakeTransactionImpl(
            EngineContext context,
            CommitExecutor commits,
            TableCatalog tables,
            ColumnChanges columns) {
        super(context);
        this.commits = commits;
        this.tables = tables;
        this.columns = columns;
        this.connection = context.connect();
        register();
    }

    @Override
    public synchronized Optional<TableSchema> schema(TableName table) {
        ensureOpen();
        TableState state = state(table);
        return Optional.ofNullable(state.schema);
    }

    @Override
    public synchronized void createTable(TableName table, TableSchema schema) {
        TableState state = state(table);
        if (state.schema != null) {
            throw new LakeValidationException("Table " + table + " already exists");
        }
        schema.names().forEach(column -> tables.requireStorableName(table, column));
        state.schema = schema;
        state.beforeImages = schema.hasPrimaryKey();
        ddl(state.name, c -> TableCatalog.createIn(c, state.name, schema));
    }

    @Override
    public synchronized void addColumn(TableName table, Column column) {
        TableState state = existing(table);
        tables.requireAddable(table, state.schema, column);
        state.schema = state.schema.withColumn(column);
        boolean images = state.beforeImages;
        ddl(state.name, c -> TableCatalog.addColumnIn(c, state.name, column, images));
    }

    @Override
    public synchronized void dropColumn(TableName table, String column) {
        TableState state = existing(table);
        String clause = ColumnChanges.dropClause(table, state.schema, column);
        state.schema = state.schema.withoutColumn(column);
        alter(state, clause);
    }

    @Override
    public synchronized void renameColumn(TableName table, String from, String to) {
        TableState state = existing(table);
        String clause = columns.renameClause(table, state.schema, from, to);
        state.schema = state.schema.withColumnRenamed(from, to);
        alter(state, clause);
    }

    @Override
    public synchronized void alterColumnType(TableName table, String column, LakeType type) {
        TableState state = existing(table);
        String clause = ColumnChanges.typeClause(table, state.schema, column, type);
        if (clause != null) {
            state.schema = state.schema.withColumnType(column, type);
            alter(state, clause);
        }
    }

    @Override
    public synchronized MergeSession merge(TableName table) {
        TableState state = existing(table);
        MergeSessionImpl session =
                new MergeSessionImpl(
                        context,
                        commits,
                        state.name,
                        state.schema,
                        state.beforeImages,
                        MergeSession.CurrentRows.LOOKED_UP,
                        connection);
        steps.add(new Step(state.name, null, session));
        return session;
    }

    @Override
    public synchronized WriteSession append(TableName table) {
        TableState state = existing(table);
        WriteSessionImpl session =
                new WriteSessionImpl(
                        context, commits, state.name, state.schema, WriteMode.APPEND, connection);
        steps.add(new Step(state.name, null, session));
        return session;
    }

    @Override
    public synchronized TransactionResult commit(CommitOptions options) {
        ensureOpen();
        if (options.expectedLatestVersion().isPresent()) {
            throw new LakeValidationException(
                    "A transaction over several tables cannot expect one table's latest"
                            + " version; use a commit key to make it idempotent");
        }
        try {
            List<Prepared> prepared = new ArrayList<>();
            for (Step step : steps) {
                if (step.session == null) {
                    prepared.add(
                            new Prepared(
                                    step.table,
                                    CommitMetadata.MODE_SCHEMA,
                                    (c, id) -> {
                                        step.statements.run(c);
                                        return CommitOutcome.changed(0, 0, 0, 0, true);
                                    }));
                } else if (!step.session.closed()) {
                    StagedSessionImpl.Step body = step.session.prepareStep(options);
                    prepared.add(new Prepared(step.table, body.mode(), body.body()));
                }
            }
            String what =
                    "a commit to "
                            + touched.values().stream()
                                    .map(s -> s.name.toString())
                                    .collect(Collectors.joining(", "));
            CommitExecutor.Committed committed =
                    commits.commitTables(
                            connection,
                            what,
                            options,
                            (c, commitId) -> apply(c, commitId, prepared));
            Map<TableName, CommitResult> results = new LinkedHashMap<>();
            committed
                    .tables()
                    .keySet()
                    .forEach(table -> results.put(table, committed.toCommitResult(table)));
            return new TransactionResult(
                    committed.committed(),
                    committed.version(),
                    committed.commitId(),
                    results,
                    committed.alreadyCommitted(),
                    committed.retries());
        } finally {
            close();
        }
    }

    /** A step ready to run: its table, mode and work. */
    private record Prepared(TableName table, String mode, CommitExecutor.Body body) {}

    /**
     * Runs the steps in order and sums what they did per table: a table's mode is its data mode
     * (merge, append) if rows were written, else {@code schema}.
     */
    private static Map<TableName, TableOutcome> apply(
            Connection connection, String commitId, List<Prepared> steps) throws SQLException {
        Map<TableName, TableOutcome> outcomes = new LinkedHashMap<>();
        for (Prepared step : steps) {
            CommitOutcome outcome = step.body().apply(connection, commitId);
            outcomes.merge(
                    step.table(),
                    new TableOutcome(step.mode(), outcome),
                    LakeTransactionImpl::combine);
        }
        return outcomes;
    }

    private static TableOutcome combine(TableOutcome a, TableOutcome b) {
        CommitOutcome x = a.outcome();
        CommitOutcome y = b.outcome();
        String mode =
                !y.changed() || CommitMetadata.MODE_SCHEMA.equals(b.mode())
                        ? a.mode()
                        : !x.changed() || CommitMetadata.MODE_SCHEMA.equals(a.mode())
                                ? b.mode()
                                : a.mode().equals(b.mode())
                                        ? a.mode()
                                        : CommitMetadata.MODE_TRANSACTION;
        return new TableOutcome(
                mode,
                new CommitOutcome(
                        x.changed() || y.changed(),
                        x.rowsWritten() + y.rowsWritten(),
                        x.inserted() + y.inserted(),
                        x.updated() + y.updated(),
                        x.deleted() + y.deleted(),
                        x.beforeImages() && y.beforeImages()));
    }

    @Override
    public void abort() {
        close();
    }

    @Override
    protected void release() {
        try {
            for (Step step : steps) {
                if (step.session != null) {
                    step.session.close();
                }
            }
        } finally {
            Jdbc.closeQuietly(connection);
        }
    }

    private void ddl(TableName table, SqlStep statements) {
        steps.add(new Step(table, statements, null));
    }

    private void alter(TableState state, String clause) {
        boolean images = state.beforeImages;
        ddl(state.name, c -> ColumnChanges.alterIn(c, state.name, clause, images));
    }

    private TableState existing(TableName table) {
        TableState state = state(table);
        if (state.schema == null) {
            throw new LakeValidationException(
                    "Table " + table + " does not exist; create it in the transaction first");
        }
        return state;
    }

    /**
     * The table's state, read from the lake the first time the transaction touches it, unless the
     * engine described the table while the lake was at the schema version the transaction saw
     * first.
     */
    private TableState state(TableName table) {
        ensureOpen();
        String key = TableCatalog.matchKey(table);
        TableState state = touched.get(key);
        if (state == null) {
            if (schemaVersion < 0) {
                schemaVersion = tables.schemaVersion();
            }
            Optional<TableCatalog.Described> described =
                    tables.describeIfExists(table, schemaVersion);
            state =
                    described
                            .map(d -> new TableState(table, d.schema(), d.beforeImages()))
                            .orElseGet(() -> new TableState(table, null, false));
            touched.put(key, state);
        }
        return state;
    }

    private void ensureOpen() {
        if (closed()) {
            throw new LakeClosedException(
                    "This transaction is already committed, aborted or closed");
        }
    }
}
