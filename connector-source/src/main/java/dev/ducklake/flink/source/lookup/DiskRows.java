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

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.RowType;
import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.BloomFilter;
import org.rocksdb.CompressionType;
import org.rocksdb.DataBlockIndexType;
import org.rocksdb.LRUCache;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.StringAppendOperator;
import org.rocksdb.WriteBatch;
import org.rocksdb.WriteOptions;

/**
 * The rows of a table in RocksDB on local disk, in a directory of its own that {@link #close}
 * deletes. The key of a lookup key's rows is the {@link RowCodec#prefix} of their entries, so a
 * lookup is one point read, which a Bloom filter answers for most missing keys and a hash index in
 * each block finds without a binary search. The loaded table is compacted once, so that a read
 * looks in few files. The value holds the key's rows one after another, each as its length and its
 * bytes: RocksDB's string-append merge operator (with no delimiter) adds a row without reading the
 * others. Writes skip the write-ahead log: a store that a crash interrupts is rebuilt from the
 * lake. The heap holds none of the rows; RocksDB's memory, off the heap, is its write buffers, a
 * bounded block cache, and its filters and indexes (about 1.5 bytes per row). Not thread-safe.
 */
@Internal
final class DiskRows implements CachedRows {

    /** RocksDB's memory for recently read blocks. */
    private static final long BLOCK_CACHE_BYTES = 64L << 20;

    private static final double BLOOM_BITS_PER_KEY = 10;

    /** Rows written together. */
    private static final int BATCH_ROWS = 4096;

    private static final int LENGTH_BYTES = Integer.BYTES;

    static {
        RocksDB.loadLibrary();
    }

    private final RowCodec codec;
    private final Path directory;
    private final LRUCache blockCache;
    private final BloomFilter bloomFilter;
    private final StringAppendOperator appendOperator;
    private final Options options;
    private final WriteOptions writeOptions;
    private final RocksDB db;
    private final WriteBatch batch = new WriteBatch();
    private long rows;

    /** A store in a new directory under {@code parent}. */
    DiskRows(RowType rowType, int[] keyPositions, Path parent) {
        this.codec = new RowCodec(rowType, keyPositions);
        try {
            Files.createDirectories(parent);
            this.directory = Files.createTempDirectory(parent, "ducklake-lookup-");
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "Could not create the lookup cache's directory under " + parent, e);
        }
        this.blockCache = new LRUCache(BLOCK_CACHE_BYTES);
        this.bloomFilter = new BloomFilter(BLOOM_BITS_PER_KEY);
        this.appendOperator = new StringAppendOperator("");
        this.options =
                new Options()
                        .setCreateIfMissing(true)
                        .setMergeOperator(appendOperator)
                        .setCompressionType(CompressionType.LZ4_COMPRESSION)
                        .setTableFormatConfig(
                                new BlockBasedTableConfig()
                                        .setBlockCache(blockCache)
                                        .setFilterPolicy(bloomFilter)
                                        .setDataBlockIndexType(
                                                DataBlockIndexType.kDataBlockBinaryAndHash));
        this.writeOptions = new WriteOptions().setDisableWAL(true);
        try {
            this.db = RocksDB.open(options, directory.toString());
        } catch (RocksDBException e) {
            close();
            throw new IllegalStateException(
                    "Could not open the lookup cache's store in " + directory, e);
        }
    }

    @Override
    public void add(RowData row) {
        byte[] entry = codec.entry(row);
        if (entry != null) {
            call("add a row to", () -> append(entry));
            rows++;
        }
    }

    @Override
    public void remove(RowData row) {
        byte[] entry = codec.entry(row);
        if (entry != null && call("remove a row from", () -> removeOne(entry))) {
            rows--;
        }
    }

    @Override
    public List<RowData> lookup(RowData keyRow) {
        int length = codec.prefix(keyRow);
        if (length < 0) {
            return List.of();
        }
        byte[] key = Arrays.copyOf(codec.prefixBuffer(), length);
        byte[] value = call("read", () -> db.get(key));
        if (value == null) {
            return List.of();
        }
        List<RowData> found = new ArrayList<>(1);
        for (int at = 0; at < value.length; ) {
            int rowLength = ByteBuffer.wrap(value).getInt(at);
            found.add(codec.row(value, at + LENGTH_BYTES, rowLength));
            at += LENGTH_BYTES + rowLength;
        }
        return found;
    }

    @Override
    public long rows() {
        return rows;
    }

    @Override
    public long bytesOnDisk() {
        return call("measure", () -> db.getLongProperty("rocksdb.total-sst-files-size"));
    }

    /** Compacts the loaded rows into sorted levels, so that a lookup reads few files. */
    @Override
    public void loaded() {
        call(
                "compact",
                () -> {
                    write();
                    db.compactRange();
                    return null;
                });
    }

    @Override
    public void flush() {
        call(
                "write to",
                () -> {
                    write();
                    return null;
                });
    }

    @Override
    public void close() {
        batch.close();
        if (db != null) {
            db.close();
        }
        writeOptions.close();
        options.close();
        appendOperator.close();
        bloomFilter.close();
        blockCache.close();
        deleteDirectory();
    }

    /** Adds the entry's row to its key's value, batched, without reading the value. */
    private Void append(byte[] entry) throws RocksDBException {
        int prefixLength = RowCodec.prefixLength(entry);
        int rowLength = entry.length - prefixLength;
        byte[] item =
                ByteBuffer.allocate(LENGTH_BYTES + rowLength)
                        .putInt(rowLength)
                        .put(entry, prefixLength, rowLength)
                        .array();
        batch.merge(Arrays.copyOf(entry, prefixLength), item);
        if (batch.count() >= BATCH_ROWS) {
            write();
        }
        return null;
    }

    /**
     * Removes one copy of the entry's row from its key's value (a table may hold equal rows, and a
     * delete removes one of them); whether one was held.
     */
    private boolean removeOne(byte[] entry) throws RocksDBException {
        int prefixLength = RowCodec.prefixLength(entry);
        byte[] key = Arrays.copyOf(entry, prefixLength);
        write();
        byte[] value = db.get(key);
        for (int at = 0; value != null && at < value.length; ) {
            int rowLength = ByteBuffer.wrap(value).getInt(at);
            int next = at + LENGTH_BYTES + rowLength;
            if (Arrays.equals(value, at + LENGTH_BYTES, next, entry, prefixLength, entry.length)) {
                if (value.length == next - at) {
                    db.delete(writeOptions, key);
                } else {
                    byte[] rest = new byte[value.length - (next - at)];
                    System.arraycopy(value, 0, rest, 0, at);
                    System.arraycopy(value, next, rest, at, value.length - next);
                    db.put(writeOptions, key, rest);
                }
                return true;
            }
            at = next;
        }
        return false;
    }

    private void write() throws RocksDBException {
        if (batch.count() > 0) {
            db.write(writeOptions, batch);
            batch.clear();
        }
    }

    private void deleteDirectory() {
        try (Stream<Path> files = Files.walk(directory)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(file);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "Could not delete the lookup cache's directory " + directory, e);
        }
    }

    /** Calls of RocksDB's. */
    @FunctionalInterface
    private interface RocksCall<T> {
        T run() throws RocksDBException;
    }

    /** The call's result; a failure names what the call did and the store. */
    private <T> T call(String what, RocksCall<T> call) {
        try {
            return call.run();
        } catch (RocksDBException e) {
            throw new IllegalStateException(
                    "Could not " + what + " the lookup cache's store in " + directory, e);
        }
    }
}
