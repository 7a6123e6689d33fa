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

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.ducklake.engine.error.LakeCancelledException;
import dev.ducklake.engine.error.LakeConcurrencyException;
import dev.ducklake.engine.error.LakeException;
import dev.ducklake.engine.internal.BoundedGate;
import dev.ducklake.engine.internal.CatalogContention;
import dev.ducklake.engine.internal.EngineContext;
import dev.ducklake.engine.internal.Jdbc;
import dev.ducklake.engine.internal.catalog.LakeStatements;
import dev.ducklake.engine.internal.catalog.MetadataTables;
import dev.ducklake.engine.internal.catalog.SnapshotHistory;
import dev.ducklake.engine.internal.catalog.TableIdentity;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.secret.SecretMasking;
import dev.ducklake.engine.version.CommitMetadata;
import dev.ducklake.engine.write.CommitOptions;
import dev.ducklake.engine.write.CommitResult;
import dev.ducklake.engine.write.CommitRetries;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import org.duckdb.DuckDBConnection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs a commit: one DuckDB transaction, so one DuckLake snapshot, carrying the engine's commit
 * metadata. Checks the expected latest version inside the transaction, creates no snapshot when
 * nothing changed, and retries a bounded number of times with doubling backoff when DuckLake
 * reports a conflict with a concurrent commit. Every transaction of one engine that changes the
 * catalog (commits to any table, DDL, maintenance: {@link EngineContext#exclusively}) runs alone:
 * the users of a shared engine (several sinks of one job) would otherwise race each other for
 * DuckLake's next snapshot and file ids, which a DuckDB-file catalog reports as a duplicate key and
 * a PostgreSQL catalog as a missing schema, and DuckLake does not reliably detect a compaction that
 * races a commit deleting rows of the files it rewrites. Commits of other processes still conflict,
 * and are retried.
 */
public final class CommitExecutor {

    private static final Logger LOG = LoggerFactory.getLogger(CommitExecutor.class);

    private final EngineContext context;
    private final AtomicLong retries = new AtomicLong();

    public CommitExecutor(EngineContext context) {
        this.context = context;
    }

    /** The work of a commit, run inside its transaction; may run again after a conflict. */
    @FunctionalInterface
    public interface Body {
        /** Applies the commit; {@code commitId} is the id its metadata will carry. */
        CommitOutcome apply(Connection connection, String commitId) throws SQLException;
    }

    /** The work of a commit of several tables: what it did to each, in the order it did it. */
    @FunctionalInterface
    public interface TablesBody {
        /** Applies the commit; {@code commitId} is the id its metadata will carry. */
        Map<TableName, TableOutcome> apply(Connection connection, String commitId)
                throws SQLException;
    }

    /** What a commit did to one table, and in which mode. */
    public record TableOutcome(String mode, CommitOutcome outcome) {}

    /** Commit retries since the engine started. */
    public long retries() {
        return retries.get();
    }

    /** Commits on a connection of its own. */
    public CommitResult commit(TableName table, String mode, CommitOptions options, Body body) {
        try (DuckDBConnection connection = context.connect()) {
            return commit(connection, table, mode, options, body);
        } catch (SQLException e) {
            throw new LakeException("Could not commit to " + table + ": " + e.getMessage(), e);
        }
    }

    /** Commits on the caller's connection (which holds the caller's staging). */
    public CommitResult commit(
            Connection connection, TableName table, String mode, CommitOptions options, Body body) {
        Attempt attempt =
                (c, tried) ->
                        attempt(
                                c,
                                table.toString(),
                                options.expectedLatestVersion().isPresent() ? table : null,
                                options,
                                tried,
                                (inner, commitId) -> {
                                    CommitOutcome outcome = body.apply(inner, commitId);
                                    return Map.of(table, new TableOutcome(mode, outcome));
                                });
        return withRetries(connection, "a commit to " + table, options, attempt)
                .toCommitResult(table);
    }

    /**
     * Commits changes to several tables in one transaction on the caller's connection, so in one
     * snapshot; {@code description} names them in messages.
     */
    public Committed commitTables(
            Connection connection, String description, CommitOptions options, TablesBody body) {
        return withRetries(
                connection,
                description,
                options,
                (c, tried) -> attempt(c, description, null, options, tried, body));
    }

    /** One attempt at a commit, on a connection, after {@code retries} conflicts. */
    @FunctionalInterface
    private interface Attempt {
        Committed run(Connection connection, int retries) throws SQLException;
    }

    /**
     * What a commit did: whether it created a snapshot, the version afterwards (the latest
     * snapshot, or the table's latest version for a commit of one table, when nothing changed), and
     * each table's outcome.
     */
    public record Committed(
            boolean committed,
            long version,
            String commitId,
            Map<TableName, TableOutcome> tables,
            boolean alreadyCommitted,
            int retries) {

        public CommitResult toCommitResult(TableName table) {
            CommitOutcome outcome =
                    tables.containsKey(table)
                            ? tables.get(table).outcome()
                            : CommitOutcome.unchanged();
            return committed
                    ? new CommitResult(
                            true,
                            version,
                            commitId,
                            outcome.rowsWritten(),
                            outcome.inserted(),
                            outcome.updated(),
                            outcome.deleted(),
                            false,
                            retries)
                    : alreadyCommitted
                            ? CommitResult.alreadyCommitted(version, retries)
                            : CommitResult.unchanged(version, retries);
        }
    }

    @SuppressWarnings("try") // the permit is held for the commit, not used in it
    private Committed withRetries(
            Connection connection, String what, CommitOptions options, Attempt attempt) {
        CommitRetries retries =
                options.retries()
                        .orElseGet(
                                () ->
                                        new CommitRetries(
                                                context.config().commitRetries(),
                                                context.config().commitRetryBackoff()));
        try (BoundedGate.Permit permit = context.commits().enter(what)) {
            return commitWithRetries(connection, what, retries, attempt);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LakeCancelledException("Interrupted while waiting for " + what, e);
        }
    }

    private Committed commitWithRetries(
            Connection connection, String what, CommitRetries retryPolicy, Attempt attempt)
            throws InterruptedException {
        int maxRetries = retryPolicy.retries();
        long backoff = retryPolicy.firstBackoff().toMillis();
        for (int tried = 0; ; tried++) {
            context.resources().ensureOpen();
            int retriesSoFar = tried;
            context.reattachIfFlushedElsewhere(what);
            long attachment = context.attachment();
            try {
                // One attempt at a time holds the engine's catalog; the backoff waits outside it.
                return context.exclusively(
                        what, () -> attemptPinned(connection, attempt, retriesSoFar));
            } catch (SQLException e) {
                if (CatalogContention.isStaleCatalog(e) && tried < maxRetries) {
                    context.reattachStaleCatalog(what, attachment, e);
                    retries.incrementAndGet();
                    continue;
                }
                if (!CatalogContention.isConflict(e)) {
                    throw new LakeException(capitalized(what) + " failed: " + e.getMessage(), e);
                }
                if (tried >= maxRetries) {
                    throw new LakeConcurrencyException(
                            capitalized(what)
                                    + " conflicted with concurrent commits "
                                    + (tried + 1)
                                    + " times, which used up its "
                                    + maxRetries
                                    + " retries: "
                                    + e.getMessage(),
                            tried,
                            e);
                }
                retries.incrementAndGet();
                LOG.info(
                        "{} conflicted with a concurrent commit (attempt {} of {}); retrying in {} ms",
                        capitalized(what),
                        tried + 1,
                        maxRetries + 1,
                        backoff);
                Thread.sleep(backoff);
                backoff *= 2;
            }
        }
    }

    private static String capitalized(String what) {
        return Character.toUpperCase(what.charAt(0)) + what.substring(1);
    }

    @SuppressWarnings("try") // the pin is held for the attempt, not used in it
    private Committed attemptPinned(Connection connection, Attempt attempt, int retries)
            throws SQLException {
        try (SchemaCachePin pin = SchemaCachePin.take(context)) {
            return attempt.run(connection, retries);
        }
    }

    /**
     * One transaction: the expected-version check (for {@code expectedTable}), the commit-key
     * check, the body, and the metadata: a single table's, or each table's under {@code tables}.
     */
    private Committed attempt(
            Connection connection,
            String what,
            TableName expectedTable,
            CommitOptions options,
            int retries,
            TablesBody body)
            throws SQLException {
        TableIdentity identity =
                expectedTable != null
                        ? MetadataTables.requireIdentity(connection, expectedTable)
                        : null;
        Jdbc.execute(connection, "BEGIN TRANSACTION");
        boolean open = true;
        try {
            if (identity != null) {
                long latest = MetadataTables.latestVersion(connection, identity);
                long expected = options.expectedLatestVersion().getAsLong();
                if (latest != expected) {
                    throw new LakeConcurrencyException(
                            "Commit to "
                                    + expectedTable
                                    + " expected latest version "
                                    + expected
                                    + " but the table is at version "
                                    + latest
                                    + "; re-read the table and try again");
                }
            }
            if (options.commitKey().isPresent()) {
                OptionalLong committed =
                        MetadataTables.committedVersion(
                                connection, SnapshotHistory.LAKE, options.commitKey().get());
                if (committed.isPresent()) {
                    Jdbc.execute(connection, "ROLLBACK");
                    open = false;
                    LOG.info(
                            "Commit key {} is already committed ({}) in version {}; nothing applied",
                            options.commitKey().get(),
                            what,
                            committed.getAsLong());
                    return new Committed(
                            false, committed.getAsLong(), null, Map.of(), true, retries);
                }
            }
            String commitId = UUID.randomUUID().toString();
            Map<TableName, TableOutcome> outcomes = body.apply(connection, commitId);
            boolean changed = outcomes.values().stream().anyMatch(o -> o.outcome().changed());
            if (!changed) {
                Jdbc.execute(connection, "ROLLBACK");
                open = false;
                long latest =
                        outcomes.size() == 1
                                ? MetadataTables.latestVersion(
                                        connection, outcomes.keySet().iterator().next())
                                : MetadataTables.currentSnapshot(connection);
                return new Committed(false, latest, null, outcomes, false, retries);
            }
            CommitMetadata metadata = metadata(commitId, outcomes, options);
            String message =
                    options.message() != null
                            ? options.message()
                            : outcomes.size() == 1
                                    ? metadata.mode() + " " + metadata.table()
                                    : "commit to " + what;
            LakeStatements.setCommitMessage(
                    connection, CommitMetadata.AUTHOR, message, toJson(metadata));
            Jdbc.execute(connection, "COMMIT");
            open = false;
            // Committed, so the catalog's own tables hold it: read them, not the whole history
            // through DuckLake.
            long version =
                    MetadataTables.engineCommitWith(connection, SnapshotHistory.CATALOG, commitId)
                            .orElseThrow(
                                    () ->
                                            new LakeException(
                                                    "DuckLake recorded no snapshot of "
                                                            + what
                                                            + " (commit "
                                                            + commitId
                                                            + "), which changed the lake"));
            return new Committed(true, version, commitId, outcomes, false, retries);
        } finally {
            if (open) {
                rollbackQuietly(connection);
            }
        }
    }

    /** One table's metadata, or for several the totals and each table's part. */
    private static CommitMetadata metadata(
            String commitId, Map<TableName, TableOutcome> outcomes, CommitOptions options) {
        String key = options.commitKey().orElse(null);
        Map<String, Long> inputs = new LinkedHashMap<>();
        options.inputs().forEach((table, version) -> inputs.put(table.toString(), version));
        if (outcomes.size() == 1) {
            Map.Entry<TableName, TableOutcome> only = outcomes.entrySet().iterator().next();
            return CommitMetadata.ofTable(
                    only.getKey().toString(),
                    only.getValue().mode(),
                    commitId,
                    counts(only.getValue()),
                    key,
                    options.producer(),
                    inputs,
                    options.unchangedCommitKeys());
        }
        Map<String, CommitMetadata.TableCommit> tables = new LinkedHashMap<>();
        outcomes.forEach((table, outcome) -> tables.put(table.toString(), counts(outcome)));
        return new CommitMetadata(
                null,
                CommitMetadata.MODE_TRANSACTION,
                commitId,
                tables.values().stream().mapToLong(CommitMetadata.TableCommit::rowsWritten).sum(),
                tables.values().stream().mapToLong(CommitMetadata.TableCommit::inserted).sum(),
                tables.values().stream().mapToLong(CommitMetadata.TableCommit::updated).sum(),
                tables.values().stream().mapToLong(CommitMetadata.TableCommit::deleted).sum(),
                tables.values().stream().allMatch(CommitMetadata.TableCommit::beforeImages),
                key,
                options.producer(),
                tables,
                inputs,
                options.unchangedCommitKeys());
    }

    private static CommitMetadata.TableCommit counts(TableOutcome outcome) {
        CommitOutcome o = outcome.outcome();
        return new CommitMetadata.TableCommit(
                outcome.mode(),
                o.rowsWritten(),
                o.inserted(),
                o.updated(),
                o.deleted(),
                o.beforeImages());
    }

    /** The version whose commit metadata carries the key, if any commit carried it. */
    public OptionalLong committedVersion(String commitKey) {
        return context.withConnection(
                "look up the commit key " + commitKey,
                c -> MetadataTables.committedVersion(c, SnapshotHistory.CATALOG, commitKey));
    }

    private String toJson(CommitMetadata metadata) {
        try {
            return context.json().writeValueAsString(metadata);
        } catch (JsonProcessingException e) {
            throw new LakeException(
                    "Could not write the commit metadata of commit "
                            + metadata.commitId()
                            + ": "
                            + e.getMessage(),
                    e);
        }
    }

    private static void rollbackQuietly(Connection connection) {
        try {
            Jdbc.execute(connection, "ROLLBACK");
        } catch (SQLException e) {
            LOG.debug("Rollback after a failed commit failed", SecretMasking.mask(e));
        }
    }
}
