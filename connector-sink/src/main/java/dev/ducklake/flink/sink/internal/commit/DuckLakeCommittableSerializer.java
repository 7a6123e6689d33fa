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

import dev.ducklake.flink.common.VersionedBytesSerializer;
import java.io.IOException;
import org.apache.flink.annotation.Internal;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;

/**
 * Versioned bytes of a {@link DuckLakeCommittable}: sink id, checkpoint id, file, row count and,
 * from version 2, the version its current rows were valid at, from version 3, its input snapshot.
 */
@Internal
public final class DuckLakeCommittableSerializer
        extends VersionedBytesSerializer<DuckLakeCommittable> {

    static final int VERSION_1 = 1;

    /** Version 1 and the version the current rows were valid at. */
    static final int VERSION_2 = 2;

    /**
     * Version 2 and the lake snapshot the job's DuckLake sources had emitted every change up to.
     */
    static final int VERSION_3 = 3;

    private static final int CURRENT_VERSION = VERSION_3;

    public DuckLakeCommittableSerializer() {
        super(CURRENT_VERSION, 128, "DuckLake committable", "sink");
    }

    @Override
    protected void writeFields(DuckLakeCommittable committable, DataOutputView out)
            throws IOException {
        out.writeUTF(committable.sinkId());
        out.writeLong(committable.checkpointId());
        out.writeUTF(committable.file());
        out.writeLong(committable.rows());
        out.writeLong(committable.currentRowsAsOf());
        out.writeLong(committable.inputSnapshot());
    }

    @Override
    protected DuckLakeCommittable readFields(int version, DataInputView in) throws IOException {
        return new DuckLakeCommittable(
                in.readUTF(),
                in.readLong(),
                in.readUTF(),
                in.readLong(),
                version == VERSION_1 ? DuckLakeCommittable.NO_CURRENT_ROWS : in.readLong(),
                version < VERSION_3 ? DuckLakeCommittable.NO_INPUT_SNAPSHOT : in.readLong());
    }
}
