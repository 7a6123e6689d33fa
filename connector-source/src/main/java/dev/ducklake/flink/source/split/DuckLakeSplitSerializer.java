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

package dev.ducklake.flink.source.split;

import dev.ducklake.engine.read.ScanPart;
import dev.ducklake.flink.common.VersionedBytesSerializer;
import java.io.IOException;
import org.apache.flink.annotation.Internal;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;

/** Serializes {@link DuckLakeSplit}s into checkpoints and enumerator-to-reader messages. */
@Internal
public final class DuckLakeSplitSerializer extends VersionedBytesSerializer<DuckLakeSplit> {

    public static final DuckLakeSplitSerializer INSTANCE = new DuckLakeSplitSerializer();

    static final int VERSION_1 = 1;

    /**
     * Adds splits of {@link DuckLakeSplit.Kind#SNAPSHOT_PART}; other splits are as in version 1.
     */
    static final int VERSION_2 = 2;

    private static final int CURRENT_VERSION = VERSION_2;

    public DuckLakeSplitSerializer() {
        super(CURRENT_VERSION, 40, "DuckLake split", "source");
    }

    @Override
    protected void writeFields(DuckLakeSplit split, DataOutputView out) throws IOException {
        write(split, out);
    }

    /** Versions 1 and 2 have the same layout but for part splits, which only version 2 has. */
    @Override
    protected DuckLakeSplit readFields(int version, DataInputView in) throws IOException {
        return read(in);
    }

    /** Writes a split in the current layout, for a serializer that embeds splits. */
    public static void write(DuckLakeSplit split, DataOutputView out) throws IOException {
        out.writeByte(split.kind().ordinal());
        out.writeLong(split.from());
        out.writeLong(split.to());
        out.writeInt(split.bucket());
        out.writeInt(split.buckets());
        out.writeLong(split.offset());
        ScanPart part = split.part();
        if (part != null) {
            out.writeUTF(part.file());
            out.writeLong(part.firstRowId());
            out.writeLong(part.lastRowId());
            out.writeLong(part.rows());
        }
    }

    /**
     * Reads a split in the layout of version 1 or 2 (the same but for part splits), for a
     * serializer that embeds splits.
     */
    public static DuckLakeSplit read(DataInputView in) throws IOException {
        int kind = in.readByte();
        if (kind < 0 || kind >= DuckLakeSplit.Kind.values().length) {
            throw new IOException("Unknown kind " + kind + " of a serialized DuckLake split");
        }
        DuckLakeSplit.Kind splitKind = DuckLakeSplit.Kind.values()[kind];
        long from = in.readLong();
        long to = in.readLong();
        int bucket = in.readInt();
        int buckets = in.readInt();
        long offset = in.readLong();
        ScanPart part =
                splitKind == DuckLakeSplit.Kind.SNAPSHOT_PART
                        ? new ScanPart(in.readUTF(), in.readLong(), in.readLong(), in.readLong())
                        : null;
        return new DuckLakeSplit(splitKind, from, to, bucket, buckets, offset, part);
    }
}
