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
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.typeutils.SimpleTypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.runtime.typeutils.RowDataSerializer;

/**
 * Flink's serializer of {@link ChangeRecord}s between operators: the table, the schema (see {@link
 * ChangeSchemaCodec}) and the row through Flink's {@link RowDataSerializer} of that schema, which
 * keeps the row kind. Each instance caches the row serializers of the schemas it met recently.
 */
@Internal
public final class ChangeRecordSerializer extends OpaqueTypeSerializer<ChangeRecord> {

    private static final long serialVersionUID = 1L;
    private static final int CACHED_SCHEMAS = 256;

    private transient Map<ChangeSchema, RowDataSerializer> rows;

    @Override
    public TypeSerializer<ChangeRecord> duplicate() {
        return new ChangeRecordSerializer();
    }

    @Override
    public ChangeRecord copy(ChangeRecord from) {
        return new ChangeRecord(from.table(), rows(from.schema()).copy(from.row()), from.schema());
    }

    /**
     * Fails, naming the table, column and value, for a row that does not have its schema's shape.
     */
    @Override
    public void serialize(ChangeRecord record, DataOutputView target) throws IOException {
        ChangeRecordShape.requireArity(record);
        RowDataSerializer rows = rows(record.schema());
        RowData row;
        try {
            row = rows.toBinaryRow(record.row());
        } catch (ClassCastException e) {
            throw new IllegalArgumentException(ChangeRecordShape.mismatch(record), e);
        }
        target.writeUTF(record.table());
        ChangeSchemaCodec.write(record.schema(), target);
        rows.serialize(row, target);
    }

    @Override
    public ChangeRecord deserialize(DataInputView source) throws IOException {
        String table = source.readUTF();
        ChangeSchema schema = ChangeSchemaCodec.read(source);
        RowData row = rows(schema).deserialize(source);
        return new ChangeRecord(table, row, schema);
    }

    @Override
    public TypeSerializerSnapshot<ChangeRecord> snapshotConfiguration() {
        return new Snapshot();
    }

    private RowDataSerializer rows(ChangeSchema schema) {
        if (rows == null) {
            rows =
                    new LinkedHashMap<>(16, 0.75f, true) {
                        @Override
                        protected boolean removeEldestEntry(
                                Map.Entry<ChangeSchema, RowDataSerializer> eldest) {
                            return size() > CACHED_SCHEMAS;
                        }
                    };
        }
        return rows.computeIfAbsent(schema, s -> new RowDataSerializer(s.rowType()));
    }

    /** The serializer has no configuration: every version reads the same format. */
    public static final class Snapshot extends SimpleTypeSerializerSnapshot<ChangeRecord> {
        public Snapshot() {
            super(ChangeRecordSerializer::new);
        }
    }
}
