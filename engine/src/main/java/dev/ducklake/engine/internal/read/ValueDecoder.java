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

package dev.ducklake.engine.internal.read;

import dev.ducklake.engine.schema.LakeType;
import java.sql.Array;
import java.sql.Blob;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Struct;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Turns DuckDB JDBC values into the engine's Java classes (see {@link LakeType}). Internal. */
public final class ValueDecoder {

    private ValueDecoder() {}

    /** Reads column {@code index} (1-based) of the current row. */
    public static Object read(ResultSet rs, int index, LakeType type) throws SQLException {
        if (type instanceof LakeType.Primitive primitive) {
            Object value =
                    switch (primitive) {
                        case BLOB -> rs.getBytes(index);
                        case DATE -> rs.getObject(index, LocalDate.class);
                        case TIME -> rs.getObject(index, LocalTime.class);
                        case TIMESTAMP_S, TIMESTAMP_MS, TIMESTAMP, TIMESTAMP_NS ->
                                rs.getObject(index, LocalDateTime.class);
                        case TIMESTAMPTZ -> {
                            OffsetDateTime offset = rs.getObject(index, OffsetDateTime.class);
                            yield offset == null ? null : offset.toInstant();
                        }
                        default -> rs.getObject(index);
                    };
            return rs.wasNull() ? null : value;
        }
        return decode(type, rs.getObject(index));
    }

    /** Decodes a value the driver returned, possibly nested. */
    static Object decode(LakeType type, Object raw) throws SQLException {
        if (raw == null) {
            return null;
        }
        if (type instanceof LakeType.ListOf list) {
            Object[] elements =
                    raw instanceof Array array
                            ? (Object[]) array.getArray()
                            : ((List<?>) raw).toArray();
            List<Object> out = new ArrayList<>(elements.length);
            for (Object element : elements) {
                out.add(decode(list.element(), element));
            }
            return out;
        }
        if (type instanceof LakeType.MapOf map) {
            Map<Object, Object> out = new LinkedHashMap<>();
            for (Map.Entry<?, ?> entry : ((Map<?, ?>) raw).entrySet()) {
                out.put(decode(map.key(), entry.getKey()), decode(map.value(), entry.getValue()));
            }
            return out;
        }
        if (type instanceof LakeType.Struct struct) {
            Object[] attributes = ((Struct) raw).getAttributes();
            List<Object> out = new ArrayList<>(attributes.length);
            for (int i = 0; i < attributes.length; i++) {
                out.add(decode(struct.fields().get(i).type(), attributes[i]));
            }
            return out;
        }
        if (raw instanceof Timestamp timestamp) {
            return timestamp.toLocalDateTime();
        }
        if (raw instanceof OffsetDateTime offset) {
            return offset.toInstant();
        }
        if (raw instanceof Blob blob) {
            return blob.getBytes(1, (int) blob.length());
        }
        if (raw instanceof java.nio.ByteBuffer buffer) {
            byte[] bytes = new byte[buffer.remaining()];
            buffer.duplicate().get(bytes);
            return bytes;
        }
        return raw instanceof byte[] bytes ? Arrays.copyOf(bytes, bytes.length) : raw;
    }
}
