package dev.ducklake.flink.common;

import java.io.IOException;
import org.apache.flink.annotation.Internal;
import org.apache.flink.core.memory.DataInputDeserializer;

/** Checks shared by the connector's serializers. */
@Internal
public final class SerializedBytes {

    private SerializedBytes() {}

    /** Refuses trailing bytes: they mean the bytes were written by another format. */
    public static void requireFullyRead(DataInputDeserializer in, String what) throws IOException {
        if (in.available() > 0) {
            throw new IOException("Serialized " + what + " has " + in.available() + " unexpected trailing bytes");
        }
    }
}
