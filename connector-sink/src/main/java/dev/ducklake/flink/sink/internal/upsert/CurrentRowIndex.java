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

package dev.ducklake.flink.sink.internal.upsert;

import static dev.ducklake.flink.sink.internal.CurrentRowColumns.UNKNOWN;

import dev.ducklake.engine.EngineRegistry;
import dev.ducklake.engine.LakeEngine;
import dev.ducklake.engine.change.ChangeRequest;
import dev.ducklake.engine.error.LakeException;
import dev.ducklake.engine.read.ScanRequest;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.schema.TableSchema;
import dev.ducklake.engine.version.CommitMetadata;
import dev.ducklake.engine.version.TableVersion;
import dev.ducklake.flink.common.DuckLakeConnectorOptions;
import dev.ducklake.flink.common.FlinkLakeTypes;
import dev.ducklake.flink.common.LakeRowReads;
import dev.ducklake.flink.sink.internal.CurrentRowColumns;
import dev.ducklake.flink.sink.internal.SinkSettings;
import dev.ducklake.flink.sink.internal.TableBinding;
import dev.ducklake.flink.sink.internal.arrow.ArrowStaging;
import dev.ducklake.flink.sink.metrics.DuckLakeSinkMetrics;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.ListStateDescriptor;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.metrics.Counter;
import org.apache.flink.runtime.state.KeyGroupRange;
import org.apache.flink.runtime.state.KeyGroupRangeAssignment;
import org.apache.flink.runtime.state.StateInitializationContext;
import org.apache.flink.runtime.state.StateSnapshotContext;
import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.utils.JoinedRowData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.runtime.typeutils.RowDataSerializer;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.BooleanType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.types.RowKind;

/**
 * Keeps, in keyed state, the row the table holds for each key of an upsert sink, and passes every
 * change on with it, so that the commit need not look the replaced rows up in the table (a join
 * whose cost grows with the table). The output is the change's row followed by whether the table
 * held the key, the held row, and the table version the hint is valid at ({@link
 * CurrentRowColumns#withCurrentRow}).
 *
 * <p>The index holds the table at a version W, plus every change this sink made since: those it
 * committed and those still on their way to a commit. A change's hint is therefore the key's row
 * when the commit applies it, unless another writer changed the table after W; the commit checks
 * that inside its transaction and looks the rows up in the table if so (see {@code
 * CommitOptions.currentRowsAsOf}). Each entry is stamped with the checkpoint whose commit carries
 * its change ({@code 0}: the table's own row).
 *
 * <ul>
 *   <li>A subtask that starts without state loads the rows of its key groups from the table's
 *       latest version, which becomes W.
 *   <li>When a checkpoint completes, the index moves W to the table's latest version. If other
 *       writers changed rows since W, it reads the net changes (the change reads' cost, not the
 *       table's) and takes the table's row for each changed key of its key groups, unless the key's
 *       entry is a change of this sink that is not provably committed yet: that entry becomes
 *       unknown, and the next change of the key makes its checkpoint look its rows up.
 *   <li>Deletes and update-befores (which the sink stages as deletes, overridden by a later change
 *       of the key) leave a tombstone that remembers their checkpoint.
 * </ul>
 */
