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
import dev.ducklake.flink.common.VersionedBytesSerializer;
import java.io.IOException;
import org.apache.flink.annotation.Internal;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;

/**
 * Versioned bytes of a {@link TableCommittable}: sink id, checkpoint id, table, subtask, ordinal,
 * schema (see {@link ChangeSchemaCodec}), file and row count.
 */
@Internal
public final class TableCommittableSerializer extends VersionedBytesSerializer<TableCommittable> {

    static final int VERSION_1 = 1;

    public TableCommittableSerializer() {
        super(VERSION_1, 256, "DuckLake table committable", "sink");
    }

    @Override
    protected void writeFields(TableCommittable committable, DataOutputView out)
            throws IOException {
        out.writeUTF(committable.sinkId());
        out.writeLong(committable.checkpointId());
        out.writeUTF(committable.table());
        out.writeInt(committable.subtask());
        out.writeLong(committable.ordinal());
        ChangeSchemaCodec.write(committable.schema(), out);
        out.writeUTF(committable.file());
        out.writeLong(committable.rows());
    }

    @Override
    protected TableCommittable readFields(int version, DataInputView in) throws IOException {
        return new TableCommittable(
                in.readUTF(),
                in.readLong(),
                in.readUTF(),
                in.readInt(),
                in.readLong(),
                ChangeSchemaCodec.read(in),
                in.readUTF(),
                in.readLong());
    }
}
