package dev.ducklake.flink.source.split;

import dev.ducklake.flink.common.SerializedBytes;
import java.io.IOException;
import org.apache.flink.annotation.Internal;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.core.memory.DataOutputView;

/** Serializes {@link DuckLakeSplit}s into checkpoints and enumerator-to-reader messages. */
@Internal
public final class DuckLakeSplitSerializer implements SimpleVersionedSerializer<DuckLakeSplit> {

    public static final DuckLakeSplitSerializer INSTANCE = new DuckLakeSplitSerializer();

    static final int VERSION_1 = 1;
    private static final int CURRENT_VERSION = VERSION_1;

    @Override
    public int getVersion() {
        return CURRENT_VERSION;
    }

    @Override
    public byte[] serialize(DuckLakeSplit split) throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(40);
        write(split, out);
        return out.getCopyOfBuffer();
    }

    @Override
    public DuckLakeSplit deserialize(int version, byte[] serialized) throws IOException {
        return switch (version) {
            case VERSION_1 -> readVersion1(serialized);
            default -> throw new IOException("Unknown version " + version + " of a DuckLake split; this source reads"
                    + " version " + VERSION_1);
        };
    }

    private static DuckLakeSplit readVersion1(byte[] serialized) throws IOException {
        DataInputDeserializer in = new DataInputDeserializer(serialized);
        DuckLakeSplit split = read(in);
        SerializedBytes.requireFullyRead(in, "DuckLake split");
        return split;
    }

    /** Writes a split in version 1's layout, for a serializer that embeds splits. */
    public static void write(DuckLakeSplit split, DataOutputView out) throws IOException {
        out.writeByte(split.kind().ordinal());
        out.writeLong(split.from());
        out.writeLong(split.to());
        out.writeInt(split.bucket());
        out.writeInt(split.buckets());
        out.writeLong(split.offset());
    }

    /** Reads a split in version 1's layout, for a serializer that embeds splits. */
    public static DuckLakeSplit read(DataInputView in) throws IOException {
        int kind = in.readByte();
        if (kind < 0 || kind >= DuckLakeSplit.Kind.values().length) {
            throw new IOException("Unknown kind " + kind + " of a serialized DuckLake split");
        }
        return new DuckLakeSplit(DuckLakeSplit.Kind.values()[kind], in.readLong(), in.readLong(), in.readInt(),
                in.readInt(), in.readLong());
    }
}
