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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ducklake.engine.testutils.GoldenFiles;
import dev.ducklake.flink.cdc.ChangeSchema;
import dev.ducklake.flink.sink.internal.write.DuckLakeWriterState;
import dev.ducklake.flink.sink.internal.write.DuckLakeWriterStateSerializer;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
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
        byte[] bytes = committables.serialize(COMMITTABLE);
        assertThat(committables.deserialize(committables.getVersion(), bytes))
                .isEqualTo(COMMITTABLE);
        assertThat(
                        committables.deserialize(
                                committables.getVersion(),
                                committables.serialize(WITH_CURRENT_ROWS)))
                .isEqualTo(WITH_CURRENT_ROWS);
        DuckLakeCommittable unstamped =
                new DuckLakeCommittable("s", DuckLakeCommittable.UNSTAMPED, "f", 0);
        assertThat(
                        committables.deserialize(
                                committables.getVersion(), committables.serialize(unstamped)))
                .isEqualTo(unstamped);
    }

    @Test
    void tableCommittablesRoundTripAndTheirVersion1BytesStillRead() throws IOException {
        assertThat(
                        tableCommittables.deserialize(
                                tableCommittables.getVersion(),
                                tableCommittables.serialize(TABLE_COMMITTABLE)))
                .isEqualTo(TABLE_COMMITTABLE);
        assertThat(tableCommittables.getVersion())
                .as("a new table committable version needs a golden file")
                .isEqualTo(TableCommittableSerializer.VERSION_1);
        assertThat(
                        tableCommittables.deserialize(
                                TableCommittableSerializer.VERSION_1,
                                GoldenFiles.read(TABLE_COMMITTABLE_V1)))
                .isEqualTo(TABLE_COMMITTABLE);
        assertThat(tableCommittables.serialize(TABLE_COMMITTABLE))
                .isEqualTo(GoldenFiles.read(TABLE_COMMITTABLE_V1));
        byte[] bytes = tableCommittables.serialize(TABLE_COMMITTABLE);
        assertThatThrownBy(() -> tableCommittables.deserialize(2, bytes))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("Unknown version 2");
        assertThatThrownBy(
                        () ->
                                tableCommittables.deserialize(
                                        1, Arrays.copyOf(bytes, bytes.length + 1)))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("trailing bytes");
    }

    @Test
    void writerStatesRoundTrip() throws IOException {
        assertThat(states.deserialize(states.getVersion(), states.serialize(STATE)))
                .isEqualTo(STATE);
    }

    @Test
    void committableVersion1BytesStillRead() throws IOException {
        assertThat(
                        committables.deserialize(
                                DuckLakeCommittableSerializer.VERSION_1,
                                GoldenFiles.read(COMMITTABLE_V1)))
                .isEqualTo(COMMITTABLE);
    }

    @Test
    void committableVersion2BytesStillRead() throws IOException {
        assertThat(
                        committables.deserialize(
                                DuckLakeCommittableSerializer.VERSION_2,
                                GoldenFiles.read(COMMITTABLE_V2)))
                .isEqualTo(WITH_CURRENT_ROWS);
    }

    @Test
    void committableVersion3BytesStillRead() throws IOException {
        assertThat(
                        committables.deserialize(
                                DuckLakeCommittableSerializer.VERSION_3,
                                GoldenFiles.read(COMMITTABLE_V3)))
                .isEqualTo(WITH_INPUT_SNAPSHOT);
    }

    @Test
    void writerStateVersion1BytesStillRead() throws IOException {
        assertThat(
                        states.deserialize(
                                DuckLakeWriterStateSerializer.VERSION_1,
                                GoldenFiles.read(WRITER_STATE_V1)))
                .isEqualTo(STATE);
    }

    @Test
    void theCurrentVersionsWriteTheirGoldenBytes() throws IOException {
        assertThat(committables.getVersion())
                .as("a new committable version needs a golden file")
                .isEqualTo(DuckLakeCommittableSerializer.VERSION_3);
        assertThat(committables.serialize(WITH_INPUT_SNAPSHOT))
                .isEqualTo(GoldenFiles.read(COMMITTABLE_V3));
        assertThat(states.getVersion())
                .as("a new writer state version needs a golden file")
                .isEqualTo(DuckLakeWriterStateSerializer.VERSION_1);
        assertThat(states.serialize(STATE)).isEqualTo(GoldenFiles.read(WRITER_STATE_V1));
    }

    @Test
    void unknownVersionsAndTrailingBytesAreRefused() throws IOException {
        byte[] bytes = committables.serialize(COMMITTABLE);
        assertThatThrownBy(() -> committables.deserialize(4, bytes))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("Unknown version 4")
                .hasMessageContaining("versions 1 to 3");
        byte[] longer = Arrays.copyOf(bytes, bytes.length + 1);
        assertThatThrownBy(() -> committables.deserialize(3, longer))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("trailing bytes");
        assertThatThrownBy(() -> states.deserialize(0, states.serialize(STATE)))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("Unknown version 0");
        byte[] state = states.serialize(STATE);
        assertThatThrownBy(() -> states.deserialize(1, Arrays.copyOf(state, state.length + 1)))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("trailing bytes");
    }

    /**
     * Writes the golden files of the current versions that do not exist yet, under the directory
     * given (this module's {@code src/test/resources}); existing ones are never replaced. Not a
     * test.
     */
    public static void main(String[] args) throws IOException {
        Path resources = Path.of(args[0]);
        GoldenFiles.writeNew(
                resources,
                "committable-v" + new DuckLakeCommittableSerializer().getVersion() + ".bin",
                new DuckLakeCommittableSerializer().serialize(WITH_INPUT_SNAPSHOT));
        GoldenFiles.writeNew(
                resources,
                "writer-state-v" + new DuckLakeWriterStateSerializer().getVersion() + ".bin",
                new DuckLakeWriterStateSerializer().serialize(STATE));
        GoldenFiles.writeNew(
                resources,
                "table-committable-v" + new TableCommittableSerializer().getVersion() + ".bin",
                new TableCommittableSerializer().serialize(TABLE_COMMITTABLE));
    }
}
