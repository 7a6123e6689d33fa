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
import java.util.Arrays;
import org.apache.flink.annotation.Internal;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.runtime.typeutils.RowDataSerializer;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;

/**
 * The serialized form in which a full cache holds a row: one array of the key's length in bytes,
 * the key, then the row. The entries of one lookup key start with the same bytes, its {@link
 * #prefix}. Not thread-safe.
 */
@Internal
final class RowCodec {

    private static final int KEY_LENGTH_BYTES = Integer.BYTES;

    private final KeyProjection keys;
    private final RowDataSerializer rowSerializer;
    private final RowDataSerializer keySerializer;
    private final DataOutputSerializer out = new DataOutputSerializer(256);
    private final DataInputDeserializer in = new DataInputDeserializer();

    RowCodec(RowType rowType, int[] keyPositions) {
        LogicalType[] types = rowType.getChildren().toArray(LogicalType[]::new);
        this.keys = new KeyProjection(types, keyPositions);
        this.rowSerializer = new RowDataSerializer(types);
        this.keySerializer =
                new RowDataSerializer(
                        Arrays.stream(keyPositions)
                                .mapToObj(p -> types[p])
                                .toArray(LogicalType[]::new));
    }

    /** The row's entry; null when a key column is NULL, since no lookup matches such a row. */
    byte[] entry(RowData row) {
        RowData keyRow = keys.ofRow(row);
        if (hasNull(keyRow)) {
            return null;
        }
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

    /**
     * Writes the prefix of the entries of a lookup's key row to {@link #prefixBuffer()} and returns
     * its length; -1 for a key with a NULL, which matches no row, as in SQL.
     */
    int prefix(RowData keyRow) {
        RowData key = keys.ofKey(keyRow);
        if (hasNull(key)) {
            return -1;
        }
        out.clear();
        try {
            out.writeInt(0);
            keySerializer.serialize(key, out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        int length = out.length();
        ByteBuffer.wrap(out.getSharedBuffer()).putInt(0, length - KEY_LENGTH_BYTES);
        return length;
    }

    /** The buffer {@link #prefix} wrote, valid until the next call of this codec. */
    byte[] prefixBuffer() {
        return out.getSharedBuffer();
    }

    /** The row of an entry. */
    RowData row(byte[] entry) {
        int rowStart = prefixLength(entry);
        return row(entry, rowStart, entry.length - rowStart);
    }

    /** The row serialized in {@code length} bytes from {@code offset}, as an entry holds it. */
    RowData row(byte[] bytes, int offset, int length) {
        in.setBuffer(bytes, offset, length);
        try {
            return rowSerializer.deserialize(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Whether the entry is one of the key whose prefix is the first {@code length} bytes. */
    static boolean hasPrefix(byte[] entry, byte[] prefix, int length) {
        return entry.length >= length && Arrays.equals(entry, 0, length, prefix, 0, length);
    }

    /** The length of the entry's prefix: the key's length and the key. */
    static int prefixLength(byte[] entry) {
        return KEY_LENGTH_BYTES + keyLength(entry);
    }

    /** The hash of the key in a prefix or an entry whose prefix is {@code length} bytes. */
    static int keyHash(byte[] bytes, int length) {
        int hash = 1;
        for (int i = KEY_LENGTH_BYTES; i < length; i++) {
            hash = 31 * hash + bytes[i];
        }
        return spread(hash);
    }

    /** A hash with its high bits spread into the low ones, which pick a slot or a subtask. */
    static int spread(int hash) {
        int h = hash * 0x9E3779B9;
        return h ^ (h >>> 16);
    }

    private static int keyLength(byte[] entry) {
        return ByteBuffer.wrap(entry).getInt(0);
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
