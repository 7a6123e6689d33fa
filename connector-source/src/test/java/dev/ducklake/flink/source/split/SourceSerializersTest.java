package dev.ducklake.flink.source.split;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ducklake.engine.read.Bucket;
import dev.ducklake.engine.testutils.GoldenFiles;
import dev.ducklake.flink.source.enumerator.DuckLakeEnumeratorState;
import dev.ducklake.flink.source.enumerator.DuckLakeEnumeratorStateSerializer;
import dev.ducklake.flink.source.enumerator.HeldSplits;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The source's checkpointed splits and enumerator state survive serialization, foreign bytes are
 * refused, and the bytes of every released version (golden files under
 * {@code src/test/resources/serializer}) still restore to the exact objects below; the current
 * versions still write exactly their golden bytes.
 *
 * <p>{@code enumerator-state-v1.bin} was written by the version 1 enumerator state serializer
 * itself, from commit {@code c2bef6e^} (9b2a097), the last before version 2: its
 * {@code DuckLakeEnumeratorState}, {@code DuckLakeEnumeratorStateSerializer}, {@code DuckLakeSplit},
 * {@code DuckLakeSplitSerializer} and {@code SerializedBytes}, taken with {@code git show} and compiled
 * apart, serialized the state {@link #STATE_V1} describes (without checkpoint id and held splits,
 * which version 1 lacks). The other files were written by {@link #main}, which writes the current
 * versions' files that do not exist yet (run it with this module's {@code src/test/resources} as
 * argument when a serializer gets a new version) and never replaces one.
 */
class SourceSerializersTest {

    private static final int SPLIT_VERSION_1 = 1;
    private static final int ENUMERATOR_STATE_VERSION_1 = 1;
    private static final int ENUMERATOR_STATE_VERSION_2 = 2;

    private static final String SPLIT_V1 = "split-v1.bin";
    private static final String ENUMERATOR_STATE_V1 = "enumerator-state-v1.bin";
    private static final String ENUMERATOR_STATE_V2 = "enumerator-state-v2.bin";

    private static final DuckLakeSplit SPLIT = DuckLakeSplit.changes(7, 12, new Bucket(2, 3)).at(4_096);

    /** What {@code enumerator-state-v1.bin} restores to: a version 1 state holds no splits back. */
    private static final DuckLakeEnumeratorState STATE_V1 = new DuckLakeEnumeratorState(12, 2, List.of(
            DuckLakeSplit.snapshot(5, new Bucket(1, 2)), DuckLakeSplit.changes(5, 12, new Bucket(0, 2)).at(300)),
            true, 0, List.of());

    private static final DuckLakeEnumeratorState STATE = new DuckLakeEnumeratorState(12, 2, List.of(
            DuckLakeSplit.snapshot(5, new Bucket(1, 2)), DuckLakeSplit.changes(5, 12, new Bucket(0, 2))), true, 9,
            List.of(new HeldSplits.Entry("changes-3-5-bucket-1-of-2", 1, 3, Long.MAX_VALUE),
                    new HeldSplits.Entry("changes-1-3-bucket-0-of-2", 0, 1, 10)));

    private final DuckLakeSplitSerializer splits = DuckLakeSplitSerializer.INSTANCE;
    private final DuckLakeEnumeratorStateSerializer states = DuckLakeEnumeratorStateSerializer.INSTANCE;

    @Test
    void splitsRoundTripAndRefuseUnknownVersionsAndTrailingBytes() throws IOException {
        byte[] bytes = splits.serialize(SPLIT);

        assertThat(splits.deserialize(splits.getVersion(), bytes)).isEqualTo(SPLIT);
        assertThat(SPLIT.splitId()).isEqualTo("changes-7-12-bucket-2-of-3");
        assertThatThrownBy(() -> splits.deserialize(splits.getVersion() + 1, bytes))
                .isInstanceOf(IOException.class).hasMessageContaining("Unknown version");
        assertThatThrownBy(() -> splits.deserialize(splits.getVersion(), Arrays.copyOf(bytes, bytes.length + 1)))
                .isInstanceOf(IOException.class).hasMessageContaining("trailing bytes");
    }

    @Test
    void enumeratorStateRoundTripsWithItsPendingSplitsInOrderAndItsHeldSplits() throws IOException {
        byte[] bytes = states.serialize(STATE);

        assertThat(states.deserialize(states.getVersion(), bytes)).isEqualTo(STATE);
        assertThatThrownBy(() -> states.deserialize(states.getVersion(), Arrays.copyOf(bytes, bytes.length + 1)))
                .isInstanceOf(IOException.class).hasMessageContaining("trailing bytes");
        assertThatThrownBy(() -> states.deserialize(3, bytes))
                .isInstanceOf(IOException.class).hasMessageContaining("Unknown version 3");
    }

    @Test
    void splitVersion1BytesStillRead() throws IOException {
        assertThat(splits.deserialize(SPLIT_VERSION_1, GoldenFiles.read(SPLIT_V1))).isEqualTo(SPLIT);
    }

    @Test
    void enumeratorStateVersion1BytesRestoreWithNoSplitHeld() throws IOException {
        assertThat(states.deserialize(ENUMERATOR_STATE_VERSION_1, GoldenFiles.read(ENUMERATOR_STATE_V1)))
                .isEqualTo(STATE_V1);
    }

    @Test
    void enumeratorStateVersion2BytesStillRead() throws IOException {
        assertThat(states.deserialize(ENUMERATOR_STATE_VERSION_2, GoldenFiles.read(ENUMERATOR_STATE_V2)))
                .isEqualTo(STATE);
    }

    @Test
    void theCurrentVersionsWriteTheirGoldenBytes() throws IOException {
        assertThat(splits.getVersion()).as("a new split version needs a golden file").isEqualTo(SPLIT_VERSION_1);
        assertThat(splits.serialize(SPLIT)).isEqualTo(GoldenFiles.read(SPLIT_V1));
        assertThat(states.getVersion()).as("a new enumerator state version needs a golden file")
                .isEqualTo(ENUMERATOR_STATE_VERSION_2);
        assertThat(states.serialize(STATE)).isEqualTo(GoldenFiles.read(ENUMERATOR_STATE_V2));
    }

    /**
     * Writes the golden files of the current versions that do not exist yet, under the directory
     * given (this module's {@code src/test/resources}); existing ones are never replaced. Not a test.
     */
    public static void main(String[] args) throws IOException {
        Path resources = Path.of(args[0]);
        GoldenFiles.writeNew(resources, "split-v" + DuckLakeSplitSerializer.INSTANCE.getVersion() + ".bin",
                DuckLakeSplitSerializer.INSTANCE.serialize(SPLIT));
        GoldenFiles.writeNew(resources,
                "enumerator-state-v" + DuckLakeEnumeratorStateSerializer.INSTANCE.getVersion() + ".bin",
                DuckLakeEnumeratorStateSerializer.INSTANCE.serialize(STATE));
    }
}
