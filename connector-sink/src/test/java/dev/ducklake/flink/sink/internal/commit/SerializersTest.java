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

package dev.ducklake.flink.sink.internal.commit;

import static dev.ducklake.flink.sink.testutils.SerializerAssertions.assertReadsGolden;
import static dev.ducklake.flink.sink.testutils.SerializerAssertions.assertRefusesTrailingBytes;
import static dev.ducklake.flink.sink.testutils.SerializerAssertions.assertRefusesUnknownVersions;
import static dev.ducklake.flink.sink.testutils.SerializerAssertions.assertRoundTrips;
import static dev.ducklake.flink.sink.testutils.SerializerAssertions.assertWritesGolden;
import static dev.ducklake.flink.sink.testutils.SerializerAssertions.writeNewGolden;

import dev.ducklake.flink.cdc.ChangeSchema;
import dev.ducklake.flink.sink.internal.write.DuckLakeWriterState;
import dev.ducklake.flink.sink.internal.write.DuckLakeWriterStateSerializer;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;
import org.junit.jupiter.api.Test;

/**
 * Round trips of the committable and writer-state serializers, and the bytes of every released
 * version (golden files under {@code src/test/resources/serializer}), which a restored job reads:
 * each golden file must deserialize to the exact object below, and the current version must still
 * write exactly its golden bytes.
 *
 * <p>A new serializer version gets a golden file of its own, written once and checked in: run
 * {@link #main} with the module's {@code src/test/resources} as argument (e.g. from the IDE); it
 * writes the current versions' files that do not exist yet and keeps the others. The version 1
 * files are what the version 1 serializers wrote for {@link #COMMITTABLE} and {@link #STATE}; the
 * committable's version 2 file is {@link #WITH_CURRENT_ROWS}, its version 3 file {@link
 * #WITH_INPUT_SNAPSHOT}; the change-record sink's table committable's version 1 file is {@link
 * #TABLE_COMMITTABLE}.
 */
class SerializersTest {

    private static final DuckLakeCommittable COMMITTABLE =
            new DuckLakeCommittable(
                    "sink-7f3a", 42, "/lake/staging/sink-7f3a/3/41-0b8e.parquet", 123_456);
    private static final DuckLakeCommittable WITH_CURRENT_ROWS =
            new DuckLakeCommittable(
                    "sink-7f3a", 42, "/lake/staging/sink-7f3a/3/41-0b8e.parquet", 123_456, 17);
    private static final DuckLakeCommittable WITH_INPUT_SNAPSHOT =
            new DuckLakeCommittable(
                    "sink-7f3a", 42, "/lake/staging/sink-7f3a/3/41-0b8e.parquet", 123_456, 17, 57);
    private static final DuckLakeWriterState STATE = new DuckLakeWriterState("sink-7f3a");
    private static final TableCommittable TABLE_COMMITTABLE =
            new TableCommittable(
                    "sink-7f3a",
                    42,
                    "replica.orders",
                    3,
                    17,
                    ChangeSchema.of(
                                    RowType.of(
                                            new LogicalType[] {
                                                new BigIntType(false),
                                                new DecimalType(10, 2),
                                                new VarCharType(VarCharType.MAX_LENGTH)
                                            },
                                            new String[] {"id", "total", "label"}),
                                    List.of("id"))
                            .withRename("note", "label"),
                    "/lake/staging/sink-7f3a/3/41-0b8e.parquet",
                    123_456);

    private static final String COMMITTABLE_V1 = "committable-v1.bin";
    private static final String COMMITTABLE_V2 = "committable-v2.bin";
    private static final String COMMITTABLE_V3 = "committable-v3.bin";
    private static final String WRITER_STATE_V1 = "writer-state-v1.bin";
    private static final String TABLE_COMMITTABLE_V1 = "table-committable-v1.bin";

