package dev.ducklake.engine.internal.write;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.ducklake.engine.error.LakeCancelledException;
import dev.ducklake.engine.error.LakeConcurrencyException;
import dev.ducklake.engine.error.LakeException;
import dev.ducklake.engine.internal.BoundedGate;
import dev.ducklake.engine.internal.CatalogContention;
import dev.ducklake.engine.internal.EngineContext;
import dev.ducklake.engine.internal.Jdbc;
import dev.ducklake.engine.internal.catalog.MetadataTables;
import dev.ducklake.engine.internal.catalog.TableIdentity;
import dev.ducklake.engine.internal.secret.SecretMasking;
import dev.ducklake.engine.schema.Identifiers;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.version.CommitMetadata;
import dev.ducklake.engine.write.CommitOptions;
import dev.ducklake.engine.write.CommitResult;
import java.sql.Connection;
import java.sql.SQLException;
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
    @SuppressWarnings("try") // the permit is held for the commit, not used in it
    public CommitResult commit(Connection connection, TableName table, String mode, CommitOptions options, Body body) {
        try (BoundedGate.Permit permit = context.commits().enter("a commit to " + table)) {
            return commitWithRetries(connection, table, mode, options, body);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LakeCancelledException("Interrupted while waiting to commit to " + table, e);
        }
    }

    private CommitResult commitWithRetries(Connection connection, TableName table, String mode, CommitOptions options,
            Body body) throws InterruptedException {
        int maxRetries = context.config().commitRetries();
        long backoff = context.config().commitRetryBackoff().toMillis();
        for (int attempt = 0; ; attempt++) {
            context.resources().ensureOpen();
            int tried = attempt;
            try {
                // One attempt at a time holds the engine's catalog; the backoff waits outside it.
                return context.exclusively("commit to " + table, () -> attempt(connection, table, mode, options,
                        body, tried));
            } catch (SQLException e) {
                if (!CatalogContention.isConflict(e)) {
                    throw new LakeException("Commit to " + table + " failed: " + e.getMessage(), e);
                }
                if (attempt >= maxRetries) {
                    throw new LakeConcurrencyException("Commit to " + table + " conflicted with concurrent commits "
                            + (attempt + 1) + " times; giving up (engine setting commitRetries = " + maxRetries + "): "
                            + e.getMessage(), attempt, e);
                }
                retries.incrementAndGet();
                LOG.info("Commit to {} conflicted with a concurrent commit (attempt {} of {}); retrying in {} ms",
                        table, attempt + 1, maxRetries + 1, backoff);
                Thread.sleep(backoff);
                backoff *= 2;
            }
        }
    }

    @SuppressWarnings("try") // the pin is held for the attempt, not used in it
    private CommitResult attempt(Connection connection, TableName table, String mode, CommitOptions options, Body body,
            int retries) throws SQLException {
        try (SchemaCachePin pin = SchemaCachePin.take(context)) {
            return attemptPinned(connection, table, mode, options, body, retries);
        }
    }

    private CommitResult attemptPinned(Connection connection, TableName table, String mode, CommitOptions options,
            Body body, int retries) throws SQLException {
        TableIdentity identity = options.expectedLatestVersion().isPresent()
                ? MetadataTables.requireIdentity(connection, table) : null;
        Jdbc.execute(connection, "BEGIN TRANSACTION");
        boolean open = true;
        try {
            if (identity != null) {
                long latest = MetadataTables.latestVersion(connection, identity);
                long expected = options.expectedLatestVersion().getAsLong();
                if (latest != expected) {
                    throw new LakeConcurrencyException("Commit to " + table + " expected latest version " + expected
                            + " but the table is at version " + latest + "; re-read the table and try again");
                }
            }
            if (options.commitKey().isPresent()) {
                OptionalLong committed = MetadataTables.committedVersion(connection, options.commitKey().get());
                if (committed.isPresent()) {
                    Jdbc.execute(connection, "ROLLBACK");
                    open = false;
                    LOG.info("Commit key {} is already committed to {} in version {}; nothing applied",
                            options.commitKey().get(), table, committed.getAsLong());
                    return CommitResult.alreadyCommitted(committed.getAsLong(), retries);
                }
            }
            String commitId = UUID.randomUUID().toString();
            CommitOutcome outcome = body.apply(connection, commitId);
            if (!outcome.changed() && !options.allowEmpty()) {
                Jdbc.execute(connection, "ROLLBACK");
                open = false;
                long latest = MetadataTables.latestVersion(connection, table);
                return CommitResult.unchanged(latest, retries);
            }
            CommitMetadata metadata = new CommitMetadata(table.toString(), mode, commitId, outcome.rowsWritten(),
                    outcome.inserted(), outcome.updated(), outcome.deleted(), outcome.beforeImages(),
                    options.commitKey().orElse(null), options.producer());
            String message = options.message() != null ? options.message() : mode + " " + table;
            Jdbc.execute(connection, "CALL " + EngineContext.LAKE_ALIAS + ".set_commit_message("
                    + Identifiers.literal(CommitMetadata.AUTHOR) + ", " + Identifiers.literal(message)
                    + ", extra_info => " + Identifiers.literal(toJson(metadata)) + ")");
            Jdbc.execute(connection, "COMMIT");
            open = false;
            long version = Jdbc.queryLong(connection, "SELECT max(snapshot_id) FROM " + EngineContext.LAKE_ALIAS
                    + ".snapshots() WHERE author = ? AND contains(commit_extra_info, ?)", CommitMetadata.AUTHOR, commitId);
            return new CommitResult(true, version, commitId, outcome.rowsWritten(), outcome.inserted(),
                    outcome.updated(), outcome.deleted(), false, retries);
        } finally {
            if (open) {
                rollbackQuietly(connection);
            }
        }
    }

    /** The version whose commit metadata carries the key, if any commit carried it. */
    public OptionalLong committedVersion(String commitKey) {
        return context.withConnection("look up the commit key " + commitKey, c -> MetadataTables.committedVersion(c, commitKey));
    }

    private String toJson(CommitMetadata metadata) {
        try {
            return context.json().writeValueAsString(metadata);
        } catch (JsonProcessingException e) {
            throw new LakeException("Could not write the commit metadata of " + metadata.table() + ": " + e.getMessage(),
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
