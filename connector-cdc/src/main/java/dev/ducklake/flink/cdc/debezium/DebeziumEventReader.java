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

import static dev.ducklake.flink.cdc.debezium.ConnectJsonMessage.preview;
import static dev.ducklake.flink.cdc.debezium.ConnectValueConverters.quote;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.ducklake.flink.cdc.ChangeRecord;
import dev.ducklake.flink.cdc.ChangeSchema;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.types.RowKind;
import org.apache.flink.util.Collector;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads Debezium change events (Kafka Connect JSON with an embedded schema) into {@link
 * ChangeRecord}s: finds the table and the operation, maps the envelope's row schema (cached by its
 * JSON text) and converts the {@code before} and {@code after} rows. Not thread-safe; one per
 * deserializer instance.
 */
@Internal
final class DebeziumEventReader {

    /** How many envelope schemas, by their JSON text, stay parsed. */
    static final int SCHEMA_CACHE_SIZE = 1_000;

    private static final Logger LOG = LoggerFactory.getLogger(DebeziumEventReader.class);

    /**
     * Reads decimals exactly: JSON numbers of {@code decimal.format=NUMERIC} keep all their digits.
     */
    private static final ObjectMapper MAPPER =
            JsonMapper.builder()
                    .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
                    .disable(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES)
                    .build();

    private final Map<String, List<String>> primaryKeys;
    private final boolean ignoreTruncate;
    private final LruCache<ByteBuffer, RowSchema> schemas = new LruCache<>(SCHEMA_CACHE_SIZE);
    private final Set<String> truncatesDropped = new HashSet<>();

    DebeziumEventReader(Map<String, List<String>> primaryKeys, boolean ignoreTruncate) {
        this.primaryKeys = primaryKeys;
        this.ignoreTruncate = ignoreTruncate;
    }

    /**
     * Reads one message and collects its change records; returns its payload, or null for a
     * tombstone. A logical decoding message ({@code op} "m") and a transaction's boundary (see
     * {@link #isTransactionBoundary}) give no records.
     */
    @Nullable
    JsonNode read(@Nullable byte[] key, @Nullable byte[] value, Collector<ChangeRecord> out)
            throws IOException {
        if (value == null || value.length == 0) {
            return null;
        }
        ConnectJsonMessage message = ConnectJsonMessage.parse(MAPPER, value);
        if (message == null || message.payload().isNull()) {
            return null;
        }
        JsonNode payload = message.payload();
        if (!payload.isObject()) {
            throw new IOException(
                    "The payload of a Debezium message must be a JSON object, but it is "
                            + quote(payload));
        }
        String op = payload.path("op").asText("");
        if (op.equals("m") || isTransactionBoundary(payload)) {
            return payload;
        }
        String table = table(payload, value);
        if (message.schema() == null) {
            throw new IOException(
                    "The Debezium message for table '"
                            + table
                            + "' has no \"schema\" (the "
                            + "connector's value.converter needs schemas.enable=true): "
                            + preview(value));
        }
        if (op.equals("t")) {
            truncate(table);
            return payload;
        }
        RowKind kind =
                switch (op) {
                    case "c", "r" -> RowKind.INSERT;
                    case "u" -> RowKind.UPDATE_AFTER;
                    case "d" -> RowKind.DELETE;
                    default ->
                            throw new IOException(
                                    "The Debezium message for table '"
                                            + table
                                            + "' has the op "
                                            + quote(payload.path("op"))
                                            + ", which is none of c, r, u, d, t, m");
                };
        RowSchema schema = rowSchema(message, table);
        ChangeSchema changeSchema = changeSchema(schema, table, key);
        if (kind == RowKind.DELETE) {
            if (!payload.hasNonNull("before")) {
                throw new IOException(
                        "The Debezium delete event for table '"
                                + table
                                + "' has no \"before\" "
                                + "row, so the deleted row is unknown; a PostgreSQL table without a primary key "
                                + "needs REPLICA IDENTITY FULL");
            }
            out.collect(
                    new ChangeRecord(
                            table, row(schema, table, payload, op, "before", kind), changeSchema));
            return payload;
        }
        // PostgreSQL sends no before row of an update without REPLICA IDENTITY FULL: then only +U.
        GenericRowData before =
                kind == RowKind.UPDATE_AFTER && payload.hasNonNull("before")
                        ? row(schema, table, payload, op, "before", RowKind.UPDATE_BEFORE)
                        : null;
        GenericRowData after = row(schema, table, payload, op, "after", kind);
        if (before != null) {
            out.collect(new ChangeRecord(table, before, changeSchema));
        }
        out.collect(new ChangeRecord(table, after, changeSchema));
        return payload;
    }

    /** Whether a payload is a transaction's BEGIN or END from Debezium's transaction topic. */
    static boolean isTransactionBoundary(JsonNode payload) {
        String status = payload.path("status").asText("");
        return !payload.has("op")
                && (status.equals("BEGIN") || status.equals("END"))
                && payload.has("id")
                && payload.has("event_count")
                && payload.has("data_collections");
    }

