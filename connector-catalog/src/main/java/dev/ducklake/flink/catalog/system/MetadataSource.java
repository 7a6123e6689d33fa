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

package dev.ducklake.flink.catalog.system;

import dev.ducklake.engine.EngineRegistry;
import dev.ducklake.engine.error.LakeException;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.flink.common.EngineSpec;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.function.Supplier;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.connector.source.Boundedness;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.api.connector.source.lib.util.IteratorSourceEnumerator;
import org.apache.flink.api.connector.source.lib.util.IteratorSourceReaderBase;
import org.apache.flink.api.connector.source.lib.util.IteratorSourceSplit;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.apache.flink.table.data.RowData;
import org.apache.flink.util.FlinkRuntimeException;

/**
 * The bounded source of a system table: one split, whose reader reads the rows from the engine when
 * the job runs (not at planning), through the shared {@link EngineRegistry}, and holds the lake
 * only while it reads. A checkpoint keeps the number of rows emitted; a restore reads the rows
 * again and skips those.
 */
@Internal
final class MetadataSource
        implements Source<RowData, MetadataSource.Split, Collection<MetadataSource.Split>> {

    private static final long serialVersionUID = 1L;

    private final EngineSpec spec;
    private final SystemTable table;
    private final String schema;
    private final String tableName;

    MetadataSource(EngineSpec spec, SystemTable table, TableName base) {
        this.spec = spec;
        this.table = table;
        this.schema = base.schema();
        this.tableName = base.table();
    }

    @Override
    public Boundedness getBoundedness() {
        return Boundedness.BOUNDED;
    }

    @Override
    public SplitEnumerator<Split, Collection<Split>> createEnumerator(
            SplitEnumeratorContext<Split> context) {
        return new IteratorSourceEnumerator<>(context, List.of(new Split(0, null)));
    }

    @Override
    public SplitEnumerator<Split, Collection<Split>> restoreEnumerator(
            SplitEnumeratorContext<Split> context, Collection<Split> checkpoint) {
        return new IteratorSourceEnumerator<>(context, checkpoint);
    }

    @Override
    public SimpleVersionedSerializer<Split> getSplitSerializer() {
        return new SplitSerializer();
    }

    @Override
    public SimpleVersionedSerializer<Collection<Split>> getEnumeratorCheckpointSerializer() {
        return new CheckpointSerializer();
    }

    @Override
    public SourceReader<RowData, Split> createReader(SourceReaderContext context) {
        return new Reader(context, this::readRows);
    }

    /** The system table's name, {@code main.orders$files}. */
    String name() {
        return TableName.of(schema, tableName) + SystemTable.SEPARATOR + table.suffix();
    }

    private List<RowData> readRows() {
        try (EngineRegistry.Lease lease = EngineRegistry.shared().acquire(spec.toEngineConfig())) {
            return table.read(lease.engine(), TableName.of(schema, tableName));
        } catch (LakeException e) {
            throw new FlinkRuntimeException(
                    "Could not read the system table " + name() + ": " + e.getMessage(), e);
        }
    }

    /** The one split: the rows emitted so far, and (in the reader only) how to read the rows. */
    static final class Split implements IteratorSourceSplit<RowData, Rows> {

        private final long emitted;
        private final Supplier<List<RowData>> rows;

        Split(long emitted, Supplier<List<RowData>> rows) {
            this.emitted = emitted;
            this.rows = rows;
        }

        /** The rows emitted before the split was checkpointed. */
        long emitted() {
            return emitted;
        }

        @Override
        public String splitId() {
            return "0";
        }

        @Override
        public Rows getIterator() {
            return new Rows(rows.get(), emitted);
        }

        @Override
        public Split getUpdatedSplitForIterator(Rows iterator) {
            return new Split(iterator.position, rows);
        }
    }

    /** The rows from a position on. */
    static final class Rows implements Iterator<RowData> {

        private final List<RowData> rows;
        private long position;

        Rows(List<RowData> rows, long position) {
            this.rows = rows;
            this.position = position;
        }

        @Override
        public boolean hasNext() {
            return position < rows.size();
        }

        @Override
        public RowData next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            return rows.get((int) position++);
        }
    }

    /** Emits the rows of its split, which it gives the way to read them. */
    private static final class Reader
            extends IteratorSourceReaderBase<RowData, RowData, Rows, Split> {

        private final SourceReaderContext context;
        private final Supplier<List<RowData>> rows;

        Reader(SourceReaderContext context, Supplier<List<RowData>> rows) {
            super(context);
            this.context = context;
            this.rows = rows;
        }

        /**
         * Reads the rows of each split and keeps the splits with rows left: the base class takes a
         * split it moves to for one with a next row. A reader whose split had none asks for the
         * next, as after a finished split, so that it learns there are no more.
         */
        @Override
        public void addSplits(List<Split> splits) {
            List<Split> withRows = new ArrayList<>();
            for (Split split : splits) {
                List<RowData> all = rows.get();
                if (split.emitted < all.size()) {
                    withRows.add(new Split(split.emitted, () -> all));
                }
            }
            super.addSplits(withRows);
            if (withRows.size() < splits.size()) {
                context.sendSplitRequest();
            }
        }

        @Override
        protected RowData convert(RowData row) {
            return row;
        }
    }

    /** A split as the number of rows emitted. */
    static final class SplitSerializer implements SimpleVersionedSerializer<Split> {

        private static final int VERSION = 1;

        @Override
        public int getVersion() {
            return VERSION;
        }

        @Override
        public byte[] serialize(Split split) {
            return ByteBuffer.allocate(Long.BYTES).putLong(split.emitted).array();
        }

        @Override
        public Split deserialize(int version, byte[] serialized) throws IOException {
            if (version != VERSION) {
                throw new IOException(
                        "Unknown version " + version + " of a DuckLake system table split");
            }
            return new Split(ByteBuffer.wrap(serialized).getLong(), null);
        }
    }

    /** The enumerator's splits not yet assigned: none, or the one split. */
    static final class CheckpointSerializer
            implements SimpleVersionedSerializer<Collection<Split>> {

        private static final int VERSION = 1;

        @Override
        public int getVersion() {
            return VERSION;
        }

        @Override
        public byte[] serialize(Collection<Split> splits) {
            ByteBuffer buffer =
                    ByteBuffer.allocate(Integer.BYTES + splits.size() * Long.BYTES)
                            .putInt(splits.size());
            splits.forEach(split -> buffer.putLong(split.emitted));
            return buffer.array();
        }

        @Override
        public Collection<Split> deserialize(int version, byte[] serialized) throws IOException {
            if (version != VERSION) {
                throw new IOException(
                        "Unknown version " + version + " of a DuckLake system table checkpoint");
            }
            ByteBuffer buffer = ByteBuffer.wrap(serialized);
            List<Split> splits = new ArrayList<>();
            for (int n = buffer.getInt(); n > 0; n--) {
                splits.add(new Split(buffer.getLong(), null));
            }
            return splits;
        }
    }
}
