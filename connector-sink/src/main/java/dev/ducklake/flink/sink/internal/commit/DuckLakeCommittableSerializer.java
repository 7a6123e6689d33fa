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

package dev.ducklake.flink.sink.internal.commit;

import dev.ducklake.flink.common.SerializedBytes;
import java.io.IOException;
import org.apache.flink.annotation.Internal;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;

/**
 * Versioned bytes of a {@link DuckLakeCommittable}: sink id, checkpoint id, file, row count and,
 * from version 2, the version its current rows were valid at, from version 3, its input snapshot.
 */
@Internal
public final class DuckLakeCommittableSerializer
        implements SimpleVersionedSerializer<DuckLakeCommittable> {

    static final int VERSION_1 = 1;

    /** Version 1 and the version the current rows were valid at. */
    static final int VERSION_2 = 2;

    /**
     * Version 2 and the lake snapshot the job's DuckLake sources had emitted every change up to.
     */
    static final int VERSION_3 = 3;

    private static final int CURRENT_VERSION = VERSION_3;

    @Override
    public int getVersion() {
        return CURRENT_VERSION;
    }

    @Override
    public byte[] serialize(DuckLakeCommittable committable) throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(128);
        out.writeUTF(committable.sinkId());
        out.writeLong(committable.checkpointId());
        out.writeUTF(committable.file());
        out.writeLong(committable.rows());
        out.writeLong(committable.currentRowsAsOf());
        out.writeLong(committable.inputSnapshot());
        return out.getCopyOfBuffer();
    }

    @Override
    public DuckLakeCommittable deserialize(int version, byte[] serialized) throws IOException {
        return switch (version) {
            case VERSION_1, VERSION_2, VERSION_3 -> read(version, serialized);
            default ->
                    throw new IOException(
                            "Unknown version "
                                    + version
                                    + " of a DuckLake committable; this"
                                    + " sink reads versions "
                                    + VERSION_1
                                    + " to "
                                    + VERSION_3);
        };
    }

    private static DuckLakeCommittable read(int version, byte[] serialized) throws IOException {
        DataInputDeserializer in = new DataInputDeserializer(serialized);
        DuckLakeCommittable committable =
                new DuckLakeCommittable(
                        in.readUTF(),
                        in.readLong(),
                        in.readUTF(),
                        in.readLong(),
                        version == VERSION_1 ? DuckLakeCommittable.NO_CURRENT_ROWS : in.readLong(),
                        version < VERSION_3
                                ? DuckLakeCommittable.NO_INPUT_SNAPSHOT
                                : in.readLong());
        SerializedBytes.requireFullyRead(in, "DuckLake committable");
        return committable;
    }
}
