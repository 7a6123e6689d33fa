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

package dev.ducklake.flink.sink.internal.change;

import dev.ducklake.engine.error.LakeConcurrencyException;
import dev.ducklake.engine.error.LakeException;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.write.CommitOptions;
import dev.ducklake.engine.write.CommitResult;
import dev.ducklake.engine.write.LakeTransaction;
import dev.ducklake.engine.write.StagedSession;
import dev.ducklake.engine.write.TransactionResult;
import dev.ducklake.flink.cdc.ChangeSchema;
import dev.ducklake.flink.cdc.schema.SchemaEvolution;
import dev.ducklake.flink.sink.internal.commit.CheckpointCommitter;
import dev.ducklake.flink.sink.internal.commit.CommitObserver;
import dev.ducklake.flink.sink.internal.commit.DuckLakeCommitter;
import dev.ducklake.flink.sink.internal.commit.StagedCheckpoint;
import dev.ducklake.flink.sink.internal.commit.TableCommittable;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.connector.sink2.Committer.CommitRequest;
import org.apache.flink.api.connector.sink2.CommitterInitContext;
import org.apache.flink.runtime.execution.SuppressRestartsException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Applies each checkpoint of the change-record sink to every table it touched in ONE engine
 * transaction, so in one DuckLake snapshot: a reader of any version sees all source tables at the
 * same checkpoint. Within the transaction each table's files run in the order they were staged;
 * before a file's rows, the table is brought to the file's schema ({@link SchemaEvolution}), so no
 * row is written under another schema. The commit carries a key made of the sink's id, the
 * checkpoint and its files, checked inside the transaction, so a replayed checkpoint is applied
 * once (as in {@link DuckLakeCommitter}, whose failure handling this shares).
 */
@Internal
public final class ChangeRecordCommitter extends CheckpointCommitter<TableCommittable> {

    private static final Logger LOG = LoggerFactory.getLogger(ChangeRecordCommitter.class);
    private static final Comparator<TableCommittable> APPLY_ORDER =
            Comparator.comparing(TableCommittable::table)
                    .thenComparingInt(TableCommittable::subtask)
                    .thenComparingLong(TableCommittable::ordinal)
                    .thenComparing(TableCommittable::file);

    private final ChangeSinkSettings settings;

    public ChangeRecordCommitter(
            ChangeSinkSettings settings, CommitterInitContext context, CommitObserver observer) {
        super(settings, context, observer);
        this.settings = settings;
    }

    @Override
    protected void commitCheckpoint(
            long checkpointId, List<CommitRequest<TableCommittable>> requests) {
        requests.sort(Comparator.comparing(CommitRequest::getCommittable, APPLY_ORDER));
        List<TableCommittable> committables =
                requests.stream().map(CommitRequest::getCommittable).toList();
        Set<String> tables =
                new HashSet<>(committables.stream().map(TableCommittable::table).toList());
        StagedCheckpoint staged =
                stagedCheckpoint(checkpointId, committables, tables.size() + " tables");
        if (alreadyInLake(staged, requests)) {
            return;
        }
        staged.requireFiles();
        CommitOptions options = commitOptions(staged).build();
        long start = System.nanoTime();
        TransactionResult result;
        Set<String> adopted = new HashSet<>();
        try (LakeTransaction tx = engine().openTransaction()) {
            List<StagedSession> sessions = stage(tx, committables);
            result = tx.commit(options);
            sessions.forEach(s -> adopted.addAll(s.adoptedFiles()));
        } catch (LakeConcurrencyException e) {
            throw lostTheRace(
                    checkpointId,
                    "change sink (" + tables.size() + " tables)",
                    e,
                    ", with doubling backoff (the change sink builder's commitRetries)",
                    "Raise commitRetries on the change sink's builder, or look for the writer that"
                            + " keeps changing these tables");
        } catch (LakeException e) {
            throw notCommitted(checkpointId, "change sink (" + tables.size() + " tables)", e);
        }
        LOG.debug("Checkpoint {} of change sink {}: {}", checkpointId, staged.sinkId(), result);
        committed(staged, requests, total(result), adopted, start);
    }

    /**
     * Adds each table's files to the transaction in order: the schema step of a file whose schema
     * differs from the one before, then a merge (keyed tables) or append session that loads every
     * following file of that schema.
     */
    private List<StagedSession> stage(LakeTransaction tx, List<TableCommittable> committables) {
        List<StagedSession> sessions = new ArrayList<>();
        StagedSession session = null;
        String table = null;
        ChangeSchema schema = null;
        for (TableCommittable committable : committables) {
            if (session == null
                    || !committable.table().equals(table)
                    || !committable.schema().equals(schema)) {
                table = committable.table();
                schema = committable.schema();
                TableName name = TableName.parse(table);
                try {
                    SchemaEvolution.apply(tx, name, schema, settings.schemaChanges());
                } catch (RuntimeException e) {
                    // The restored committables would meet the same change after every restart.
                    throw new SuppressRestartsException(e);
                }
                session =
                        tx.schema(name).orElseThrow().hasPrimaryKey()
                                ? tx.merge(name)
                                : tx.append(name);
                sessions.add(session);
            }
            session.importStaged(committable.file());
        }
        return sessions;
    }

    /** The whole transaction as one commit result, for the metrics and the observer. */
    private static CommitResult total(TransactionResult result) {
        Collection<CommitResult> tables = result.tables().values();
        return new CommitResult(
                result.committed(),
                result.version(),
                result.commitId(),
                tables.stream().mapToLong(CommitResult::rowsWritten).sum(),
                tables.stream().mapToLong(CommitResult::inserted).sum(),
                tables.stream().mapToLong(CommitResult::updated).sum(),
                tables.stream().mapToLong(CommitResult::deleted).sum(),
                result.alreadyCommitted(),
                result.retries());
    }
}
