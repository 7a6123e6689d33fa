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

package dev.ducklake.flink.source.testutils;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.Arrays;
import org.apache.flink.core.io.SimpleVersionedSerializer;

/** Assertions that a versioned serializer refuses bytes it cannot have written. */
public final class SerializerAssertions {

    private SerializerAssertions() {}

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
}
