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

package dev.ducklake.flink.cdc.transaction;

import dev.ducklake.flink.cdc.ChangeRecord;
import dev.ducklake.flink.cdc.ChangeRecordSerializer;
import dev.ducklake.flink.cdc.OpaqueTypeSerializer;
import dev.ducklake.flink.cdc.transaction.SourceTransactionEvent.Change;
import dev.ducklake.flink.cdc.transaction.SourceTransactionEvent.End;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.typeutils.SimpleTypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;

/**
 * Flink's serializer of {@link SourceTransactionEvent}s: a tag, then a change's transaction id,
 * order, table and records (through {@link ChangeRecordSerializer}), or an end's id, position and
 * counts.
 */
@Internal
public final class SourceTransactionEventSerializer
        extends OpaqueTypeSerializer<SourceTransactionEvent> {

    private static final long serialVersionUID = 1L;
    private static final byte CHANGE = 0;
    private static final byte END = 1;

    private final ChangeRecordSerializer records = new ChangeRecordSerializer();

    @Override
    public TypeSerializer<SourceTransactionEvent> duplicate() {
        return new SourceTransactionEventSerializer();
    }

    @Override
    public SourceTransactionEvent copy(SourceTransactionEvent from) {
        if (from instanceof Change change) {
            return new Change(
                    change.transactionId(),
                    change.order(),
                    change.table(),
                    change.records().stream().map(records::copy).toList());
        }
        return from;
    }

    @Override
    public void serialize(SourceTransactionEvent event, DataOutputView target) throws IOException {
        if (event instanceof Change change) {
            target.writeByte(CHANGE);
            target.writeBoolean(change.transactionId() != null);
            if (change.transactionId() != null) {
                target.writeUTF(change.transactionId());
            }
            target.writeLong(change.order());
            target.writeUTF(change.table());
            target.writeInt(change.records().size());
            for (ChangeRecord record : change.records()) {
                records.serialize(record, target);
            }
        } else {
            End end = (End) event;
            target.writeByte(END);
            target.writeUTF(end.transactionId());
            target.writeLong(end.position());
            target.writeInt(end.changesPerTable().size());
            for (Map.Entry<String, Long> table : end.changesPerTable().entrySet()) {
                target.writeUTF(table.getKey());
                target.writeLong(table.getValue());
            }
        }
    }

    @Override
    public SourceTransactionEvent deserialize(DataInputView source) throws IOException {
        byte tag = source.readByte();
        if (tag == CHANGE) {
            String id = source.readBoolean() ? source.readUTF() : null;
            long order = source.readLong();
            String table = source.readUTF();
            int count = source.readInt();
            List<ChangeRecord> changes = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                changes.add(records.deserialize(source));
            }
            return new Change(id, order, table, changes);
        }
        if (tag != END) {
            throw new IOException("Unknown source transaction event tag " + tag);
        }
        String id = source.readUTF();
        long position = source.readLong();
        int tables = source.readInt();
        Map<String, Long> counts = new LinkedHashMap<>();
        for (int i = 0; i < tables; i++) {
            counts.put(source.readUTF(), source.readLong());
        }
        return new End(id, position, counts);
    }

    @Override
    public TypeSerializerSnapshot<SourceTransactionEvent> snapshotConfiguration() {
        return new Snapshot();
    }

    /** The serializer has no configuration: every version reads the same format. */
    public static final class Snapshot
            extends SimpleTypeSerializerSnapshot<SourceTransactionEvent> {
        public Snapshot() {
            super(SourceTransactionEventSerializer::new);
        }
    }
}
