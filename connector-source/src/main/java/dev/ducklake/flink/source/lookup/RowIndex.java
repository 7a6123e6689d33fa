package dev.ducklake.flink.source.lookup;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.annotation.Internal;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.runtime.typeutils.RowDataSerializer;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;

/**
 * The rows of a table in memory by lookup key, each row and key held as its serialized bytes (a
 * row costs its serialized form plus about 150 bytes of array headers, map entry and key), so that
 * a full cache of millions of rows fits a TaskManager's heap. Not thread-safe.
 */
@Internal
final class RowIndex {

    private final KeyProjection keys;
    private final RowDataSerializer rowSerializer;
    private final RowDataSerializer keySerializer;
    private final DataOutputSerializer out = new DataOutputSerializer(256);
    private final DataInputDeserializer in = new DataInputDeserializer();
    /** A key's row as byte[], or its rows as a List of byte[] when it has several. */
    private final Map<Bytes, Object> rows = new HashMap<>();

    RowIndex(RowType rowType, int[] keyPositions) {
        LogicalType[] types = rowType.getChildren().toArray(LogicalType[]::new);
        this.keys = new KeyProjection(types, keyPositions);
        this.rowSerializer = new RowDataSerializer(types);
        this.keySerializer = new RowDataSerializer(Arrays.stream(keyPositions).mapToObj(p -> types[p])
                .toArray(LogicalType[]::new));
    }

    int keys() {
        return rows.size();
    }

    /** Adds a row; one with a NULL key column is not held, since no lookup matches it. */
    void add(RowData row) {
        RowData keyRow = keys.ofRow(row);
        if (hasNull(keyRow)) {
            return;
        }
        Bytes key = new Bytes(serialize(keySerializer, keyRow));
        byte[] bytes = serialize(rowSerializer, row);
        rows.merge(key, bytes, (held, added) -> {
            List<byte[]> all = held instanceof byte[] one ? new ArrayList<>(List.of(one)) : asList(held);
            all.add((byte[]) added);
            return all;
        });
    }

    void remove(RowData row) {
        RowData keyRow = keys.ofRow(row);
        if (hasNull(keyRow)) {
            return;
        }
        Bytes key = new Bytes(serialize(keySerializer, keyRow));
        byte[] bytes = serialize(rowSerializer, row);
        rows.computeIfPresent(key, (k, held) -> {
            if (held instanceof byte[] one) {
                return Arrays.equals(one, bytes) ? null : one;
            }
            // One copy: a table may hold equal rows, and a delete removes one of them.
            List<byte[]> all = asList(held);
            for (int i = 0; i < all.size(); i++) {
                if (Arrays.equals(all.get(i), bytes)) {
                    all.remove(i);
                    break;
                }
            }
            return all.size() == 1 ? all.get(0) : all;
        });
    }

    /** The rows of a lookup's key row; none for a key with a NULL, as in SQL. */
    List<RowData> lookup(RowData keyRow) {
        RowData key = keys.ofKey(keyRow);
        if (hasNull(key)) {
            return List.of();
        }
        Object held = rows.get(new Bytes(serialize(keySerializer, key)));
        if (held == null) {
            return List.of();
        }
        if (held instanceof byte[] one) {
            return List.of(deserialize(one));
        }
        List<RowData> found = new ArrayList<>();
        asList(held).forEach(bytes -> found.add(deserialize(bytes)));
        return found;
    }

    private static boolean hasNull(RowData key) {
        for (int i = 0; i < key.getArity(); i++) {
            if (key.isNullAt(i)) {
                return true;
            }
        }
        return false;
    }

    @SuppressWarnings("unchecked")
    private static List<byte[]> asList(Object held) {
        return (List<byte[]>) held;
    }

    private byte[] serialize(RowDataSerializer serializer, RowData row) {
        out.clear();
        try {
            serializer.serialize(row, out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.getCopyOfBuffer();
    }

    private RowData deserialize(byte[] bytes) {
        in.setBuffer(bytes);
        try {
            return rowSerializer.deserialize(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Bytes compared by content. */
    private static final class Bytes {
        private final byte[] bytes;
        private final int hash;

        Bytes(byte[] bytes) {
            this.bytes = bytes;
            this.hash = Arrays.hashCode(bytes);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Bytes other && hash == other.hash && Arrays.equals(bytes, other.bytes);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }
}
