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

package dev.ducklake.flink.sink;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ducklake.flink.cdc.ChangeRecord;
import dev.ducklake.flink.cdc.ChangeRecordTypeInfo;
import dev.ducklake.flink.cdc.ChangeSchema;
import dev.ducklake.flink.cdc.SchemaChangePolicy;
import dev.ducklake.flink.cdc.debezium.DebeziumJsonDeserializationSchema;
import dev.ducklake.flink.sink.testutils.DuckDbLakeTestBase;
import dev.ducklake.flink.sink.testutils.LakeContents;
import dev.ducklake.flink.sink.testutils.NoEngineLeftOpen;
import dev.ducklake.flink.sink.testutils.TestJobs;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;
import org.apache.flink.api.common.functions.FlatMapFunction;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.MultisetType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.SmallIntType;
import org.apache.flink.table.types.logical.VarCharType;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.types.RowKind;
import org.apache.flink.util.Collector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Bad input fails a change-record job with a message that names the table, the column and the
 * value, and nothing of the failed checkpoint reaches the lake.
 */
@ExtendWith(NoEngineLeftOpen.class)
class DuckLakeChangeSinkBadInputITCase extends DuckDbLakeTestBase {

    private static final VarCharType STRING = new VarCharType(VarCharType.MAX_LENGTH);
    private static final ChangeSchema ORDERS =
            schema(List.of("id", "qty"), List.of(new BigIntType(false), new IntType()), "id");

    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = TestJobs.miniCluster(2);

    /**
     * Records that cannot be written, made on the task: a row that does not fit its schema cannot
     * be shipped in a job.
     */
    enum BadInput {
        UNKNOWN_TYPE("src.tagged", "'tags'", "MULTISET") {
            @Override
            List<ChangeRecord> records() {
                ChangeSchema tags =
                        schema(
                                List.of("id", "tags"),
                                List.of(new BigIntType(false), new MultisetType(STRING)),
                                "id");
                return List.of(new ChangeRecord("src.tagged", GenericRowData.of(1L, null), tags));
            }
        },
        VALUE_OF_ANOTHER_TYPE("src.orders", "'qty'", "INT", "twelve") {
            @Override
            List<ChangeRecord> records() {
                return List.of(
                        good(1),
                        new ChangeRecord(
                                "src.orders",
                                GenericRowData.of(2L, StringData.fromString("twelve")),
                                ORDERS));
            }
        },
        TOO_FEW_VALUES("src.orders", "1 values", "2 columns") {
            @Override
            List<ChangeRecord> records() {
                return List.of(new ChangeRecord("src.orders", GenericRowData.of(2L), ORDERS));
            }
        },
        DELETE_WITHOUT_KEY("src.events", "no primary key", "DELETE") {
            @Override
            List<ChangeRecord> records() {
                ChangeSchema keyless = schema(List.of("n"), List.of(new IntType()));
                return List.of(
                        new ChangeRecord(
                                "src.events", GenericRowData.ofKind(RowKind.DELETE, 7), keyless));
            }
        },
        NARROWED_TYPE("src.orders", "column 'qty' changes from INTEGER to SMALLINT") {
            @Override
            List<ChangeRecord> records() {
                ChangeSchema narrower =
                        schema(
                                List.of("id", "qty"),
                                List.of(new BigIntType(false), new SmallIntType()),
                                "id");
                return List.of(
                        good(1),
                        new ChangeRecord("src.orders", GenericRowData.of(2L, (short) 3), narrower));
            }
        };

        final String[] named;

        BadInput(String... named) {
            this.named = named;
        }

        abstract List<ChangeRecord> records();
    }

    @ParameterizedTest
    @EnumSource(BadInput.class)
    void badInputFailsTheJobNamingTableColumnAndValue(BadInput input) throws Exception {
        StreamExecutionEnvironment env = TestJobs.environment(0);
        env.fromData(
                        Types.INT,
                        IntStream.range(0, input.records().size()).boxed().toArray(Integer[]::new))
                .map(new Pick(input))
                .returns(ChangeRecordTypeInfo.INSTANCE)
                .sinkTo(sink().unsupportedSchemaChanges(SchemaChangePolicy.FAIL).build());
        TestJobs.assertJobFails(env, "bad input").contains(input.named);
        assertNothingCommitted();
    }

    @Test
    void aMalformedDebeziumEventNamesItsStart() throws Exception {
        Path events = dir.resolve("events.json");
        Files.writeString(events, "{\"schema\": {\"type\": \"struct\", \"fields\": [");
        StreamExecutionEnvironment env = TestJobs.environment(0);
        env.fromData(Types.STRING, events.toString())
                .flatMap(new ReadEvents())
                .returns(ChangeRecordTypeInfo.INSTANCE)
                .sinkTo(sink().build());
        TestJobs.assertJobFails(env, "malformed event")
                .contains("{\"schema\": {\"type\": \"struct\"");
        assertNothingCommitted();
    }

    /** Parses the events of a file, one per line, with the Debezium deserializer. */
    private static final class ReadEvents implements FlatMapFunction<String, ChangeRecord> {
        private static final long serialVersionUID = 1L;

        @Override
        public void flatMap(String file, Collector<ChangeRecord> out) throws Exception {
            DebeziumJsonDeserializationSchema events =
                    DebeziumJsonDeserializationSchema.builder().build();
            for (String line : Files.readAllLines(Path.of(file))) {
                events.deserialize(null, line.getBytes(StandardCharsets.UTF_8), out);
            }
        }
    }

    private void assertNothingCommitted() throws Exception {
        assertThat(
                        Files.exists(dir.resolve("metadata.ducklake"))
                                ? LakeContents.sinkSnapshots(catalog, dir)
                                : List.of())
                .as("snapshots of the sink")
                .isEmpty();
    }

    /** The i-th record of a bad input. */
    private static final class Pick implements MapFunction<Integer, ChangeRecord> {
        private static final long serialVersionUID = 1L;
        private final BadInput input;

        Pick(BadInput input) {
            this.input = input;
        }

        @Override
        public ChangeRecord map(Integer i) {
            return input.records().get(i);
        }
    }

    private DuckLakeChangeSinkBuilder sink() {
        return DuckLakeSink.forChangeRecords()
                .catalog(catalog.key())
                .dataPath(dir.resolve("data") + "/");
    }

    private static ChangeRecord good(long id) {
        return new ChangeRecord("src.orders", GenericRowData.of(id, 1), ORDERS);
    }

    private static ChangeSchema schema(List<String> names, List<LogicalType> types, String... key) {
        return ChangeSchema.of(
                RowType.of(types.toArray(LogicalType[]::new), names.toArray(String[]::new)),
                List.of(key));
    }
}