    private static GenericRowData row(
            RowSchema schema, String table, JsonNode payload, String op, String image, RowKind kind)
            throws IOException {
        JsonNode row = payload.get(image);
        if (row == null || row.isNull()) {
            throw new IOException(
                    "The Debezium event with op \""
                            + op
                            + "\" for table '"
                            + table
                            + "' has no \""
                            + image
                            + "\" row");
        }
        try {
            // A before row may hold only the key, with nulls in NOT NULL columns.
            return schema.rows().toRow(row, kind, image.equals("before"));
        } catch (ConnectDataException e) {
            throw failure(table, e);
        }
    }

    private RowSchema rowSchema(ConnectJsonMessage message, String table) throws IOException {
        RowSchema cached = schemas.get(message.schema());
        if (cached != null) {
            return cached;
        }
        ByteBuffer bytes = message.schema();
        JsonNode envelope =
                MAPPER.readTree(
                        bytes.array(), bytes.arrayOffset() + bytes.position(), bytes.remaining());
        JsonNode rows = envelopeField(envelope, "after");
        if (rows == null) {
            rows = envelopeField(envelope, "before");
        }
        if (rows == null) {
            throw new IOException(
                    "The schema of the Debezium message for table '"
                            + table
                            + "' has no \"after\" or \"before\" struct: "
                            + quote(envelope));
        }
        RowSchema parsed;
        try {
            parsed = new RowSchema(ConnectSchemaMapper.struct(rows));
        } catch (ConnectDataException e) {
            throw failure(table, e);
        }
        schemas.put(message.schemaCopy(), parsed);
        return parsed;
    }

    private static @Nullable JsonNode envelopeField(JsonNode envelope, String name) {
        for (JsonNode field : envelope.path("fields")) {
            if (name.equals(field.path("field").textValue())
                    && "struct".equals(field.path("type").textValue())) {
                return field;
            }
        }
        return null;
    }

    private ChangeSchema changeSchema(RowSchema schema, String table, @Nullable byte[] key)
            throws IOException {
        List<String> primaryKey =
                key == null || key.length == 0
                        ? primaryKeys.getOrDefault(table, List.of())
                        : keyColumns(key, table);
        try {
            return schema.withKey(primaryKey);
        } catch (IllegalArgumentException e) {
            throw new IOException(
                    "The primary key "
                            + primaryKey
                            + " of table '"
                            + table
                            + "' is not among its "
                            + "columns "
                            + schema.rows().rowType().getFieldNames(),
                    e);
        }
    }

    /** The field names of a message key's struct schema. */
    private static List<String> keyColumns(byte[] key, String table) throws IOException {
        JsonNode schema;
        try {
            schema = MAPPER.readTree(key).path("schema");
        } catch (JsonProcessingException e) {
            throw new IOException(
                    "The key of a Debezium message for table '"
                            + table
                            + "' is not valid JSON ("
                            + e.getOriginalMessage()
                            + "): "
                            + preview(key),
                    e);
        }
        if (!"struct".equals(schema.path("type").textValue()) || !schema.path("fields").isArray()) {
            throw new IOException(
                    "The key of a Debezium message for table '"
                            + table
                            + "' must be Kafka Connect "
                            + "JSON with a struct schema (key.converter with schemas.enable=true), but it is "
                            + preview(key));
        }
        List<String> columns = new ArrayList<>();
        for (JsonNode field : schema.get("fields")) {
            columns.add(field.path("field").asText());
        }
        return columns;
    }

    private void truncate(String table) throws IOException {
        if (!ignoreTruncate) {
            throw new IOException(
                    "Table '"
                            + table
                            + "' was truncated (Debezium op \"t\"), which the sink cannot "
                            + "apply; drop truncate events with ignoreTruncate(true) or the connector's skipped.operations=t");
        }
        if (truncatesDropped.add(table)) {
            LOG.warn(
                    "Dropping the truncate events of table '{}' (ignoreTruncate): the lake table keeps its rows",
                    table);
        }
    }

    /**
     * The source table: {@code source.schema.table}, or {@code source.db.table} where there is no
     * schema.
     */
    static String table(JsonNode payload, byte[] value) throws IOException {
        JsonNode source = payload.path("source");
        String table = source.path("table").textValue();
        String namespace =
                (source.hasNonNull("schema") ? source.path("schema") : source.path("db"))
                        .textValue();
        if (table == null || namespace == null) {
            throw new IOException(
                    "A Debezium message has no source.table with a source.schema or source.db: "
                            + preview(value));
        }
        return namespace + "." + table;
    }

    private static IOException failure(String table, ConnectDataException e) {
        return new IOException(
                "Debezium message for table '"
                        + table
                        + "'"
                        + (e.column().isEmpty() ? "" : ", column '" + e.column() + "'")
                        + ": "
                        + e.getMessage(),
                e);
    }
}
