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

import dev.ducklake.flink.common.VersionedBytesSerializer;
import java.io.IOException;
import org.apache.flink.annotation.Internal;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;

/** Versioned bytes of a {@link DuckLakeWriterState}. */
@Internal
public final class DuckLakeWriterStateSerializer
        extends VersionedBytesSerializer<DuckLakeWriterState> {

    public static final int VERSION_1 = 1;
    private static final int CURRENT_VERSION = VERSION_1;

    public DuckLakeWriterStateSerializer() {
        super(CURRENT_VERSION, 64, "DuckLake writer state", "sink");
    }

    @Override
    protected void writeFields(DuckLakeWriterState state, DataOutputView out) throws IOException {
        out.writeUTF(state.sinkId());
    }

    @Override
    protected DuckLakeWriterState readFields(int version, DataInputView in) throws IOException {
        return new DuckLakeWriterState(in.readUTF());
    }
}
