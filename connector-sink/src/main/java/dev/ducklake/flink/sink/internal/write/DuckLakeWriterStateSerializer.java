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

package dev.ducklake.flink.sink.internal.write;

import dev.ducklake.flink.common.SerializedBytes;
import java.io.IOException;
import org.apache.flink.annotation.Internal;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;

/** Versioned bytes of a {@link DuckLakeWriterState}. */
@Internal
public final class DuckLakeWriterStateSerializer
        implements SimpleVersionedSerializer<DuckLakeWriterState> {

    public static final int VERSION_1 = 1;
    private static final int CURRENT_VERSION = VERSION_1;

    @Override
    public int getVersion() {
        return CURRENT_VERSION;
    }

    @Override
    public byte[] serialize(DuckLakeWriterState state) throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(64);
        out.writeUTF(state.sinkId());
        return out.getCopyOfBuffer();
    }

    @Override
    public DuckLakeWriterState deserialize(int version, byte[] serialized) throws IOException {
        return switch (version) {
            case VERSION_1 -> readVersion1(serialized);
            default ->
                    throw new IOException(
                            "Unknown version "
                                    + version
                                    + " of a DuckLake writer state; this sink"
                                    + " reads version "
                                    + VERSION_1);
        };
    }

    private static DuckLakeWriterState readVersion1(byte[] serialized) throws IOException {
        DataInputDeserializer in = new DataInputDeserializer(serialized);
        DuckLakeWriterState state = new DuckLakeWriterState(in.readUTF());
        SerializedBytes.requireFullyRead(in, "DuckLake writer state");
        return state;
    }
}
