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

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.RowType;

/**
 * The rows of a table in the heap by lookup key, so that a full cache of millions of rows fits a
 * TaskManager's heap and loads without strain on the garbage collector: each row is one {@link
 * RowCodec} entry, in an open-addressing table of such arrays (linear probing; a key with several
 * rows has several entries). Not thread-safe.
 */
@Internal
final class RowIndex implements CachedRows {

    /** The mark of a removed entry, which a probe passes over. */
    private static final byte[] REMOVED = new byte[0];

    private final RowCodec codec;

    /** Each entry, null where free. */
    private byte[][] entries = new byte[1024][];

    /** The hash of each entry's key. */
    private int[] hashes = new int[1024];

    private int rows;

    /** Entries and removal marks: a probe ends only at a free slot. */
    private int occupied;

    RowIndex(RowType rowType, int[] keyPositions) {
        this.codec = new RowCodec(rowType, keyPositions);
    }

    @Override
    public long rows() {
        return rows;
    }

    @Override
    public long bytesOnDisk() {
        return 0;
    }

    @Override
    public void add(RowData row) {
        byte[] entry = codec.entry(row);
        if (entry == null) {
            return;
        }
        if ((occupied + 1) * 2 > entries.length) {
            resize();
        }
        int hash = RowCodec.keyHash(entry, RowCodec.prefixLength(entry));
        int mask = entries.length - 1;
        int slot = hash & mask;
        while (entries[slot] != null && entries[slot] != REMOVED) {
            slot = (slot + 1) & mask;
        }
        if (entries[slot] == null) {
            occupied++;
        }
        entries[slot] = entry;
        hashes[slot] = hash;
        rows++;
    }

    @Override
    public void remove(RowData row) {
        byte[] entry = codec.entry(row);
        if (entry == null) {
            return;
        }
        int hash = RowCodec.keyHash(entry, RowCodec.prefixLength(entry));
        int mask = entries.length - 1;
        for (int slot = hash & mask; entries[slot] != null; slot = (slot + 1) & mask) {
            // One copy: a table may hold equal rows, and a delete removes one of them.
            if (hashes[slot] == hash && Arrays.equals(entries[slot], entry)) {
                entries[slot] = REMOVED;
                rows--;
                return;
            }
        }
    }

    @Override
    public List<RowData> lookup(RowData keyRow) {
        int length = codec.prefix(keyRow);
        if (length < 0) {
            return List.of();
        }
        byte[] prefix = codec.prefixBuffer();
        int hash = RowCodec.keyHash(prefix, length);
        int mask = entries.length - 1;
        List<RowData> found = List.of();
        for (int slot = hash & mask; entries[slot] != null; slot = (slot + 1) & mask) {
            byte[] entry = entries[slot];
            if (hashes[slot] == hash
                    && entry != REMOVED
                    && RowCodec.hasPrefix(entry, prefix, length)) {
                if (found.isEmpty()) {
                    found = new ArrayList<>(1);
                }
                found.add(codec.row(entry));
            }
        }
        return found;
    }

    @Override
    public void loaded() {}

    @Override
    public void flush() {}

    @Override
    public void close() {
        entries = new byte[1][];
        hashes = new int[1];
        rows = 0;
        occupied = 0;
    }

    /** Twice the room, without the removal marks. */
    private void resize() {
        byte[][] held = entries;
        int[] heldHashes = hashes;
        int capacity = Math.max(held.length, Integer.highestOneBit(Math.max(rows, 1)) * 4);
        entries = new byte[capacity][];
        hashes = new int[capacity];
        int mask = capacity - 1;
        for (int i = 0; i < held.length; i++) {
            if (held[i] != null && held[i] != REMOVED) {
                int slot = heldHashes[i] & mask;
                while (entries[slot] != null) {
                    slot = (slot + 1) & mask;
                }
                entries[slot] = held[i];
                hashes[slot] = heldHashes[i];
            }
        }
        occupied = rows;
    }
}
