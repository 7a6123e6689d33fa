package dev.ducklake.flink.sink.cdc.debezium;

import static dev.ducklake.flink.sink.cdc.debezium.ConnectValueConverters.mismatch;

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
                row.setField(i, partial && (field == null || field.isNull()) ? null : fields[i].read(field));
            } catch (ConnectDataException e) {
                throw e.within(names[i]);
            }
        }
        return row;
    }
}
