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

package dev.ducklake.flink.source.enumerator;

import dev.ducklake.engine.EngineRegistry;
import dev.ducklake.engine.LakeEngine;
import dev.ducklake.engine.read.Bucket;
import dev.ducklake.engine.read.ScanPart;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.version.TableVersion;
import dev.ducklake.engine.version.VersionPins;
import dev.ducklake.flink.common.EngineSpec;
import dev.ducklake.flink.source.split.DuckLakeSplit;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.connector.source.SourceEvent;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.util.FlinkRuntimeException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Plans what the source reads and hands it to the readers. It resolves the start version, looks for
 * new versions of the table every discovery interval, and cuts each new range of versions into one
 * split per bucket of the key hash. Every split of bucket {@code b} goes to reader {@code b %
 * parallelism}, which reads its splits in the order it got them, so each key's changes are emitted
 * in version order by one reader.
 *
 * <p>A source restored at a parallelism other than its bucket count first lets every reader finish
 * the splits it restored (it waits for {@link ReaderIdleEvent}s from all of them), since the new
 * mapping of buckets to readers differs from the one those splits were read under.
 */
@Internal
public final class DuckLakeEnumerator
        implements SplitEnumerator<DuckLakeSplit, DuckLakeEnumeratorState> {

    private static final Logger LOG = LoggerFactory.getLogger(DuckLakeEnumerator.class);
    private static final int VERSIONS_PAGE = 1000;

    /** The rows of a part of a snapshot-only read: eight of DuckDB's row groups of 122,880 rows. */
    static final long PART_ROWS = 8 * 122_880;

    private final SplitEnumeratorContext<DuckLakeSplit> context;
    private final EngineSpec engineSpec;
    private final TableName table;
    private final StartPosition start;
    @Nullable private final Long endVersion;
    private final Duration discoveryInterval;
    private final boolean versionByVersion;
    private final boolean snapshotWatermarks;
    private final LinkedList<DuckLakeSplit> pending;
    private final HeldSplits held;
    private final Set<Integer> idleReaders = new HashSet<>();
    private final Set<Integer> toldNoMoreSplits = new HashSet<>();
    private final Set<Integer> toldPlanned = new HashSet<>();

    /**
     * With snapshot watermarks: the table's versions planned so far, each with the lake snapshot
     * whose changes its splits and those before it hold, oldest first; and the snapshot each reader
     * was told (see {@link SplitsAssignedEvent}) since it registered.
     */
    private final Deque<Planned> plannedThrough = new ArrayDeque<>();

    private final Map<Integer, Long> toldAssigned = new HashMap<>();
    private long position;
    private int buckets;
    private boolean planningDone;
    private boolean waitingForIdleReaders;

    /**
     * Guards the engine: Flink closes the enumerator on another thread than the coordinator's event
     * loop and the worker that look for new versions, so a close must wait for their engine call to
     * end.
     */
    private final Object engineLock = new Object();

    private boolean closed;

    /**
     * The last observation: a lake still at its snapshot has no new version of the table to find.
     */
    @Nullable private Observed lastObserved;

    @Nullable private EngineRegistry.Lease lease;
    @Nullable private VersionPins.Pin pin;
    private final ChangeLagMetrics lag;

    /**
     * @param engineSpec the lake and the engine's settings
     * @param start where a source without a checkpoint starts; unused when the state has a position
     * @param endVersion the last version to read, or null for an unbounded change stream
     * @param discoveryInterval how often to look for new versions of the table
     * @param versionByVersion whether each new version is a range of its own, instead of all new
     *     versions together, so that readers know the version of every change
     * @param snapshotWatermarks whether the readers emit the lake snapshots whose changes they have
     *     emitted as watermarks, which needs {@link SplitsAssignedEvent}s
     */
    public DuckLakeEnumerator(
            SplitEnumeratorContext<DuckLakeSplit> context,
            EngineSpec engineSpec,
            TableName table,
            StartPosition start,
            @Nullable Long endVersion,
            Duration discoveryInterval,
            boolean versionByVersion,
            boolean snapshotWatermarks,
            DuckLakeEnumeratorState state) {
        this.context = context;
        this.engineSpec = engineSpec;
        this.table = table;
        this.start = start;
        this.endVersion = endVersion;
        this.discoveryInterval = discoveryInterval;
        this.versionByVersion = versionByVersion;
        this.snapshotWatermarks = snapshotWatermarks;
        this.pending = new LinkedList<>(state.pending());
        this.held = new HeldSplits(state.held(), state.checkpointId());
        this.position = state.position();
        this.buckets = state.buckets();
        this.planningDone = state.planningDone();
        this.waitingForIdleReaders = state.started() && buckets != context.currentParallelism();
        this.lag = new ChangeLagMetrics(context.metricGroup());
    }

    @Override
    public void start() {
        synchronized (engineLock) {
            lease = EngineRegistry.shared().acquire(engineSpec.toEngineConfig());
            try {
                LakeEngine engine = lease.engine();
                if (!engine.tableExists(table)) {
                    throw new FlinkRuntimeException(
                            "The DuckLake table "
                                    + table
                                    + " does not exist in the "
                                    + engineSpec.catalogLocation().kind()
                                    + " catalog of the source");
                }
                if (position < 0) {
                    resolveStart(engine);
                    // Nothing of the table up to the start is left to emit: a full read plans it,
                    // the others skip it.
                    planned(position, position);
                }
                repin();
            } catch (RuntimeException e) {
                close();
                throw e;
            }
        }
        updateEmitted();
        if (!planningDone) {
            long interval = discoveryInterval.toMillis();
            context.callAsync(this::observe, this::planUpTo, 0, interval);
        }
    }

    private void resolveStart(LakeEngine engine) {
        buckets = context.currentParallelism();
        if (start.snapshotOnly()) {
            long version =
                    switch (start.kind()) {
                        case SNAPSHOT_AT_VERSION -> engine.version(table, start.value()).id();
                        case SNAPSHOT_AT_TIMESTAMP ->
                                engine.versionAt(table, Instant.ofEpochMilli(start.value())).id();
                        default -> engine.latestVersion(table);
                    };
            planParts(engine, version);
            planningDone = true;
            return;
        }
        switch (start.kind()) {
            case FULL -> planBuckets(latestUpToEnd(engine));
            case LATEST -> position = latestUpToEnd(engine);
            case AFTER_VERSION -> position = engine.version(table, start.value()).id();
            case AFTER_TIMESTAMP ->
                    position = engine.versionAt(table, Instant.ofEpochMilli(start.value())).id();
            default -> throw new IllegalStateException("Not a start of a change stream: " + start);
        }
        if (endVersion != null && endVersion < position) {
            throw new FlinkRuntimeException(
                    "The end version "
                            + endVersion
                            + " of the source on "
                            + table
                            + " is before its start version "
                            + position);
        }
        planningDone = endVersion != null && position == endVersion;
        LOG.info(
                "Change source on {} starts after version {} ({} buckets)",
                table,
                position,
                buckets);
    }

    /**
     * The latest version, or with an end version the last one up to it: the table may have moved
     * past the end (fixed when the source was built) by the time the job starts.
     */
    private long latestUpToEnd(LakeEngine engine) {
        Long end = endVersion;
        if (end == null) {
            return engine.latestVersion(table);
        }
        long upToEnd = engine.latestVersion(table, end);
        if (upToEnd == 0) {
            // No version of the table up to the end.
            throw new FlinkRuntimeException(
                    "The end version "
                            + end
                            + " of the source on "
                            + table
                            + " is before the table's first version: the table was created after snapshot "
                            + end);
        }
        return upToEnd;
    }

    /**
     * A read of one version with no changes after it: the table's parts (by data file and row id
     * range), spread over the readers, so that they share the work whatever the keys.
     */
    private void planParts(LakeEngine engine, long version) {
        List<ScanPart> parts = engine.scanParts(table, version, PART_ROWS);
        for (int p = 0; p < parts.size(); p++) {
            pending.add(
                    DuckLakeSplit.snapshotPart(version, parts.get(p), new Bucket(p, parts.size())));
        }
        position = version;
    }

    /**
     * A snapshot that changes follow: one split per key bucket, so that a key's row and its later
     * changes come from the same reader, in order.
     */
    private void planBuckets(long version) {
        for (int b = 0; b < buckets; b++) {
            pending.add(DuckLakeSplit.snapshot(version, new Bucket(b, buckets)));
        }
        position = version;
    }

    /** The lake's latest snapshot, looked at first, and the table's latest version. */
    private record Observed(long snapshot, long latest) {}

    /**
     * A version planned through, and the lake snapshot whose changes of the table the splits up to
     * it hold.
     */
    private record Planned(long version, long snapshot) {}

    /**
     * What a look at the lake found, on a worker thread; nothing once the enumerator closed. The
     * probe is one statement: only when the lake's snapshot moved does it look for the table's
     * latest version.
     */
    @Nullable
    private Observed observe() {
        synchronized (engineLock) {
            if (closed) {
                return null;
            }
            if (lastObserved != null) {
                // What the last look found, after planning it: off the path from a commit to its
                // splits.
                lag.refresh(lease.engine(), table, lastObserved.latest());
            }
            long snapshot = lease.engine().latestSnapshot();
            if (lastObserved == null || lastObserved.snapshot() != snapshot) {
                lastObserved = new Observed(snapshot, lease.engine().latestVersion(table));
            }
            return lastObserved;
        }
    }

    /**
     * Plans the versions after the position, up to the latest one found (and the end version), then
     * hands them out; a closed enumerator does neither.
     */
    private void planUpTo(@Nullable Observed observed, @Nullable Throwable error) {
        if (error != null && !isClosed()) {
            throw new FlinkRuntimeException("Could not look for new versions of " + table, error);
        }
        if (observed == null || !planUpToLatest(observed.latest())) {
            return;
        }
        updateEmitted();
        // The table had no version after its latest one at the snapshot looked at before it, nor
        // after the end of a bounded read; snapshot ids grow across the lake.
        long through = Math.max(observed.snapshot(), observed.latest());
        planned(position, endVersion == null ? through : Math.min(through, endVersion));
        assignPending();
        tellPlanned();
    }

    private void planned(long version, long snapshot) {
        if (snapshotWatermarks
                && (plannedThrough.isEmpty() || snapshot > plannedThrough.peekLast().snapshot())) {
            plannedThrough.addLast(new Planned(version, snapshot));
        }
    }

    /**
     * Tells each reader, after its splits, each planned version none of whose splits for it is
     * still pending, with its snapshot, oldest first; then forgets what every reader has been told
     * but the newest.
     */
    private void tellAssigned() {
        if (!snapshotWatermarks || waitingForIdleReaders || plannedThrough.isEmpty()) {
            return;
        }
        int parallelism = context.currentParallelism();
        for (int reader : context.registeredReaders().keySet()) {
            long firstPending =
                    pending.stream()
                            .filter(split -> split.bucket() % parallelism == reader)
                            .mapToLong(DuckLakeSplit::to)
                            .min()
                            .orElse(Long.MAX_VALUE);
            for (Planned planned : plannedThrough) {
                if (planned.version() >= firstPending) {
                    break;
                }
                if (planned.snapshot() > toldAssigned.getOrDefault(reader, Long.MIN_VALUE)) {
                    context.sendEventToSourceReader(
                            reader, new SplitsAssignedEvent(planned.version(), planned.snapshot()));
                    toldAssigned.put(reader, planned.snapshot());
                }
            }
        }
        long toldEveryone =
                toldAssigned.size() < parallelism
                        ? Long.MIN_VALUE
                        : toldAssigned.values().stream()
                                .mapToLong(Long::longValue)
                                .min()
                                .orElse(Long.MIN_VALUE);
        while (plannedThrough.size() > 1 && plannedThrough.peekFirst().snapshot() < toldEveryone) {
            plannedThrough.pollFirst();
        }
    }

    /** Tells each reader, once, when it holds every split planned for it so far. */
    private void tellPlanned() {
        if (waitingForIdleReaders) {
            return;
        }
        int parallelism = context.currentParallelism();
        for (int reader : context.registeredReaders().keySet()) {
            if (!toldPlanned.contains(reader)
                    && pending.stream()
                            .noneMatch(split -> split.bucket() % parallelism == reader)) {
                context.sendEventToSourceReader(reader, new VersionsPlannedEvent());
                toldPlanned.add(reader);
            }
        }
    }

    /** Plans up to the latest version found; false when the enumerator has closed. */
    private boolean planUpToLatest(long latest) {
        Long end = endVersion;
        long to;
        List<Long> versions;
        boolean endPassed;
        synchronized (engineLock) {
            if (closed) {
                return false;
            }
            // The end may be a snapshot that did not change this table: stop at its last version
            // before it.
            to = end == null || latest <= end ? latest : lease.engine().latestVersion(table, end);
            endPassed = end != null && latest >= end;
            // Snapshot ids grow across the lake: once it is past the end, no version up to the end
            // can follow. The table's last version up to the end is read again after that: it may
            // be newer.
            if (end != null && !endPassed && lease.engine().latestSnapshot() >= end) {
                to = lease.engine().latestVersion(table, end);
                endPassed = true;
            }
            versions =
                    to > position && versionByVersion ? versionsBetween(position, to) : List.of(to);
        }
        if (to > position) {
            for (long version : versions) {
                for (int b = 0; b < buckets; b++) {
                    pending.add(DuckLakeSplit.changes(position, version, new Bucket(b, buckets)));
                }
                position = version;
            }
            repin();
        }
        planningDone = endPassed;
        return true;
    }

    /** The table's versions in {@code (after, upTo]}, oldest first. */
    private List<Long> versionsBetween(long after, long upTo) {
        List<Long> versions = new ArrayList<>();
        long from = after;
        while (true) {
            List<TableVersion> page = lease.engine().versions(table, from, upTo, VERSIONS_PAGE);
            page.forEach(version -> versions.add(version.id()));
            if (page.size() < VERSIONS_PAGE) {
                return versions;
            }
            from = versions.get(versions.size() - 1);
        }
    }

    private boolean isClosed() {
        synchronized (engineLock) {
            return closed;
        }
    }

    /**
     * Hands out pending splits, in order, to the readers that own their buckets and are running.
     */
    private void assignPending() {
        if (waitingForIdleReaders) {
            return;
        }
        int parallelism = context.currentParallelism();
        Iterator<DuckLakeSplit> splits = pending.iterator();
        while (splits.hasNext()) {
            DuckLakeSplit split = splits.next();
            int owner = split.bucket() % parallelism;
            if (context.registeredReaders().containsKey(owner)) {
                context.assignSplit(split, owner);
                held.assigned(split);
                splits.remove();
            }
        }
        tellAssigned();
        if (planningDone) {
            for (int reader : context.registeredReaders().keySet()) {
                if (toldNoMoreSplits.add(reader)) {
                    context.signalNoMoreSplits(reader);
                }
            }
        }
    }

    /**
     * Keeps the oldest version that a planned split, or a split a reader holds or may read again
     * after a restore, still reads from expiring in this process.
     */
    private void repin() {
        synchronized (engineLock) {
            if (!closed) {
                repinOpen();
            }
        }
    }

    private void repinOpen() {
        long oldest =
                Math.min(
                        pending.stream()
                                .mapToLong(DuckLakeSplit::oldestVersion)
                                .min()
                                .orElse(position),
                        held.oldestVersion().orElse(position));
        if (pin != null && pin.version() == oldest) {
            return;
        }
        VersionPins.Pin previous = pin;
        pin = lease.engine().pinVersion(table, oldest);
        if (previous != null) {
            previous.close();
        }
    }

    /**
     * Tells the lag metrics what every reader has emitted: the versions up to the start of the
     * oldest split not finished, pending or held; none while a read of the table at a version is
     * unfinished, whose version is then the first one still to come.
     */
    private void updateEmitted() {
        long behindAfter = position;
        boolean startUnread = false;
        List<Unfinished> unfinished = new ArrayList<>();
        pending.forEach(split -> unfinished.add(new Unfinished(!split.isSnapshot(), split.from())));
        held.unfinished()
                .forEach(
                        entry ->
                                unfinished.add(
                                        new Unfinished(
                                                DuckLakeSplit.readsChanges(entry.splitId()),
                                                entry.from())));
        for (Unfinished split : unfinished) {
            startUnread |= !split.changes();
            behindAfter = Math.min(behindAfter, split.changes() ? split.from() : split.from() - 1);
        }
        lag.emitted(startUnread ? -1 : behindAfter, behindAfter);
    }

    /**
     * A split not finished yet: whether it reads changes (after {@code from}) or the table at
     * {@code from}.
     */
    private record Unfinished(boolean changes, long from) {}

    @Override
    public void handleSplitRequest(int subtaskId, @Nullable String requesterHostname) {
        // Splits are pushed to the reader that owns their bucket.
    }

    @Override
    public void addSplitsBack(List<DuckLakeSplit> splits, int subtaskId) {
        // Splits a failed reader held come before anything planned after them.
        List<DuckLakeSplit> returned = new ArrayList<>(splits);
        for (int i = returned.size() - 1; i >= 0; i--) {
            pending.addFirst(returned.get(i));
            held.returned(returned.get(i));
        }
        toldNoMoreSplits.remove(subtaskId);
        repin();
        updateEmitted();
    }

    @Override
    public void addReader(int subtaskId) {
        toldPlanned.remove(subtaskId);
        toldAssigned.remove(subtaskId);
        int parallelism = context.currentParallelism();
        held.readerRestarted(bucket -> bucket % parallelism == subtaskId);
        assignPending();
        updateEmitted();
    }

    @Override
    public void handleSourceEvent(int subtaskId, SourceEvent event) {
        if (event instanceof SplitsFinishedEvent finished) {
            held.finished(finished.splitIds());
            updateEmitted();
        }
        if (event instanceof ReaderIdleEvent && waitingForIdleReaders) {
            idleReaders.add(subtaskId);
            if (idleReaders.size() >= context.currentParallelism()) {
                LOG.info(
                        "Change source on {} resumes at parallelism {} once its restored splits are read",
                        table,
                        context.currentParallelism());
                waitingForIdleReaders = false;
                assignPending();
            }
        }
    }

    @Override
    public DuckLakeEnumeratorState snapshotState(long checkpointId) {
        return new DuckLakeEnumeratorState(
                position,
                buckets,
                pending,
                planningDone,
                checkpointId,
                held.snapshot(checkpointId));
    }

    @Override
    public void notifyCheckpointComplete(long checkpointId) {
        held.checkpointCompleted(checkpointId);
        repin();
    }

    @Override
    public void close() {
        synchronized (engineLock) {
            closed = true;
            if (pin != null) {
                pin.close();
                pin = null;
            }
            if (lease != null) {
                lease.close();
                lease = null;
            }
        }
    }
}