@Internal
public final class CurrentRowIndex extends AbstractStreamOperator<RowData>
        implements OneInputStreamOperator<RowData, RowData> {

    private static final long serialVersionUID = 1L;

    /**
     * The stamp of an entry that holds the table's own row (loaded or taken in), committed by
     * definition.
     */
    private static final long TABLE_ROW = 0;

    private static final int STAMP = 0;
    private static final int PRESENT = 1;
    private static final int FIELDS = 2;
    private static final int VERSIONS_PAGE = 1_000;

    private final SinkSettings settings;
    private final PrimaryKeySelector keys;

    private transient ValueState<RowData> entries;
    private transient ListState<Long> asOfState;
    private transient ListState<String> sinkIdState;
    private transient EngineRegistry.Lease lease;
    private transient RowDataSerializer entrySerializer;
    private transient RowData.FieldGetter[] getters;
    private transient RowData.FieldGetter[] entryGetters;
    private transient LakeRowReads reads;
    private transient String sinkId;
    private transient String jobId;
    private transient int maxParallelism;
    private transient KeyGroupRange ownKeyGroups;

    /**
     * The snapshot the index holds the table at (the table's rows are those of its latest version
     * up to this snapshot); {@link CurrentRowColumns#UNKNOWN} when the index no longer follows the
     * table.
     */
    private transient long asOf;

    private transient long restoredCheckpoint;
    private transient long lastCheckpoint;
    private transient boolean needsLoad;

    /**
     * The highest checkpoint committed by this sink in any job, and by this job, as far as seen.
     */
    private transient long committedByAnyJob;

    private transient long committedByThisJob;
    private transient long loadDurationMs;
    private transient Counter rowsTakenIn;
    private transient Counter keysUnknown;

    public CurrentRowIndex(SinkSettings settings) {
        this.settings = settings;
        this.keys = new PrimaryKeySelector(settings.rowType(), settings.primaryKey());
    }

    /** The selector of the keys the index's input must be keyed by. */
    public PrimaryKeySelector keySelector() {
        return keys;
    }

    /**
     * Whether an index of these rows can stand in for the table's: the Flink schema has every
     * column of the table, each of the type the sink would create it with, so a held row is a whole
     * row and a row read from the table converts without loss.
     */
    public static boolean fits(TableSchema lake, RowType rowType) {
        if (lake.size() != rowType.getFieldCount()) {
            return false;
        }
        for (int i = 0; i < rowType.getFieldCount(); i++) {
            String name = rowType.getFieldNames().get(i);
            int position = lake.positionOf(name);
            if (position < 0
                    || !FlinkLakeTypes.toLake(name, rowType.getTypeAt(i))
                            .equals(lake.column(position).type())) {
                return false;
            }
        }
        return true;
    }

    @Override
    public void initializeState(StateInitializationContext context) throws Exception {
        super.initializeState(context);
        RowType rowType = settings.rowType();
        List<LogicalType> entryTypes =
                new ArrayList<>(List.of(new BigIntType(false), new BooleanType(false)));
        rowType.getChildren().forEach(type -> entryTypes.add(type.copy(true)));
        RowType entryType = RowType.of(entryTypes.toArray(LogicalType[]::new));
        entries =
                context.getKeyedStateStore()
                        .getState(
                                new ValueStateDescriptor<>(
                                        "current-rows", InternalTypeInfo.of(entryType)));
        asOfState =
                context.getOperatorStateStore()
                        .getUnionListState(new ListStateDescriptor<>("as-of", Types.LONG));
        sinkIdState =
                context.getOperatorStateStore()
                        .getUnionListState(new ListStateDescriptor<>("sink-id", Types.STRING));
        entrySerializer = new RowDataSerializer(entryType);
        getters = new RowData.FieldGetter[rowType.getFieldCount()];
        entryGetters = new RowData.FieldGetter[getters.length];
        for (int i = 0; i < getters.length; i++) {
            getters[i] = RowData.createFieldGetter(rowType.getTypeAt(i), i);
            entryGetters[i] = RowData.createFieldGetter(rowType.getTypeAt(i), FIELDS + i);
        }
        if (context.isRestored()) {
            restoredCheckpoint = context.getRestoredCheckpointId().orElse(TABLE_ROW);
            asOf = min(asOfState.get());
            sinkId = first(sinkIdState.get(), settings.sinkId());
        } else {
            restoredCheckpoint = TABLE_ROW;
            sinkId = settings.sinkId();
            needsLoad = true;
        }
        lastCheckpoint = restoredCheckpoint;
    }

    @Override
    public void open() throws Exception {
        super.open();
        jobId = getRuntimeContext().getJobInfo().getJobId().toString();
        var task = getRuntimeContext().getTaskInfo();
        maxParallelism = task.getMaxNumberOfParallelSubtasks();
        ownKeyGroups =
                KeyGroupRangeAssignment.computeKeyGroupRangeForOperatorIndex(
                        maxParallelism,
                        task.getNumberOfParallelSubtasks(),
                        task.getIndexOfThisSubtask());
        loadDurationMs = -1;
        getMetricGroup()
                .gauge(DuckLakeSinkMetrics.UPSERT_INDEX_LOAD_DURATION, () -> loadDurationMs);
        rowsTakenIn = getMetricGroup().counter(DuckLakeSinkMetrics.UPSERT_INDEX_ROWS_TAKEN_IN);
        keysUnknown = getMetricGroup().counter(DuckLakeSinkMetrics.UPSERT_INDEX_KEYS_MADE_UNKNOWN);
        lease = EngineRegistry.shared().acquire(settings.engine().toEngineConfig());
        reads =
                new LakeRowReads(
                        lease.engine(),
                        settings.tableName(),
                        settings.rowType(),
                        DuckLakeConnectorOptions.SCAN_BATCH_SIZE.defaultValue());
        TableBinding binding =
                TableBinding.createOrBind(
                        lease.engine(),
                        settings.tableName(),
                        settings.rowType(),
                        settings.primaryKey(),
                        settings.partitionKeys());
        if (!fits(binding.lakeSchema(), settings.rowType())) {
            LOG.warn(
                    "The DuckLake table {} has columns the sink does not write, or of other types; its upserts"
                            + " look up the rows they replace in the table",
                    settings.tableName());
            asOf = UNKNOWN;
        } else if (needsLoad) {
            load();
        }
    }

    /** Loads the rows of this subtask's key groups from the table's latest version. */
    private void load() throws Exception {
        long start = System.nanoTime();
        LakeEngine engine = lease.engine();
        long version = engine.latestVersion(settings.tableName());
        long[] loaded = {0};
        reads.forEachRow(
                ScanRequest.builder()
                        .version(version)
                        .columns(settings.rowType().getFieldNames())
                        .build(),
                row -> {
                    RowData key = keys.getKey(row);
                    if (owned(key)) {
                        setCurrentKey(key);
                        entries.update(entry(TABLE_ROW, row));
                        loaded[0]++;
                    }
                });
        asOf = version;
        loadDurationMs = (System.nanoTime() - start) / 1_000_000;
        LOG.info(
                "Subtask {} of the index of {} loaded {} rows of version {} in {} ms",
                getRuntimeContext().getTaskInfo().getIndexOfThisSubtask(),
                settings.tableName(),
                loaded[0],
                version,
                loadDurationMs);
    }

    @Override
    public void processElement(StreamRecord<RowData> element) throws Exception {
        RowData row = element.getValue();
        RowKind kind = row.getRowKind();
        RowData entry = asOf == UNKNOWN ? null : entries.value();
        boolean known = asOf != UNKNOWN && (entry == null || entry.getLong(STAMP) != UNKNOWN);
        GenericRowData hint = CurrentRowColumns.hint(getters.length, known ? asOf : UNKNOWN);
        if (known && entry != null && entry.getBoolean(PRESENT)) {
            hint.setField(0, true);
            for (int i = 0; i < getters.length; i++) {
                hint.setField(1 + i, entryGetters[i].getFieldOrNull(entry));
            }
        }
        output.collect(element.replace(new JoinedRowData(kind, row, hint)));
        if (asOf != UNKNOWN) {
            long pending = lastCheckpoint + 1;
            entries.update(
                    ArrowStaging.deletesKey(kind) ? tombstone(pending) : entry(pending, row));
        }
    }

    @Override
    public void snapshotState(StateSnapshotContext context) throws Exception {
        super.snapshotState(context);
        lastCheckpoint = context.getCheckpointId();
        asOfState.update(List.of(asOf));
        sinkIdState.update(List.of(sinkId));
    }

    @Override
    public void notifyCheckpointComplete(long checkpointId) throws Exception {
        super.notifyCheckpointComplete(checkpointId);
        if (asOf != UNKNOWN) {
            try {
                followTable();
            } catch (LakeException e) {
                LOG.warn(
                        "The index of {} could not follow the table from version {}; from now on this job's"
                                + " upserts look up the rows they replace in the table. Restart the job without state to"
                                + " rebuild the index.",
                        settings.tableName(),
                        asOf,
                        e);
                asOf = UNKNOWN;
            }
        }
    }

    /**
     * Moves the index to the lake's latest snapshot, taking in the changes of the table's versions
     * in between that are not its own: its own are those of this sink in this job, and those up to
     * the restored checkpoint in any job (they are in the restored index).
     */
    private void followTable() throws Exception {
        LakeEngine engine = lease.engine();
        TableName table = settings.tableName();
        long snapshot = engine.latestSnapshot();
        long latest = engine.latestVersion(table, snapshot);
        if (latest > asOf) {
            if (!engine.historyIntactAfter(asOf)) {
                LOG.warn(
                        "An expiry removed snapshots after snapshot {}, which the upsert index of {} holds the table"
                                + " at, so the index cannot tell what other writers changed since; from now on this job's"
                                + " upserts look up the rows they replace in the table. Keep expiry's retention above the"
                                + " checkpoint interval, and restart the job without state to rebuild the index.",
                        asOf,
                        table);
                asOf = UNKNOWN;
                return;
            }
            List<long[]> others = new ArrayList<>();
            long from = engine.latestVersion(table, asOf);
            long previous = from;
            for (TableVersion version : versionsAfter(engine, table, latest)) {
                if (!noteOwn(version)) {
                    others.add(new long[] {previous, version.id()});
                }
                previous = version.id();
            }
            if (!others.isEmpty()) {
                takeIn(engine, table, others, from, latest);
            }
        }
        // The table did not change after its latest version: the index holds it at the lake's
        // snapshot.
        asOf = snapshot;
    }

    private List<TableVersion> versionsAfter(LakeEngine engine, TableName table, long latest) {
        List<TableVersion> versions = new ArrayList<>();
        while (true) {
            long after = versions.isEmpty() ? asOf : versions.get(versions.size() - 1).id();
            List<TableVersion> page = engine.versions(table, after, latest, VERSIONS_PAGE);
            versions.addAll(page);
            if (page.size() < VERSIONS_PAGE) {
                return versions;
            }
        }
    }

    /** Whether this sink's lineage made the version; notes the checkpoint it committed. */
    private boolean noteOwn(TableVersion version) {
        Map<String, String> producer =
                version.metadata().map(CommitMetadata::producer).orElse(Map.of());
        if (!sinkId.equals(producer.get("sink-id")) || !producer.containsKey("checkpoint-id")) {
            return false;
        }
        long checkpoint = Long.parseLong(producer.get("checkpoint-id"));
        committedByAnyJob = Math.max(committedByAnyJob, checkpoint);
        boolean thisJob = jobId.equals(producer.get("flink-job-id"));
        if (thisJob) {
            committedByThisJob = Math.max(committedByThisJob, checkpoint);
        }
        return thisJob || checkpoint <= restoredCheckpoint;
    }

    /**
     * Takes in the other writers' changes: for each key of this subtask that one of their versions
     * changed, the table's row at {@code latest}, unless the key's entry is a change of this sink
     * not provably committed by then (a later commit of it would win), which becomes unknown.
     */
    private void takeIn(
            LakeEngine engine, TableName table, List<long[]> others, long from, long latest)
            throws Exception {
        Set<RowData> changedByOthers = new HashSet<>();
        for (long[] range : others) {
            // All columns: a change read of the key columns alone would not see updates.
            reads.forEachChange(
                    ChangeRequest.builder(range[0], range[1])
                            .columns(settings.rowType().getFieldNames())
                            .build(),
                    (before, after) -> {
                        RowData key = keys.getKey(after != null ? after : before);
                        if (owned(key)) {
                            changedByOthers.add(key);
                        }
                    });
        }
        long[] taken = {0};
        long[] unknown = {0};
        reads.forEachChange(
                ChangeRequest.builder(from, latest)
                        .columns(settings.rowType().getFieldNames())
                        .build(),
                (before, after) -> {
                    RowData key = keys.getKey(after != null ? after : before);
                    if (!changedByOthers.contains(key)) {
                        return;
                    }
                    setCurrentKey(key);
                    RowData entry = entries.value();
                    if (entry == null || committed(entry.getLong(STAMP))) {
                        if (after == null) {
                            entries.clear();
                        } else {
                            entries.update(entry(TABLE_ROW, after));
                        }
                        taken[0]++;
                    } else {
                        entries.update(tombstone(UNKNOWN));
                        unknown[0]++;
                    }
                });
        rowsTakenIn.inc(taken[0]);
        keysUnknown.inc(unknown[0]);
        LOG.info(
                "The index of {} took in {} versions of other writers between versions {} and {}: {} rows of its"
                        + " keys, {} keys unknown until their next change",
                table,
                others.size(),
                asOf,
                latest,
                taken[0],
                unknown[0]);
    }

    /**
     * Whether the change stamped with this checkpoint is in the table. A restored checkpoint's
     * changes, and those before it, may have been committed by an earlier run of the job (another
     * job id); later ones count only when this job committed them.
     */
    private boolean committed(long stamp) {
        if (stamp == TABLE_ROW) {
            return true;
        }
        if (stamp == UNKNOWN) {
            return false;
        }
        return stamp <= restoredCheckpoint
                ? stamp <= committedByAnyJob
                : stamp <= committedByThisJob;
    }

    /** Whether the key belongs to this subtask's key groups. */
    private boolean owned(RowData key) {
        return ownKeyGroups.contains(KeyGroupRangeAssignment.assignToKeyGroup(key, maxParallelism));
    }

    /**
     * A deep, binary copy: the incoming row may be reused upstream, a heap state backend keeps the
     * object, and a binary row takes a fraction of a generic one's memory.
     */
    private RowData entry(long stamp, RowData row) {
        GenericRowData entry = new GenericRowData(FIELDS + getters.length);
        entry.setField(STAMP, stamp);
        entry.setField(PRESENT, true);
        for (int i = 0; i < getters.length; i++) {
            entry.setField(FIELDS + i, getters[i].getFieldOrNull(row));
        }
        return entrySerializer.toBinaryRow(entry).copy();
    }

    private RowData tombstone(long stamp) {
        GenericRowData entry = new GenericRowData(FIELDS + getters.length);
        entry.setField(STAMP, stamp);
        entry.setField(PRESENT, false);
        return entry;
    }

    private static long min(Iterable<Long> values) {
        long min = Long.MAX_VALUE;
        for (long value : values) {
            min = Math.min(min, value);
        }
        return min == Long.MAX_VALUE ? UNKNOWN : min;
    }

    private static String first(Iterable<String> values, String otherwise) {
        for (String value : values) {
            return value;
        }
        return otherwise;
    }

    @Override
    public void close() throws Exception {
        try {
            super.close();
        } finally {
            if (lease != null) {
                lease.close();
            }
        }
    }
}
