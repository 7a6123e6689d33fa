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

import static java.nio.charset.StandardCharsets.UTF_8;

import dev.ducklake.flink.cdc.ChangeRecord;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javax.annotation.Nullable;
import org.apache.flink.api.common.functions.util.ListCollector;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;

/**
 * The Debezium samples of {@code src/test/resources/debezium}, small hand-made events, and ways to
 * read them.
 */
final class DebeziumSamples {

    private static final String SOURCE_SCHEMA =
            "{\"type\":\"struct\",\"fields\":["
                    + "{\"type\":\"string\",\"optional\":false,\"field\":\"connector\"},"
                    + "{\"type\":\"string\",\"optional\":false,\"field\":\"db\"},"
                    + "{\"type\":\"string\",\"optional\":false,\"field\":\"schema\"},"
                    + "{\"type\":\"string\",\"optional\":false,\"field\":\"table\"}],"
                    + "\"optional\":false,\"name\":\"io.debezium.connector.postgresql.Source\",\"field\":\"source\"}";

    private static final String SOURCE =
            "{\"connector\":\"postgresql\",\"db\":\"shop\",\"schema\":\"public\",\"table\":\"t\"}";

    private DebeziumSamples() {}

    /**
     * The messages of a sample file: its lines that start with '{' (the Paimon files have a license
     * header).
     */
    static List<String> lines(String file) throws IOException {
        return Arrays.stream(text(file).split("\n")).filter(line -> line.startsWith("{")).toList();
    }

    /** A sample file's whole text. */
    static String text(String file) throws IOException {
        try (InputStream in = DebeziumSamples.class.getResourceAsStream("/debezium/" + file)) {
            if (in == null) {
                throw new IOException("No test resource debezium/" + file);
            }
            return new String(in.readAllBytes(), UTF_8);
        }
    }

    /** The records of one message. */
    static List<ChangeRecord> read(
            DebeziumJsonDeserializationSchema schema, @Nullable String key, @Nullable String value)
            throws IOException {
        List<ChangeRecord> records = new ArrayList<>();
        schema.deserialize(
                key == null ? null : key.getBytes(UTF_8),
                value == null ? null : value.getBytes(UTF_8),
                new ListCollector<>(records));
        return records;
    }

    /** The records of many messages, in order. */
    static List<ChangeRecord> readAll(DebeziumJsonDeserializationSchema schema, List<String> values)
            throws IOException {
        List<ChangeRecord> records = new ArrayList<>();
        for (String value : values) {
            records.addAll(read(schema, null, value));
        }
        return records;
    }

    /** The records of many messages, in order, read by a schema with the default settings. */
    static List<ChangeRecord> readAll(List<String> values) throws IOException {
        return readAll(DebeziumJsonDeserializationSchema.builder().build(), values);
    }

    /**
     * A hand-made PostgreSQL event of table {@code public.t}.
     *
     * @param fields the field schemas of its rows, JSON
     * @param before the before row, JSON ({@code null} for none)
     * @param after the after row, JSON ({@code null} for none)
     */
    static String event(String op, String fields, String before, String after) {
        String row =
                "{\"type\":\"struct\",\"fields\":["
                        + fields
                        + "],\"optional\":true,"
                        + "\"name\":\"pg.public.t.Value\",\"field\":\"%s\"}";
        return "{\"schema\":{\"type\":\"struct\",\"fields\":["
                + row.formatted("before")
                + ","
                + row.formatted("after")
                + ","
                + SOURCE_SCHEMA
                + ",{\"type\":\"string\",\"optional\":false,\"field\":\"op\"}],"
                + "\"optional\":false,\"name\":\"pg.public.t.Envelope\"},\"payload\":{\"before\":"
                + before
                + ",\"after\":"
                + after
                + ",\"source\":"
                + SOURCE
                + ",\"op\":\""
                + op
                + "\"}}";
    }

    /**
     * A hand-made create event of table {@code public.t} with one column {@code v}.
     *
     * @param schema the column's schema, a JSON object without its {@code field} name
     * @param value the column's value, JSON
     */
    static String column(String schema, String value) {
        return event(
                "c", "{\"field\":\"v\"," + schema.substring(1), "null", "{\"v\":" + value + "}");
    }

    /** A Kafka message key of {@code JsonConverter} with the given int32 key fields. */
    static String key(String... fields) {
        StringBuilder schema = new StringBuilder();
        StringBuilder payload = new StringBuilder();
        for (int i = 0; i < fields.length; i++) {
            schema.append(i == 0 ? "" : ",")
                    .append("{\"type\":\"int32\",\"optional\":false,\"field\":\"")
                    .append(fields[i])
                    .append("\"}");
            payload.append(i == 0 ? "" : ",")
                    .append('"')
                    .append(fields[i])
                    .append("\":")
                    .append(i + 1);
        }
        return "{\"schema\":{\"type\":\"struct\",\"fields\":["
                + schema
                + "],\"optional\":false,"
                + "\"name\":\"pg.public.t.Key\"},\"payload\":{"
                + payload
                + "}}";
    }

    static RowType.RowField field(String name, LogicalType type) {
        return new RowType.RowField(name, type);
    }

    static RowType rowType(RowType.RowField... fields) {
        return new RowType(List.of(fields));
    }
}
