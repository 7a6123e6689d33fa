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

package dev.ducklake.flink.sink.testutils;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ducklake.engine.testutils.GoldenFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import org.apache.flink.core.io.SimpleVersionedSerializer;

/**
 * Assertions on a versioned serializer: that it refuses bytes it cannot have written, and that it
 * still reads, and writes, the golden bytes of its versions (see {@link GoldenFiles}).
 */
public final class SerializerAssertions {

    private SerializerAssertions() {}

    /**
     * Asserts that {@code value} reads back as itself from the bytes of the current version, which
     * followed by one byte more fail to read; returns the bytes.
     */
    public static <T> byte[] assertRoundTrips(SimpleVersionedSerializer<T> serializer, T value)
            throws IOException {
        byte[] bytes = serializer.serialize(value);
        assertThat(serializer.deserialize(serializer.getVersion(), bytes)).isEqualTo(value);
        assertRefusesTrailingBytes(serializer, serializer.getVersion(), bytes);
        return bytes;
    }

    /** Asserts that {@code bytes} of {@code version} followed by one byte more fail to read. */
    public static void assertRefusesTrailingBytes(
            SimpleVersionedSerializer<?> serializer, int version, byte[] bytes) {
        assertThatThrownBy(
                        () ->
                                serializer.deserialize(
                                        version, Arrays.copyOf(bytes, bytes.length + 1)))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("trailing bytes");
    }

    /**
     * Asserts that {@code bytes} read as an unknown {@code version} fail naming the version, with a
     * message that ends with {@code versionsRead}.
     */
    public static void assertRefusesUnknownVersion(
            SimpleVersionedSerializer<?> serializer,
            int version,
            byte[] bytes,
            String versionsRead) {
        assertThatThrownBy(() -> serializer.deserialize(version, bytes))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("Unknown version " + version)
                .hasMessageEndingWith(versionsRead);
    }

    /**
     * Asserts that {@code bytes} read as version 0 or as the version after the current one fail as
     * {@link #assertRefusesUnknownVersion} says.
     */
    public static void assertRefusesUnknownVersions(
            SimpleVersionedSerializer<?> serializer, byte[] bytes, String versionsRead) {
        for (int version : new int[] {0, serializer.getVersion() + 1}) {
            assertRefusesUnknownVersion(serializer, version, bytes, versionsRead);
        }
    }

    /** Asserts that the golden file {@code name}, of {@code version}, reads as {@code expected}. */
    public static <T> void assertReadsGolden(
            SimpleVersionedSerializer<T> serializer, int version, String name, T expected)
            throws IOException {
        assertThat(serializer.deserialize(version, GoldenFiles.read(name)))
                .as("golden file %s, of version %s", name, version)
                .isEqualTo(expected);
    }

    /**
     * Asserts that the serializer's current version is {@code version}, whose golden file {@code
     * name} holds exactly the bytes it writes for {@code value}: a new version needs a golden file.
     */
    public static <T> void assertWritesGolden(
            SimpleVersionedSerializer<T> serializer, int version, String name, T value)
            throws IOException {
        assertThat(serializer.getVersion())
                .as(
                        "a new version of %s needs a golden file",
                        serializer.getClass().getSimpleName())
                .isEqualTo(version);
        assertThat(serializer.serialize(value)).isEqualTo(GoldenFiles.read(name));
    }

    /**
     * Writes the golden file of the serializer's current version, {@code <prefix>-v<version>.bin},
     * for {@code value}, under {@code resources} if it does not exist yet (see {@link
     * GoldenFiles#writeNew}).
     */
    public static <T> void writeNewGolden(
            Path resources, String prefix, SimpleVersionedSerializer<T> serializer, T value)
            throws IOException {
        GoldenFiles.writeNew(
                resources,
                prefix + "-v" + serializer.getVersion() + ".bin",
                serializer.serialize(value));
    }
}
