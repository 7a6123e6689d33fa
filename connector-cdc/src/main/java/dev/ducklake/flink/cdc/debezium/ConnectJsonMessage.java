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

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;

/**
 * A Kafka Connect JSON message with an embedded schema, {@code {"schema": ..., "payload": ...}}:
 * the schema's bytes, left unparsed so that they can key a cache of parsed schemas, and the
 * payload.
 *
 * @param schema the bytes of the {@code schema} object, within the message; null when the message
 *     has no schema or a null one
 * @param payload the payload; a {@code NullNode} for a null one
 */
@Internal
record ConnectJsonMessage(@Nullable ByteBuffer schema, JsonNode payload) {

    private static final int PREVIEW_CHARS = 200;

    /**
     * Reads a message; null for the JSON {@code null} (what {@code JsonConverter} writes for no
     * value).
     *
     * @throws IOException if it is not a JSON object or has no {@code payload}
     */
    static @Nullable ConnectJsonMessage parse(ObjectMapper mapper, byte[] message)
            throws IOException {
        try (JsonParser parser = mapper.createParser(message)) {
            JsonToken first = parser.nextToken();
            if (first == JsonToken.VALUE_NULL && parser.nextToken() == null) {
                return null;
            }
            if (first != JsonToken.START_OBJECT) {
                throw new IOException(
                        "A Debezium JSON message must be a JSON object with \"schema\" and "
                                + "\"payload\", but it is "
                                + preview(message));
            }
            ByteBuffer schema = null;
            JsonNode payload = null;
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String field = parser.currentName();
                JsonToken value = parser.nextToken();
                if (field.equals("schema") && value == JsonToken.START_OBJECT) {
                    int start = (int) parser.currentTokenLocation().getByteOffset();
                    parser.skipChildren();
                    schema =
                            ByteBuffer.wrap(
                                    message,
                                    start,
                                    (int) parser.currentLocation().getByteOffset() - start);
                } else if (field.equals("payload")) {
                    payload = mapper.readTree(parser);
                } else {
                    parser.skipChildren();
                }
            }
            if (parser.nextToken() != null) {
                throw new IOException(
                        "A Debezium JSON message has content after its JSON object: "
                                + preview(message));
            }
            if (payload == null) {
                throw new IOException(
                        "A Debezium JSON message has no \"payload\" (the connector's "
                                + "value.converter needs schemas.enable=true): "
                                + preview(message));
            }
            return new ConnectJsonMessage(schema, payload);
        } catch (JsonProcessingException e) {
            throw new IOException(
                    "A Debezium message is not valid JSON ("
                            + e.getOriginalMessage()
                            + "): "
                            + preview(message),
                    e);
        }
    }

    /** The bytes of the schema object, copied out of the message (to keep in a cache). */
    ByteBuffer schemaCopy() {
        byte[] copy = new byte[schema.remaining()];
        schema.duplicate().get(copy);
        return ByteBuffer.wrap(copy);
    }

    /** The first 200 characters of a message, quoted. */
    static String preview(byte[] message) {
        String text =
                new String(
                        message,
                        0,
                        Math.min(message.length, PREVIEW_CHARS * 4),
                        StandardCharsets.UTF_8);
        return "'"
                + (text.length() <= PREVIEW_CHARS ? text : text.substring(0, PREVIEW_CHARS) + "...")
                + "'";
    }
}
