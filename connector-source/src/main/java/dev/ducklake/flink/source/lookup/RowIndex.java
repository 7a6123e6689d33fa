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
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.flink.annotation.Internal;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.runtime.typeutils.RowDataSerializer;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;

/**
 * The rows of a table in memory by lookup key, so that a full cache of millions of rows fits a
 * TaskManager's heap and loads without strain on the garbage collector: each row is one array
 * holding its serialized key and row, in an open-addressing table of such arrays (linear probing; a
 * key with several rows has several entries). Not thread-safe.
 */
@Internal
final class RowIndex {

    /** The mark of a removed entry, which a probe passes over. */
    private static final byte[] REMOVED = new byte[0];

    private static final int KEY_LENGTH_BYTES = Integer.BYTES;

    private final KeyProjection keys;
    private final RowDataSerializer rowSerializer;
    private final RowDataSerializer keySerializer;
    private final DataOutputSerializer out = new DataOutputSerializer(256);
    private final DataInputDeserializer in = new DataInputDeserializer();

    /** Each entry: the key's length in bytes, the key, then the row; null where free. */
    private byte[][] entries = new byte[1024][];

    /** The hash of each entry's key. */
    private int[] hashes = new int[1024];

    private int rows;

    /** Entries and removal marks: a probe ends only at a free slot. */
    private int occupied;

    RowIndex(RowType rowType, int[] keyPositions) {
        LogicalType[] types = rowType.getChildren().toArray(LogicalType[]::new);
        this.keys = new KeyProjection(types, keyPositions);
        this.rowSerializer = new RowDataSerializer(types);
        this.keySerializer =
                new RowDataSerializer(
                        Arrays.stream(keyPositions)
                                .mapToObj(p -> types[p])
                                .toArray(LogicalType[]::new));
    }

    /** The rows held. */
    int rows() {
        return rows;
    }

    /** Adds a row; one with a NULL key column is not held, since no lookup matches it. */
    void add(RowData row) {
        RowData keyRow = keys.ofRow(row);
        if (hasNull(keyRow)) {
            return;
        }
        byte[] entry = entry(keyRow, row);
        if ((occupied + 1) * 2 > entries.length) {
            resize();
        }
        int hash = hash(entry, KEY_LENGTH_BYTES, KEY_LENGTH_BYTES + keyLength(entry));
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

    /** Removes one row equal to the given one in every column, if one is held. */
    void remove(RowData row) {
        RowData keyRow = keys.ofRow(row);
        if (hasNull(keyRow)) {
            return;
        }
        byte[] entry = entry(keyRow, row);
        int hash = hash(entry, KEY_LENGTH_BYTES, KEY_LENGTH_BYTES + keyLength(entry));
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

    /** The rows of a lookup's key row; none for a key with a NULL, as in SQL. */
    List<RowData> lookup(RowData keyRow) {
        RowData key = keys.ofKey(keyRow);
        if (hasNull(key)) {
            return List.of();
        }
        serialize(keySerializer, key);
        byte[] keyBytes = out.getSharedBuffer();
        int keyLength = out.length();
        int hash = hash(keyBytes, 0, keyLength);
        int mask = entries.length - 1;
        List<RowData> found = List.of();
        for (int slot = hash & mask; entries[slot] != null; slot = (slot + 1) & mask) {
            byte[] entry = entries[slot];
            if (hashes[slot] == hash
                    && entry != REMOVED
                    && keyLength(entry) == keyLength
                    && Arrays.equals(
                            entry,
                            KEY_LENGTH_BYTES,
                            KEY_LENGTH_BYTES + keyLength,
                            keyBytes,
                            0,
                            keyLength)) {
                if (found.isEmpty()) {
                    found = new ArrayList<>(1);
                }
                found.add(row(entry));
            }
        }
        return found;
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

    private byte[] entry(RowData keyRow, RowData row) {
        out.clear();
        try {
            out.writeInt(0);
            keySerializer.serialize(keyRow, out);
            int keyLength = out.length() - KEY_LENGTH_BYTES;
            rowSerializer.serialize(row, out);
            byte[] entry = out.getCopyOfBuffer();
            ByteBuffer.wrap(entry).putInt(0, keyLength);
            return entry;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static int keyLength(byte[] entry) {
        return ByteBuffer.wrap(entry).getInt(0);
    }

    /** The key's bytes hashed, with the high bits spread into the low ones that pick a slot. */
    private static int hash(byte[] bytes, int from, int to) {
        int hash = 1;
        for (int i = from; i < to; i++) {
            hash = 31 * hash + bytes[i];
        }
        hash *= 0x9E3779B9;
        return hash ^ (hash >>> 16);
    }

    private RowData row(byte[] entry) {
        int rowStart = KEY_LENGTH_BYTES + keyLength(entry);
        in.setBuffer(entry, rowStart, entry.length - rowStart);
        try {
            return rowSerializer.deserialize(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void serialize(RowDataSerializer serializer, RowData row) {
        out.clear();
        try {
            serializer.serialize(row, out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean hasNull(RowData key) {
        for (int i = 0; i < key.getArity(); i++) {
            if (key.isNullAt(i)) {
                return true;
            }
        }
        return false;
    }
}
