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
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ducklake.flink.cdc.transaction.SourceTransactionEvent;
import dev.ducklake.flink.cdc.transaction.SourceTransactionEvent.Change;
import dev.ducklake.flink.cdc.transaction.SourceTransactionEvent.End;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.flink.api.common.functions.util.ListCollector;
import org.apache.flink.types.RowKind;
import org.junit.jupiter.api.Test;

class DebeziumTransactionalDeserializationSchemaTest {

    private static final String FIELDS = "{\"type\":\"int32\",\"optional\":false,\"field\":\"id\"}";

    private final DebeziumTransactionalDeserializationSchema schema =
            DebeziumJsonDeserializationSchema.builder()
                    .primaryKey("public.t", "id")
                    .buildWithTransactions();

    @Test
    void aChangeCarriesItsTransactionsXidAndOrderAndItsRecords() throws IOException {
        String update =
                inTransaction(
                        DebeziumSamples.event("u", FIELDS, "{\"id\":1}", "{\"id\":1}"),
                        "{\"id\":\"571:53195829\",\"total_order\":3,\"data_collection_order\":2}");

        Change change = (Change) read(update).get(0);

        assertThat(change.transactionId()).isEqualTo("571");
        assertThat(change.order()).isEqualTo(3);
        assertThat(change.table()).isEqualTo("public.t");
        assertThat(change.records())
                .extracting(record -> record.kind())
                .containsExactly(RowKind.UPDATE_BEFORE, RowKind.UPDATE_AFTER);
    }

    @Test
    void aChangeOutsideATransactionHasNoId() throws IOException {
        Change change =
                (Change) read(DebeziumSamples.event("r", FIELDS, "null", "{\"id\":1}")).get(0);

        assertThat(change.transactionId()).isNull();
        assertThat(change.records()).hasSize(1);
    }

    @Test
    void anEndCountsTheChangesOfEachTableAndABeginGivesNothing() throws IOException {
        assertThat(read(boundary("BEGIN", "571:53195829", "null", "null"))).isEmpty();

        List<SourceTransactionEvent> end =
                read(
                        boundary(
                                "END",
                                "571:53195832",
                                "3",
                                "[{\"data_collection\":\"public.t\",\"event_count\":2},"
                                        + "{\"data_collection\":\"public.u\",\"event_count\":1}]"));

        assertThat(end)
                .containsExactly(new End("571", 53195832, Map.of("public.t", 2L, "public.u", 1L)));
    }

    @Test
    void aLogicalDecodingMessageInATransactionCountsUnderItsDataCollection() throws IOException {
        String message =
                "{\"schema\":{\"type\":\"struct\",\"fields\":[],\"optional\":false},\"payload\":{\"op\":\"m\","
                        + "\"message\":{\"prefix\":\"outbox\",\"content\":\"\"},\"transaction\":{\"id\":\"571:53195830\","
                        + "\"total_order\":2,\"data_collection_order\":1}}}";

        assertThat(read(message))
                .containsExactly(new Change("571", 2, "LOGICAL_DECODING_MESSAGE", List.of()));
    }

    @Test
    void otherDatabasesIdsStayAsTheyAre() {
        assertThat(
                        DebeziumTransactionalDeserializationSchema.transactionId(
                                "3e11fa47-71ca-11e1-9e33-c80aa9429562:23"))
                .isEqualTo("3e11fa47-71ca-11e1-9e33-c80aa9429562:23");
        assertThat(
                        DebeziumTransactionalDeserializationSchema.transactionId(
                                "00000025:00000d08:0025"))
                .isEqualTo("00000025:00000d08:0025");
        assertThat(DebeziumTransactionalDeserializationSchema.position("00000025:00000d08:0025"))
                .isEqualTo(End.NO_POSITION);
    }

    @Test
    void anEndWithoutCountsFailsNamingTheTransaction() {
        assertThatThrownBy(
                        () ->
                                read(
                                        boundary(
                                                "END",
                                                "9:10",
                                                "1",
                                                "[{\"data_collection\":\"public.t\"}]")))
                .isInstanceOf(IOException.class)
                .hasMessageContaining(
                        "The END of Debezium transaction \"9:10\" has a data collection without");
    }

    @Test
    void thePlainDeserializerSkipsTransactionBoundaries() throws IOException {
        assertThat(
                        DebeziumSamples.read(
                                DebeziumJsonDeserializationSchema.builder().build(),
                                null,
                                boundary("END", "571:53195832", "0", "[]")))
                .isEmpty();
    }

    private List<SourceTransactionEvent> read(String value) throws IOException {
        List<SourceTransactionEvent> events = new ArrayList<>();
        schema.deserialize(null, value.getBytes(UTF_8), new ListCollector<>(events));
        return events;
    }

    private static String inTransaction(String event, String transaction) {
        return event.substring(0, event.length() - 2) + ",\"transaction\":" + transaction + "}}";
    }

    /** A message of Debezium's transaction topic, as its documentation shows one. */
    private static String boundary(
            String status, String id, String eventCount, String collections) {
        return "{\"schema\":{\"type\":\"struct\",\"fields\":["
                + "{\"type\":\"string\",\"optional\":false,\"field\":\"status\"},"
                + "{\"type\":\"string\",\"optional\":false,\"field\":\"id\"},"
                + "{\"type\":\"int64\",\"optional\":true,\"field\":\"event_count\"},"
                + "{\"type\":\"array\",\"items\":{\"type\":\"struct\",\"fields\":["
                + "{\"type\":\"string\",\"optional\":false,\"field\":\"data_collection\"},"
                + "{\"type\":\"int64\",\"optional\":false,\"field\":\"event_count\"}],\"optional\":false},"
                + "\"optional\":true,\"field\":\"data_collections\"},"
                + "{\"type\":\"int64\",\"optional\":false,\"field\":\"ts_ms\"}],\"optional\":false,"
                + "\"name\":\"io.debezium.connector.common.TransactionMetadataValue\"},"
                + "\"payload\":{\"status\":\""
                + status
                + "\",\"id\":\""
                + id
                + "\",\"event_count\":"
                + eventCount
                + ",\"data_collections\":"
                + collections
                + ",\"ts_ms\":1486500577691}}";
    }
}
