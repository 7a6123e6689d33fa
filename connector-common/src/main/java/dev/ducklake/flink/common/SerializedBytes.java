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
import org.apache.flink.core.memory.DataInputDeserializer;

/** Checks shared by the connector's serializers. */
@Internal
public final class SerializedBytes {

    private SerializedBytes() {}

    /** Refuses trailing bytes: they mean the bytes were written by another format. */
    public static void requireFullyRead(DataInputDeserializer in, String what) throws IOException {
        if (in.available() > 0) {
            throw new IOException(
                    "Serialized " + what + " has " + in.available() + " unexpected trailing bytes");
        }
    }
}
