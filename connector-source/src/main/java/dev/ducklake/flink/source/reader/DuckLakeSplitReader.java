package dev.ducklake.flink.source.reader;

import dev.ducklake.engine.EngineRegistry;
import dev.ducklake.engine.LakeEngine;
import dev.ducklake.engine.change.Change;
import dev.ducklake.engine.change.ChangeReader;
import dev.ducklake.engine.change.ChangeRequest;
import dev.ducklake.engine.read.RowFilter;
import dev.ducklake.engine.read.RowReader;
import dev.ducklake.engine.read.ScanRequest;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.version.TableVersion;
import dev.ducklake.engine.version.VersionPins;
import dev.ducklake.flink.common.EngineSpec;
import dev.ducklake.flink.source.split.DuckLakeSplit;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.PriorityQueue;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;
import org.apache.flink.connector.base.source.reader.RecordsBySplits;
import org.apache.flink.connector.base.source.reader.RecordsWithSplitIds;
import org.apache.flink.connector.base.source.reader.splitreader.SplitReader;
import org.apache.flink.connector.base.source.reader.splitreader.SplitsAddition;
import org.apache.flink.connector.base.source.reader.splitreader.SplitsChange;

/**
 * Reads a reader's splits one after the other, oldest version first, on the fetcher thread: the
 * enumerator assigns a bucket's ranges in version order, but a restored reader gets the splits of
 * its state back in no particular order. A split's rows or changes are read in their stable order
 * from its offset, a batch per fetch. The versions of the splits it holds stay pinned against
 * expiry by this process's engine.
 */
@Internal
public final class DuckLakeSplitReader implements SplitReader<LakeRecord, DuckLakeSplit> {

    static final int BATCH = 4096;

    /** A bucket's splits in the order of its versions; a snapshot at a version before the changes after it. */
    private static final Comparator<DuckLakeSplit> VERSION_ORDER = Comparator.comparingLong(DuckLakeSplit::from)
            .thenComparing(DuckLakeSplit::kind).thenComparingInt(DuckLakeSplit::bucket);

    private final TableName table;
    private final List<String> columns;
    private final Optional<RowFilter> filter;
    private final boolean stamped;
    private final EngineRegistry.Lease lease;
    private final PriorityQueue<DuckLakeSplit> splits = new PriorityQueue<>(VERSION_ORDER);
    private final Map<String, VersionPins.Pin> pins = new HashMap<>();
    @Nullable private DuckLakeSplit current;
    @Nullable private AutoCloseable cursor;
    @Nullable private Iterator<Change> changes;
    @Nullable private VersionStamp stamp;
    private long offset;

    /**
     * @param columns the columns to read, in order
     * @param filter the condition the read rows and changes satisfy, or null for all of them
     * @param stamped whether each record carries its split's version and commit time
     */
    public DuckLakeSplitReader(EngineSpec engineSpec, TableName table, List<String> columns,
            @Nullable RowFilter filter, boolean stamped) {
        this.table = table;
        this.columns = List.copyOf(columns);
        this.filter = Optional.ofNullable(filter);
        this.stamped = stamped;
        this.lease = EngineRegistry.shared().acquire(engineSpec.toEngineConfig());
    }

    @Override
    public RecordsWithSplitIds<LakeRecord> fetch() {
        RecordsBySplits.Builder<LakeRecord> records = new RecordsBySplits.Builder<>();
        if (current == null) {
            current = splits.poll();
            if (current == null) {
                return records.build();
            }
            open(current);
        }
        for (int i = 0; i < BATCH && changes.hasNext(); i++) {
            records.add(current, new LakeRecord(changes.next(), ++offset, stamp));
        }
        if (!changes.hasNext()) {
            records.addFinishedSplit(current.splitId());
            finish();
        }
        return records.build();
    }

    private void open(DuckLakeSplit split) {
        LakeEngine engine = lease.engine();
        offset = split.offset();
        if (stamped) {
            TableVersion version = engine.version(table, split.to());
            stamp = new VersionStamp(version.id(), version.committedAt().toEpochMilli());
        }
        if (split.kind() == DuckLakeSplit.Kind.SNAPSHOT) {
            ScanRequest.Builder request = ScanRequest.builder().version(split.to()).columns(columns)
                    .bucket(split.bucketOfKeys()).orderByKey(true).offset(offset);
            filter.ifPresent(request::filter);
            RowReader rows = engine.read(table, request.build());
            cursor = rows;
            changes = new Iterator<>() {
                @Override
                public boolean hasNext() {
                    return rows.hasNext();
                }

                @Override
                public Change next() {
                    return new Change(null, rows.next());
                }
            };
        } else {
            ChangeRequest.Builder request = ChangeRequest.builder(split.from(), split.to()).columns(columns)
                    .bucket(split.bucketOfKeys()).ordered(true).offset(offset);
            filter.ifPresent(request::filter);
            ChangeReader reader = engine.changes(table, request.build());
            cursor = reader;
            changes = reader;
        }
    }

    private void finish() {
        closeCursor();
        VersionPins.Pin pin = pins.remove(current.splitId());
        if (pin != null) {
            pin.close();
        }
        current = null;
    }

    @Override
    public void handleSplitsChanges(SplitsChange<DuckLakeSplit> change) {
        if (!(change instanceof SplitsAddition)) {
            throw new UnsupportedOperationException("Unsupported split change " + change.getClass().getSimpleName());
        }
        for (DuckLakeSplit split : change.splits()) {
            pins.put(split.splitId(), lease.engine().pinVersion(table, split.oldestVersion()));
            splits.add(split);
        }
    }

    @Override
    public void wakeUp() {
        // A fetch reads at most one batch, so it returns soon by itself.
    }

    @Override
    public void close() throws Exception {
        closeCursor();
        pins.values().forEach(VersionPins.Pin::close);
        pins.clear();
        lease.close();
    }

    private void closeCursor() {
        if (cursor != null) {
            try {
                cursor.close();
            } catch (Exception e) {
                throw new IllegalStateException("Could not close the read of " + table, e);
            }
            cursor = null;
            changes = null;
        }
    }
}
