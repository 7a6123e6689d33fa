package dev.ducklake.flink.source.enumerator;

import dev.ducklake.flink.common.SerializedBytes;
import dev.ducklake.flink.source.split.DuckLakeSplit;
import dev.ducklake.flink.source.split.DuckLakeSplitSerializer;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.annotation.Internal;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;

/** Serializes the enumerator's checkpoint; the pending splits use the split layout of version 1. */
@Internal
public final class DuckLakeEnumeratorStateSerializer implements SimpleVersionedSerializer<DuckLakeEnumeratorState> {

    public static final DuckLakeEnumeratorStateSerializer INSTANCE = new DuckLakeEnumeratorStateSerializer();
    private static final int VERSION_1 = 1;

    @Override
    public int getVersion() {
        return VERSION_1;
    }

    @Override
    public byte[] serialize(DuckLakeEnumeratorState state) throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(64);
        out.writeLong(state.position());
        out.writeInt(state.buckets());
        out.writeBoolean(state.planningDone());
        out.writeInt(state.pending().size());
        for (DuckLakeSplit split : state.pending()) {
            DuckLakeSplitSerializer.write(split, out);
        }
        return out.getCopyOfBuffer();
    }

    @Override
    public DuckLakeEnumeratorState deserialize(int version, byte[] serialized) throws IOException {
        if (version != VERSION_1) {
            throw new IOException("Unknown version " + version + " of a serialized DuckLake enumerator state");
        }
        DataInputDeserializer in = new DataInputDeserializer(serialized);
        long position = in.readLong();
        int buckets = in.readInt();
        boolean planningDone = in.readBoolean();
        int count = in.readInt();
        List<DuckLakeSplit> pending = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            pending.add(DuckLakeSplitSerializer.read(in));
        }
        SerializedBytes.requireFullyRead(in, "DuckLake enumerator state");
        return new DuckLakeEnumeratorState(position, buckets, pending, planningDone);
    }
}
