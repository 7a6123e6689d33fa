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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.Arrays;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The shared checks of the connector's versioned serializers, on a serializer of one long. */
class VersionedBytesSerializerTest {

    @ParameterizedTest(name = "current version {0}")
    @CsvSource({"1, version 1", "2, versions 1 and 2", "3, versions 1 to 3"})
    void everyVersionUpToTheCurrentReadsAndOthersFailNamingThem(int current, String versions)
            throws IOException {
        LongSerializer serializer = new LongSerializer(current);
        byte[] bytes = serializer.serialize(42L);

        assertThat(serializer.getVersion()).isEqualTo(current);
        assertThat(bytes).hasSize(Long.BYTES);
        for (int version = 1; version <= current; version++) {
            assertThat(serializer.deserialize(version, bytes)).isEqualTo(42L);
        }
        for (int version : new int[] {0, current + 1}) {
            assertThatThrownBy(() -> serializer.deserialize(version, bytes))
                    .isInstanceOf(IOException.class)
                    .hasMessage(
                            "Unknown version %d of a long; this test reads %s", version, versions);
        }
        assertThatThrownBy(() -> serializer.deserialize(1, Arrays.copyOf(bytes, bytes.length + 1)))
                .isInstanceOf(IOException.class)
                .hasMessage("Serialized long has 1 unexpected trailing bytes");
    }

    private static final class LongSerializer extends VersionedBytesSerializer<Long> {

        LongSerializer(int currentVersion) {
            super(currentVersion, 8, "long", "test");
        }

        @Override
        protected void writeFields(Long value, DataOutputView out) throws IOException {
            out.writeLong(value);
        }

        @Override
        protected Long readFields(int version, DataInputView in) throws IOException {
            return in.readLong();
        }
    }
}
