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

import dev.ducklake.flink.cdc.ChangeSchemaCodec;
import dev.ducklake.flink.common.SerializedBytes;
import java.io.IOException;
import org.apache.flink.annotation.Internal;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;

/**
 * Versioned bytes of a {@link TableCommittable}: sink id, checkpoint id, table, subtask, ordinal,
 * schema (see {@link ChangeSchemaCodec}), file and row count.
 */
@Internal
public final class TableCommittableSerializer
        implements SimpleVersionedSerializer<TableCommittable> {

    static final int VERSION_1 = 1;

    @Override
    public int getVersion() {
        return VERSION_1;
    }

    @Override
    public byte[] serialize(TableCommittable committable) throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(256);
        out.writeUTF(committable.sinkId());
        out.writeLong(committable.checkpointId());
        out.writeUTF(committable.table());
        out.writeInt(committable.subtask());
        out.writeLong(committable.ordinal());
        ChangeSchemaCodec.write(committable.schema(), out);
        out.writeUTF(committable.file());
        out.writeLong(committable.rows());
        return out.getCopyOfBuffer();
    }

    @Override
    public TableCommittable deserialize(int version, byte[] serialized) throws IOException {
        if (version != VERSION_1) {
            throw new IOException(
                    "Unknown version "
                            + version
                            + " of a DuckLake table committable; this sink reads"
                            + " version "
                            + VERSION_1);
        }
        DataInputDeserializer in = new DataInputDeserializer(serialized);
        TableCommittable committable =
                new TableCommittable(
                        in.readUTF(),
                        in.readLong(),
                        in.readUTF(),
                        in.readInt(),
                        in.readLong(),
                        ChangeSchemaCodec.read(in),
                        in.readUTF(),
                        in.readLong());
        SerializedBytes.requireFullyRead(in, "DuckLake table committable");
        return committable;
    }
}
