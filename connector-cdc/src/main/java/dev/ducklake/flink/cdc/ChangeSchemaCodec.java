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

package dev.ducklake.flink.cdc;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.annotation.Internal;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.utils.LogicalTypeParser;

/**
 * The bytes of a {@link ChangeSchema}: the row type in Flink's serializable type syntax, the
 * primary key and the renames. Used by the records' serializer and the sink's committables.
 */
@Internal
public final class ChangeSchemaCodec {

    private ChangeSchemaCodec() {}

    public static void write(ChangeSchema schema, DataOutputView out) throws IOException {
        writeLongUtf(schema.rowType().asSerializableString(), out);
        out.writeInt(schema.primaryKey().size());
        for (String key : schema.primaryKey()) {
            out.writeUTF(key);
        }
        out.writeInt(schema.renamedFrom().size());
        for (Map.Entry<String, String> rename : schema.renamedFrom().entrySet()) {
            out.writeUTF(rename.getKey());
            out.writeUTF(rename.getValue());
        }
    }

    public static ChangeSchema read(DataInputView in) throws IOException {
        LogicalType type =
                LogicalTypeParser.parse(readLongUtf(in), ChangeSchemaCodec.class.getClassLoader());
        if (!(type instanceof RowType rowType)) {
            throw new IOException(
                    "A change schema must be a ROW type, got " + type.asSummaryString());
        }
        int keys = in.readInt();
        List<String> primaryKey = new ArrayList<>(keys);
        for (int i = 0; i < keys; i++) {
            primaryKey.add(in.readUTF());
        }
        int renames = in.readInt();
        Map<String, String> renamedFrom = new LinkedHashMap<>();
        for (int i = 0; i < renames; i++) {
            renamedFrom.put(in.readUTF(), in.readUTF());
        }
        return new ChangeSchema(rowType, primaryKey, renamedFrom);
    }

    /** A string of any length (a wide table's type exceeds writeUTF's 64 KB). */
    private static void writeLongUtf(String value, DataOutputView out) throws IOException {
        byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
        out.writeInt(bytes.length);
        out.write(bytes);
    }

    private static String readLongUtf(DataInputView in) throws IOException {
        byte[] bytes = new byte[in.readInt()];
        in.readFully(bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
