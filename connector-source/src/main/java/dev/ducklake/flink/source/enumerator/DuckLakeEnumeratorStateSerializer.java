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

package dev.ducklake.flink.source.enumerator;

import dev.ducklake.flink.common.VersionedBytesSerializer;
import dev.ducklake.flink.source.split.DuckLakeSplit;
import dev.ducklake.flink.source.split.DuckLakeSplitSerializer;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.annotation.Internal;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;

/**
 * Serializes the enumerator's checkpoint; the pending splits use the split layout of version 1.
 * Version 2 adds the checkpoint id and the held splits; a version 1 state restores with none held.
 */
@Internal
public final class DuckLakeEnumeratorStateSerializer
        extends VersionedBytesSerializer<DuckLakeEnumeratorState> {

    public static final DuckLakeEnumeratorStateSerializer INSTANCE =
            new DuckLakeEnumeratorStateSerializer();

    static final int VERSION_1 = 1;
    static final int VERSION_2 = 2;

    /** Version 2's layout, whose pending splits may be part splits (split serializer version 2). */
    static final int VERSION_3 = 3;

    private static final int CURRENT_VERSION = VERSION_3;

    public DuckLakeEnumeratorStateSerializer() {
        super(CURRENT_VERSION, 64, "DuckLake enumerator state", "source");
    }

    @Override
    protected void writeFields(DuckLakeEnumeratorState state, DataOutputView out)
            throws IOException {
        out.writeLong(state.position());
        out.writeInt(state.buckets());
        out.writeBoolean(state.planningDone());
        out.writeInt(state.pending().size());
        for (DuckLakeSplit split : state.pending()) {
            DuckLakeSplitSerializer.write(split, out);
        }
        out.writeLong(state.checkpointId());
        out.writeInt(state.held().size());
        for (HeldSplits.Entry entry : state.held()) {
            out.writeUTF(entry.splitId());
            out.writeInt(entry.bucket());
            out.writeLong(entry.from());
            out.writeLong(entry.confirmedBy());
        }
    }

    @Override
    protected DuckLakeEnumeratorState readFields(int version, DataInputView in) throws IOException {
        return switch (version) {
            case VERSION_1 -> readPlanning(in);
            default -> readVersion2(in); // versions 2 and 3 have the same layout
        };
    }

    /** Version 1's fields, then the checkpoint id and the held splits. */
    private static DuckLakeEnumeratorState readVersion2(DataInputView in) throws IOException {
        DuckLakeEnumeratorState planning = readPlanning(in);
        long checkpointId = in.readLong();
        int count = in.readInt();
        List<HeldSplits.Entry> held = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            held.add(
                    new HeldSplits.Entry(in.readUTF(), in.readInt(), in.readLong(), in.readLong()));
        }
        return new DuckLakeEnumeratorState(
                planning.position(),
                planning.buckets(),
                planning.pending(),
                planning.planningDone(),
                checkpointId,
                held);
    }

    /**
     * The fields of version 1, which version 2 begins with, as a state with no checkpoint id and no
     * split held.
     */
    private static DuckLakeEnumeratorState readPlanning(DataInputView in) throws IOException {
        long position = in.readLong();
        int buckets = in.readInt();
        boolean planningDone = in.readBoolean();
        int count = in.readInt();
        List<DuckLakeSplit> pending = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            pending.add(DuckLakeSplitSerializer.read(in));
        }
        return new DuckLakeEnumeratorState(position, buckets, pending, planningDone, 0, List.of());
    }
}
