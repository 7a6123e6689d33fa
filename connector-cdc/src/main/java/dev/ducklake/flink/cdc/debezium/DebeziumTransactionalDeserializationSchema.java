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

import com.fasterxml.jackson.databind.JsonNode;
import dev.ducklake.flink.cdc.ChangeRecord;
import dev.ducklake.flink.cdc.transaction.SourceTransactionEvent;
import dev.ducklake.flink.cdc.transaction.SourceTransactionEventTypeInfo;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.annotation.Nullable;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.api.common.functions.util.ListCollector;
import org.apache.flink.api.common.serialization.DeserializationSchema;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.util.Collector;

/**
 * Reads Debezium's change events and its transaction topic's events (the connector's {@code
 * provide.transaction.metadata=true}) into {@link SourceTransactionEvent}s, for {@link
 * dev.ducklake.flink.cdc.transaction.SourceTransactions}: a change event becomes a {@link
 * SourceTransactionEvent.Change} with its records as {@link DebeziumJsonDeserializationSchema}
 * reads them and its {@code transaction} block's id and {@code total_order}; an {@code END} becomes
 * a {@link SourceTransactionEvent.End} with its {@code data_collections}' counts; a logical
 * decoding message in a transaction becomes a change without records of {@code
 * LOGICAL_DECODING_MESSAGE}, the name under which the END counts it; a {@code BEGIN}, a tombstone
 * and a message outside a transaction give nothing. Read the data topics and the transaction topic
 * with the one deserializer.
 *
 * <p>PostgreSQL's transaction ids are {@code <xid>:<lsn>}, with the LSN of the event at hand, so
 * that a transaction's events carry different ids: an id of two decimal numbers is taken as its
 * first, the transaction's xid, and the LSN of its END as its position in commit order. The END's
 * table names must be the changes' ({@code schema.table} or {@code db.table}): PostgreSQL's and
 * MySQL's are; SQL Server's, Oracle's and Db2's name the database too, and do not match.
 */
@PublicEvolving
public final class DebeziumTransactionalDeserializationSchema
        implements DeserializationSchema<SourceTransactionEvent> {

    private static final long serialVersionUID = 1L;
    private static final Pattern POSTGRES_ID = Pattern.compile("(\\d+):(\\d+)");

    /**
     * The data collection under which Debezium counts a transaction's logical decoding messages.
     */
    static final String LOGICAL_DECODING_MESSAGES = "LOGICAL_DECODING_MESSAGE";

    private final Map<String, List<String>> primaryKeys;
    private final boolean ignoreTruncate;
    private transient DebeziumEventReader reader;

    DebeziumTransactionalDeserializationSchema(
            Map<String, List<String>> primaryKeys, boolean ignoreTruncate) {
        this.primaryKeys = Map.copyOf(primaryKeys);
        this.ignoreTruncate = ignoreTruncate;
    }

    @Override
    public void open(InitializationContext context) {
        reader();
    }

    /** Not supported: use {@link #deserialize(byte[], byte[], Collector)}. */
    @Override
    public SourceTransactionEvent deserialize(byte[] message) {
        throw new UnsupportedOperationException("Call deserialize(byte[], Collector) instead");
    }

    @Override
    public void deserialize(@Nullable byte[] message, Collector<SourceTransactionEvent> out)
            throws IOException {
        deserialize(null, message, out);
    }

    /**
     * Emits the event of one Kafka message, if it gives one.
     *
     * @param key the message key, as for {@link
     *     DebeziumJsonDeserializationSchema#deserialize(byte[], byte[], Collector)}
     * @param value the message value
     * @throws IOException if the message is not a Debezium event this deserializer can read
     */
    public void deserialize(
            @Nullable byte[] key, @Nullable byte[] value, Collector<SourceTransactionEvent> out)
            throws IOException {
        List<ChangeRecord> records = new ArrayList<>(2);
        JsonNode payload = reader().read(key, value, new ListCollector<>(records));
        if (payload == null) {
            return;
        }
        if (DebeziumEventReader.isTransactionBoundary(payload)) {
            if (payload.path("status").asText("").equals("END")) {
                out.collect(end(payload));
            }
            return;
        }
        boolean message = payload.path("op").asText("").equals("m");
        JsonNode transaction = payload.path("transaction");
        if (message && !transaction.hasNonNull("id")) {
            return;
        }
        // A transaction's END counts its logical decoding messages under this name.
        String table =
                message ? LOGICAL_DECODING_MESSAGES : DebeziumEventReader.table(payload, value);
        if (!transaction.hasNonNull("id")) {
            out.collect(new SourceTransactionEvent.Change(null, 0, table, records));
            return;
        }
        if (!transaction.path("total_order").canConvertToLong()) {
            throw new IOException(
                    "The Debezium event for table '"
                            + table
                            + "' in transaction "
                            + transaction.path("id")
                            + " has no numeric transaction.total_order: "
                            + transaction);
        }
        out.collect(
                new SourceTransactionEvent.Change(
                        transactionId(transaction.path("id").asText()),
                        transaction.path("total_order").asLong(),
                        table,
                        records));
    }

    private static SourceTransactionEvent.End end(JsonNode payload) throws IOException {
        Map<String, Long> counts = new LinkedHashMap<>();
        for (JsonNode collection : payload.path("data_collections")) {
            String table = collection.path("data_collection").textValue();
            if (table == null || !collection.path("event_count").canConvertToLong()) {
                throw new IOException(
                        "The END of Debezium transaction "
                                + payload.path("id")
                                + " has a data"
                                + " collection without a data_collection name or a numeric event_count: "
                                + collection);
            }
            counts.merge(table, collection.path("event_count").asLong(), Long::sum);
        }
        String id = payload.path("id").asText();
        return new SourceTransactionEvent.End(transactionId(id), position(id), counts);
    }

    /** PostgreSQL's {@code <xid>:<lsn>} becomes its xid; other ids stay as they are. */
    static String transactionId(String id) {
        Matcher postgres = POSTGRES_ID.matcher(id);
        return postgres.matches() ? postgres.group(1) : id;
    }

    /**
     * The LSN of PostgreSQL's {@code <xid>:<lsn>} at a transaction's END, its place in commit
     * order.
     */
    static long position(String id) {
        Matcher postgres = POSTGRES_ID.matcher(id);
        return postgres.matches()
                ? Long.parseLong(postgres.group(2))
                : SourceTransactionEvent.End.NO_POSITION;
    }

    @Override
    public boolean isEndOfStream(SourceTransactionEvent nextElement) {
        return false;
    }

    @Override
    public TypeInformation<SourceTransactionEvent> getProducedType() {
        return SourceTransactionEventTypeInfo.INSTANCE;
    }

    private DebeziumEventReader reader() {
        if (reader == null) {
            reader = new DebeziumEventReader(primaryKeys, ignoreTruncate);
        }
        return reader;
    }
}
