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

package dev.ducklake.flink.source.split;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ducklake.engine.read.Bucket;
import dev.ducklake.engine.read.ScanPart;
import dev.ducklake.engine.testutils.GoldenFiles;
import dev.ducklake.flink.sink.testutils.SerializerAssertions;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The source's splits survive serialization, foreign bytes are refused, and the bytes of every
 * released version (golden files under {@code src/test/resources/serializer}) still restore to the
 * exact split below; the current version still writes exactly its golden bytes. The golden files
 * were written by {@link #main}, which writes the current version's file if it does not exist yet
 * (run it with this module's {@code src/test/resources} as argument when the serializer gets a new
 * version) and never replaces one.
 */
class DuckLakeSplitSerializerTest {

    private static final String SPLIT_V1 = "split-v1.bin";
    private static final String SPLIT_V2 = "split-v2.bin";

    /** What {@code split-v1.bin} restores to. */
    private static final DuckLakeSplit SPLIT =
            DuckLakeSplit.changes(7, 12, new Bucket(2, 3)).at(4_096);

    private static final DuckLakeSplit PART =
            DuckLakeSplit.snapshotPart(
                            12,
                            new ScanPart(
                                    "/lake/main/t/ducklake-0.parquet", 983_040, 1_966_079, 983_000),
                            new Bucket(1, 4))
                    .at(8_192);

    private final DuckLakeSplitSerializer splits = DuckLakeSplitSerializer.INSTANCE;

    @Test
    void splitsRoundTripAndRefuseTrailingBytes() throws IOException {
        SerializerAssertions.assertRoundTrips(splits, SPLIT);
        assertThat(SPLIT.splitId()).isEqualTo("changes-7-12-bucket-2-of-3");
        SerializerAssertions.assertRoundTrips(splits, PART);
        assertThat(PART.splitId()).isEqualTo("snapshot-12-part-1-of-4");
    }

    @Test
    void anUnknownVersionFailsNamingTheVersionRead() throws IOException {
        SerializerAssertions.assertRefusesUnknownVersions(
                splits, splits.serialize(SPLIT), "reads versions 1 and 2");
    }

    @Test
    void splitVersion1BytesStillRead() throws IOException {
        SerializerAssertions.assertReadsGolden(
                splits, DuckLakeSplitSerializer.VERSION_1, SPLIT_V1, SPLIT);
    }

    @Test
    void theCurrentVersionWritesItsGoldenBytes() throws IOException {
        SerializerAssertions.assertWritesGolden(
                splits, DuckLakeSplitSerializer.VERSION_2, SPLIT_V2, PART);
        assertThat(splits.serialize(SPLIT))
                .as("a split other than a part keeps version 1's layout")
                .isEqualTo(GoldenFiles.read(SPLIT_V1));
    }

    /**
     * Writes the golden file of the current version if it does not exist yet, under the directory
     * given (this module's {@code src/test/resources}); an existing one is never replaced. Not a
     * test.
     */
    public static void main(String[] args) throws IOException {
        SerializerAssertions.writeNewGolden(
                Path.of(args[0]), "split", DuckLakeSplitSerializer.INSTANCE, PART);
    }
}
