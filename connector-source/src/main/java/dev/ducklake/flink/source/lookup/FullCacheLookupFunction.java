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

package dev.ducklake.flink.source.lookup;

import dev.ducklake.engine.LakeEngine;
import dev.ducklake.engine.change.ChangeRequest;
import dev.ducklake.engine.error.LakeCancelledException;
import dev.ducklake.engine.error.LakeException;
import dev.ducklake.engine.read.ScanRequest;
import dev.ducklake.engine.version.VersionPins;
import dev.ducklake.flink.source.metrics.DuckLakeSourceMetrics;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.function.Predicate;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;
import org.apache.flink.annotation.VisibleForTesting;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.functions.FunctionContext;
import org.apache.flink.table.functions.LookupFunction;
import org.apache.flink.table.types.logical.LogicalType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Answers lookups from the whole table held at one version, in the heap or on local disk ({@link
 * CachedRows}). It loads the table once; after that, when a lookup finds the held version older
 * than the reload interval, it reads the changes between the held version and the latest one and
 * applies them, so that a refresh costs the changed rows, not the table. It loads the table again
 * only when those changes can no longer be read (their versions expired). The held version is the
 * {@value DuckLakeSourceMetrics#LOOKUP_CACHE_VERSION} gauge, the number of times it loaded the
 * table the {@value DuckLakeSourceMetrics#LOOKUP_CACHE_LOADS} gauge.
 */
@Internal
public final class FullCacheLookupFunction extends LookupFunction {

    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(FullCacheLookupFunction.class);

    private final LookupSettings settings;
    @Nullable private transient LakeLookups lookups;
    @Nullable private transient CachedRows rows;
    @Nullable private transient VersionPins.Pin pin;

    /** The rows this subtask holds: all, or those of its keys when the input is shuffled. */
    @Nullable private transient Predicate<RowData> held;

    private transient volatile long version;
    private transient volatile long loads;
    private transient volatile long checkedAt;
    private transient volatile long heldRows;
    private transient volatile long diskBytes;
    private transient volatile long loadMillis;
    private transient volatile long refreshVersions;
    private transient volatile long refreshMillis;

    public FullCacheLookupFunction(LookupSettings settings) {
        this.settings = settings;
    }

    @Override
    public void open(FunctionContext context) {
        held = heldRows(context);
        lookups = new LakeLookups(settings);
        try {
            load(lookups.engine().latestVersion(settings.tableName()));
        } catch (RuntimeException e) {
            close();
            throw e;
        }
        MetricGroup metrics = context.getMetricGroup();
        metrics.gauge(DuckLakeSourceMetrics.LOOKUP_CACHE_VERSION, () -> version);
        metrics.gauge(DuckLakeSourceMetrics.LOOKUP_CACHE_LOADS, () -> loads);
        metrics.gauge(DuckLakeSourceMetrics.LOOKUP_CACHE_ROWS, () -> heldRows);
        metrics.gauge(DuckLakeSourceMetrics.LOOKUP_CACHE_DISK_BYTES, () -> diskBytes);
        metrics.gauge(DuckLakeSourceMetrics.LOOKUP_CACHE_LOAD_MILLIS, () -> loadMillis);
        metrics.gauge(DuckLakeSourceMetrics.LOOKUP_CACHE_REFRESH_VERSIONS, () -> refreshVersions);
        metrics.gauge(DuckLakeSourceMetrics.LOOKUP_CACHE_REFRESH_MILLIS, () -> refreshMillis);
        metrics.gauge(
                DuckLakeSourceMetrics.LOOKUP_CACHE_AGE_MILLIS,
                () -> System.currentTimeMillis() - checkedAt);
    }

    @Override
    public Collection<RowData> lookup(RowData keyRow) {
        if (System.currentTimeMillis() - checkedAt >= settings.reloadInterval().toMillis()) {
            refresh();
        }
        return rows.lookup(keyRow);
    }

    private void refresh() {
        LakeEngine engine = lookups.engine();
        long checked = System.currentTimeMillis();
        long latest = engine.latestVersion(settings.tableName());
        if (latest != version) {
            refreshVersions = latest - version;
            try {
                apply(latest);
                refreshMillis = System.currentTimeMillis() - checked;
            } catch (LakeCancelledException e) {
                throw e;
            } catch (LakeException e) {
                LOG.info(
                        "Loading {} at version {} again: the changes after version {} cannot be read ({})",
                        settings.table(),
                        latest,
                        version,
                        e.getMessage());
                load(latest);
            }
        }
        checkedAt = checked;
    }

    private void apply(long latest) {
        ChangeRequest.Builder request =
                ChangeRequest.builder(version, latest).columns(settings.rowType().getFieldNames());
        // A filtered change has the images that satisfy the filter: a row leaving it is removed.
        lookups.rowFilter().ifPresent(request::filter);
        List<RowData[]> changes = new ArrayList<>();
        lookups.reads()
                .forEachChange(
                        request.build(),
                        (before, after) -> changes.add(new RowData[] {before, after}));
        // Pinned before the rows change, so that a failure leaves the rows at the version held.
        VersionPins.Pin previous = pin(latest);
        for (RowData[] change : changes) {
            if (change[0] != null && held.test(change[0])) {
                rows.remove(change[0]);
            }
            if (change[1] != null && held.test(change[1])) {
                rows.add(change[1]);
            }
        }
        rows.flush();
        noteSize();
        version = latest;
        previous.close();
        LOG.debug(
                "Applied {} changes of {} up to version {}",
                changes.size(),
                settings.table(),
                latest);
    }

    private void load(long at) {
        long checked = System.currentTimeMillis();
        CachedRows loaded = settings.newCachedRows();
        try {
            ScanRequest.Builder request =
                    ScanRequest.builder().version(at).columns(settings.rowType().getFieldNames());
            lookups.rowFilter().ifPresent(request::filter);
            lookups.reads()
                    .forEachRowReadAhead(
                            request.build(),
                            row -> {
                                if (held.test(row)) {
                                    loaded.add(row);
                                }
                            });
            loaded.loaded();
        } catch (RuntimeException e) {
            loaded.close();
            throw e;
        }
        VersionPins.Pin previous = pin(at);
        CachedRows replaced = rows;
        rows = loaded;
        loads++;
        version = at;
        if (previous != null) {
            previous.close();
        }
        if (replaced != null) {
            replaced.close();
        }
        checkedAt = checked;
        loadMillis = System.currentTimeMillis() - checked;
        noteSize();
        LOG.info(
                "Loaded {} rows of {} at version {} in {} ms",
                loaded.rows(),
                settings.table(),
                at,
                loadMillis);
    }

    /**
     * All rows, or with the input shuffled by {@link LookupKeyPartitioner}, those of the keys Flink
     * sends this subtask.
     */
    private Predicate<RowData> heldRows(FunctionContext context) {
        if (!settings.shuffled()) {
            return row -> true;
        }
        int subtask = context.getTaskInfo().getIndexOfThisSubtask();
        int parallelism = context.getTaskInfo().getNumberOfParallelSubtasks();
        KeyProjection keys =
                new KeyProjection(
                        settings.rowType().getChildren().toArray(LogicalType[]::new),
                        settings.keyPositions());
        return row -> LookupKeyPartitioner.subtaskOf(keys.ofRow(row), parallelism) == subtask;
    }

    /** Publishes the size of the rows held to the gauges, which other threads read. */
    private void noteSize() {
        heldRows = rows.rows();
        diskBytes = rows.bytesOnDisk();
    }

    /**
     * Pins the version against expiry by this process, so that the changes after it stay readable;
     * returns the pin it replaces, for the caller to close once the rows are at the version.
     */
    @Nullable
    private VersionPins.Pin pin(long held) {
        VersionPins.Pin previous = pin;
        pin = lookups.engine().pinVersion(settings.tableName(), held);
        return previous;
    }

    @VisibleForTesting
    long version() {
        return version;
    }

    @VisibleForTesting
    long rowsHeld() {
        return heldRows;
    }

    @VisibleForTesting
    long loads() {
        return loads;
    }

    @Override
    public void close() {
        try {
            if (rows != null) {
                rows.close();
                rows = null;
            }
        } finally {
            try {
                if (pin != null) {
                    pin.close();
                    pin = null;
                }
            } finally {
                closeLookups();
            }
        }
    }

    private void closeLookups() {
        if (lookups != null) {
            lookups.close();
            lookups = null;
        }
    }
}