    private final DuckLakeCommittableSerializer committables = new DuckLakeCommittableSerializer();
    private final DuckLakeWriterStateSerializer states = new DuckLakeWriterStateSerializer();
    private final TableCommittableSerializer tableCommittables = new TableCommittableSerializer();

    @Test
    void committablesRoundTrip() throws IOException {
        assertRoundTrips(committables, COMMITTABLE);
        assertRoundTrips(committables, WITH_CURRENT_ROWS);
        assertRoundTrips(
                committables, new DuckLakeCommittable("s", DuckLakeCommittable.UNSTAMPED, "f", 0));
    }

    @Test
    void tableCommittablesRoundTripAndTheirVersion1BytesStillRead() throws IOException {
        byte[] bytes = assertRoundTrips(tableCommittables, TABLE_COMMITTABLE);
        assertWritesGolden(
                tableCommittables,
                TableCommittableSerializer.VERSION_1,
                TABLE_COMMITTABLE_V1,
                TABLE_COMMITTABLE);
        assertReadsGolden(
                tableCommittables,
                TableCommittableSerializer.VERSION_1,
                TABLE_COMMITTABLE_V1,
                TABLE_COMMITTABLE);
        assertRefusesUnknownVersions(tableCommittables, bytes, "reads version 1");
    }

    @Test
    void writerStatesRoundTrip() throws IOException {
        assertRoundTrips(states, STATE);
    }

    @Test
    void committableVersion1BytesStillRead() throws IOException {
        assertReadsGolden(
                committables, DuckLakeCommittableSerializer.VERSION_1, COMMITTABLE_V1, COMMITTABLE);
    }

    @Test
    void committableVersion2BytesStillRead() throws IOException {
        assertReadsGolden(
                committables,
                DuckLakeCommittableSerializer.VERSION_2,
                COMMITTABLE_V2,
                WITH_CURRENT_ROWS);
    }

    @Test
    void committableVersion3BytesStillRead() throws IOException {
        assertReadsGolden(
                committables,
                DuckLakeCommittableSerializer.VERSION_3,
                COMMITTABLE_V3,
                WITH_INPUT_SNAPSHOT);
    }

    @Test
    void writerStateVersion1BytesStillRead() throws IOException {
        assertReadsGolden(states, DuckLakeWriterStateSerializer.VERSION_1, WRITER_STATE_V1, STATE);
    }

    @Test
    void theCurrentVersionsWriteTheirGoldenBytes() throws IOException {
        assertWritesGolden(
                committables,
                DuckLakeCommittableSerializer.VERSION_3,
                COMMITTABLE_V3,
                WITH_INPUT_SNAPSHOT);
        assertWritesGolden(states, DuckLakeWriterStateSerializer.VERSION_1, WRITER_STATE_V1, STATE);
    }

    @Test
    void unknownVersionsAndTrailingBytesAreRefused() throws IOException {
        byte[] bytes = committables.serialize(COMMITTABLE);
        assertRefusesUnknownVersions(committables, bytes, "reads versions 1 to 3");
        assertRefusesTrailingBytes(committables, 3, bytes);
        byte[] state = states.serialize(STATE);
        assertRefusesUnknownVersions(states, state, "reads version 1");
        assertRefusesTrailingBytes(states, 1, state);
    }

    /**
     * Writes the golden files of the current versions that do not exist yet, under the directory
     * given (this module's {@code src/test/resources}); existing ones are never replaced. Not a
     * test.
     */
    public static void main(String[] args) throws IOException {
        Path resources = Path.of(args[0]);
        writeNewGolden(
                resources, "committable", new DuckLakeCommittableSerializer(), WITH_INPUT_SNAPSHOT);
        writeNewGolden(resources, "writer-state", new DuckLakeWriterStateSerializer(), STATE);
        writeNewGolden(
                resources,
                "table-committable",
                new TableCommittableSerializer(),
                TABLE_COMMITTABLE);
    }
}
