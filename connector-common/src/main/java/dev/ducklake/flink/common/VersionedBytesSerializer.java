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

package dev.ducklake.flink.common;

import java.io.IOException;
import org.apache.flink.annotation.Internal;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.core.memory.DataOutputView;

/**
 * A versioned serializer that writes its current layout and reads every version from 1 to the
 * current one: another version fails with an {@link IOException} naming the versions read, and
 * bytes left over after a read fail too (see {@link SerializedBytes#requireFullyRead}). A subclass
 * writes and reads the fields, switching over the versions where their layouts differ.
 *
 * @param <T> what is serialized
 */
@Internal
public abstract class VersionedBytesSerializer<T> implements SimpleVersionedSerializer<T> {

    private final int currentVersion;
    private final int initialSize;
    private final String what;
    private final String reader;

    /**
     * @param currentVersion the version written, and the last one read
     * @param initialSize the bytes the output buffer starts with
     * @param what what the bytes hold, for messages, e.g. {@code "DuckLake split"}
     * @param reader what reads them, for messages, e.g. {@code "source"}
     */
    protected VersionedBytesSerializer(
            int currentVersion, int initialSize, String what, String reader) {
        this.currentVersion = currentVersion;
        this.initialSize = initialSize;
        this.what = what;
        this.reader = reader;
    }

    /** Writes the fields of {@code value} in the current layout. */
    protected abstract void writeFields(T value, DataOutputView out) throws IOException;

    /** Reads the fields of a value in the layout of {@code version}, one of the versions read. */
    protected abstract T readFields(int version, DataInputView in) throws IOException;

    @Override
    public final int getVersion() {
        return currentVersion;
    }

    @Override
    public final byte[] serialize(T value) throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(initialSize);
        writeFields(value, out);
        return out.getCopyOfBuffer();
    }

    @Override
    public final T deserialize(int version, byte[] serialized) throws IOException {
        if (version < 1 || version > currentVersion) {
            throw new IOException(
                    "Unknown version "
                            + version
                            + " of a "
                            + what
                            + "; this "
                            + reader
                            + " reads "
                            + versionsRead());
        }
        DataInputDeserializer in = new DataInputDeserializer(serialized);
        T value = readFields(version, in);
        SerializedBytes.requireFullyRead(in, what);
        return value;
    }

    private String versionsRead() {
        return switch (currentVersion) {
            case 1 -> "version 1";
            case 2 -> "versions 1 and 2";
            default -> "versions 1 to " + currentVersion;
        };
    }
}
