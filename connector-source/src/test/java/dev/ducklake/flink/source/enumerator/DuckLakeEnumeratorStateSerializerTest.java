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

package dev.ducklake.flink.source.enumerator;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ducklake.engine.read.Bucket;
import dev.ducklake.engine.read.ScanPart;
import dev.ducklake.engine.testutils.GoldenFiles;
import dev.ducklake.flink.sink.testutils.SerializerAssertions;
import dev.ducklake.flink.source.split.DuckLakeSplit;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The enumerator's checkpointed state survives serialization, foreign bytes are refused, and the
 * bytes of every released version (golden files under {@code src/test/resources/serializer}) still
 * restore to the exact states below; the current version still writes exactly its golden bytes.
 *
 * <p>{@code enumerator-state-v1.bin} was written by the version 1 enumerator state serializer
 * itself, from commit {@code c2bef6e^} (9b2a097), the last before version 2: its {@code
 * DuckLakeEnumeratorState}, {@code DuckLakeEnumeratorStateSerializer}, {@code DuckLakeSplit},
 * {@code DuckLakeSplitSerializer} and {@code SerializedBytes}, taken with {@code git show} and
 * compiled apart, serialized the state {@link #STATE_V1} describes (without checkpoint id and held
 * splits, which version 1 lacks). The other file was written by {@link #main}, which writes the
 * current version's file if it does not exist yet (run it with this module's {@code
 * src/test/resources} as argument when the serializer gets a new version) and never replaces one.
 */
class DuckLakeEnumeratorStateSerializerTest {

    private static final String ENUMERATOR_STATE_V1 = "enumerator-state-v1.bin";
    private static final String ENUMERATOR_STATE_V2 = "enumerator-state-v2.bin";
    private static final String ENUMERATOR_STATE_V3 = "enumerator-state-v3.bin";

    /** What {@code enumerator-state-v1.bin} restores to: a version 1 state holds no splits back. */
    private static final DuckLakeEnumeratorState STATE_V1 =
            new DuckLakeEnumeratorState(
                    12,
                    2,
                    List.of(
                            DuckLakeSplit.snapshot(5, new Bucket(1, 2)),
                            DuckLakeSplit.changes(5, 12, new Bucket(0, 2)).at(300)),
                    true,
                    0,
                    List.of());

    /** What {@code enumerator-state-v2.bin} restores to: no part splits. */
    private static final DuckLakeEnumeratorState STATE_V2 =
            new DuckLakeEnumeratorState(
                    12,
                    2,
                    List.of(
                            DuckLakeSplit.snapshot(5, new Bucket(1, 2)),
                            DuckLakeSplit.changes(5, 12, new Bucket(0, 2))),
                    true,
                    9,
                    List.of(
                            new HeldSplits.Entry("changes-3-5-bucket-1-of-2", 1, 3, Long.MAX_VALUE),
                            new HeldSplits.Entry("changes-1-3-bucket-0-of-2", 0, 1, 10)));

    private static final DuckLakeEnumeratorState STATE =
            new DuckLakeEnumeratorState(
                    12,
                    2,
                    List.of(
                            DuckLakeSplit.snapshotPart(
                                    12,
                                    new ScanPart("/lake/main/t/a.parquet", 0, 983_039, 983_040),
                                    new Bucket(0, 2)),
                            DuckLakeSplit.snapshotPart(
                                    12,
                                    new ScanPart("ducklake_inlined_data_1_1", 983_040, 983_049, 10),
                                    new Bucket(1, 2))),
                    true,
                    9,
                    List.of(
                            new HeldSplits.Entry(
                                    "snapshot-12-part-0-of-2", 0, 12, Long.MAX_VALUE)));

    private final DuckLakeEnumeratorStateSerializer states =
            DuckLakeEnumeratorStateSerializer.INSTANCE;

    @Test
    void enumeratorStateRoundTripsWithItsPendingSplitsInOrderAndItsHeldSplits() throws IOException {
        SerializerAssertions.assertRoundTrips(states, STATE);
    }

    @Test
    void anUnknownVersionFailsNamingTheVersionsRead() throws IOException {
        SerializerAssertions.assertRefusesUnknownVersions(
                states, states.serialize(STATE), "reads versions 1 to 3");
    }

    @Test
    void version1BytesRestoreWithNoSplitHeldAndRefuseTrailingBytes() throws IOException {
        byte[] bytes = GoldenFiles.read(ENUMERATOR_STATE_V1);

        assertThat(states.deserialize(DuckLakeEnumeratorStateSerializer.VERSION_1, bytes))
                .isEqualTo(STATE_V1);
        SerializerAssertions.assertRefusesTrailingBytes(
                states, DuckLakeEnumeratorStateSerializer.VERSION_1, bytes);
    }

    @Test
    void version2BytesStillRead() throws IOException {
        SerializerAssertions.assertReadsGolden(
                states, DuckLakeEnumeratorStateSerializer.VERSION_2, ENUMERATOR_STATE_V2, STATE_V2);
    }

    @Test
    void theCurrentVersionWritesItsGoldenBytes() throws IOException {
        SerializerAssertions.assertWritesGolden(
                states, DuckLakeEnumeratorStateSerializer.VERSION_3, ENUMERATOR_STATE_V3, STATE);
    }

    /**
     * Writes the golden file of the current version if it does not exist yet, under the directory
     * given (this module's {@code src/test/resources}); an existing one is never replaced. Not a
     * test.
     */
    public static void main(String[] args) throws IOException {
        SerializerAssertions.writeNewGolden(
                Path.of(args[0]),
                "enumerator-state",
                DuckLakeEnumeratorStateSerializer.INSTANCE,
                STATE);
    }
}
