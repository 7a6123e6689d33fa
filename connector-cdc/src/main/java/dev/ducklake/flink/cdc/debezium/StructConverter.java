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

package dev.ducklake.flink.cdc.debezium;

import static dev.ducklake.flink.cdc.debezium.ConnectValueConverters.mismatch;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.types.RowKind;

/**
 * Converts the JSON object of a Kafka Connect struct into a {@link GenericRowData} of its fields,
 * in the schema's order; a field missing from the object is null.
 */
@Internal
final class StructConverter implements ValueConverter {

    private final RowType rowType;
    private final String[] names;
    private final ConnectType[] fields;

    StructConverter(List<String> names, List<ConnectType> fields) {
        List<RowType.RowField> rowFields = new ArrayList<>(names.size());
        for (int i = 0; i < names.size(); i++) {
            rowFields.add(new RowType.RowField(names.get(i), fields.get(i).type()));
        }
        this.rowType = new RowType(rowFields);
        this.names = names.toArray(new String[0]);
        this.fields = fields.toArray(new ConnectType[0]);
    }

    RowType rowType() {
        return rowType;
    }

    @Override
    public Object convert(JsonNode value) {
        return toRow(value, RowKind.INSERT, false);
    }

    /**
     * The row of a struct's JSON object.
     *
     * @param partial whether NOT NULL columns may be null too: a {@code before} image may hold only
     *     the key (PostgreSQL tables without {@code REPLICA IDENTITY FULL})
     */
    GenericRowData toRow(JsonNode value, RowKind kind, boolean partial) {
        if (!value.isObject()) {
            throw mismatch(value, "struct (a JSON object)");
        }
        GenericRowData row = new GenericRowData(kind, fields.length);
        for (int i = 0; i < fields.length; i++) {
            JsonNode field = value.get(names[i]);
            try {
                row.setField(
                        i,
                        partial && (field == null || field.isNull())
                                ? null
                                : fields[i].read(field));
            } catch (ConnectDataException e) {
                throw e.within(names[i]);
            }
        }
        return row;
    }
}
