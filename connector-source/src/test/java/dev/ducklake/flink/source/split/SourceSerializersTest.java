package dev.ducklake.flink.source.split;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ducklake.engine.read.Bucket;
import dev.ducklake.flink.source.enumerator.DuckLakeEnumeratorState;
import dev.ducklake.flink.source.enumerator.DuckLakeEnumeratorStateSerializer;
import dev.ducklake.flink.source.enumerator.HeldSplits;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.junit.jupiter.api.Test;

/** The source's checkpointed splits and enumerator state survive serialization; foreign bytes are refused. */
class SourceSerializersTest {

    @Test
    void splitsRoundTripAndRefuseUnknownVersionsAndTrailingBytes() throws IOException {
        DuckLakeSplitSerializer serializer = DuckLakeSplitSerializer.INSTANCE;
        DuckLakeSplit split = DuckLakeSplit.changes(7, 12, new Bucket(2, 3)).at(4_096);
        byte[] bytes = serializer.serialize(split);

        assertThat(serializer.deserialize(serializer.getVersion(), bytes)).isEqualTo(split);
        assertThat(split.splitId()).isEqualTo("changes-7-12-bucket-2-of-3");
        assertThatThrownBy(() -> serializer.deserialize(serializer.getVersion() + 1, bytes))
                .isInstanceOf(IOException.class).hasMessageContaining("Unknown version");
        assertThatThrownBy(() -> serializer.deserialize(serializer.getVersion(), Arrays.copyOf(bytes, bytes.length + 1)))
                .isInstanceOf(IOException.class).hasMessageContaining("trailing bytes");
    }

    @Test
    void enumeratorStateRoundTripsWithItsPendingSplitsInOrderAndItsHeldSplits() throws IOException {
        DuckLakeEnumeratorStateSerializer serializer = DuckLakeEnumeratorStateSerializer.INSTANCE;
        DuckLakeEnumeratorState state = new DuckLakeEnumeratorState(12, 2, List.of(
                DuckLakeSplit.snapshot(5, new Bucket(1, 2)), DuckLakeSplit.changes(5, 12, new Bucket(0, 2))), true, 9,
                List.of(new HeldSplits.Entry("changes-3-5-bucket-1-of-2", 1, 3, Long.MAX_VALUE),
                        new HeldSplits.Entry("changes-1-3-bucket-0-of-2", 0, 1, 10)));
        byte[] bytes = serializer.serialize(state);

        assertThat(serializer.deserialize(serializer.getVersion(), bytes)).isEqualTo(state);
        assertThatThrownBy(() -> serializer.deserialize(serializer.getVersion(), Arrays.copyOf(bytes, bytes.length + 1)))
                .isInstanceOf(IOException.class).hasMessageContaining("trailing bytes");
    }

    @Test
    void aVersionOneEnumeratorStateRestoresWithNoSplitHeld() throws IOException {
        DuckLakeSplit split = DuckLakeSplit.changes(5, 12, new Bucket(0, 1));
        DataOutputSerializer out = new DataOutputSerializer(64);
        out.writeLong(12);
        out.writeInt(1);
        out.writeBoolean(false);
        out.writeInt(1);
        DuckLakeSplitSerializer.write(split, out);

        assertThat(DuckLakeEnumeratorStateSerializer.INSTANCE.deserialize(1, out.getCopyOfBuffer()))
                .isEqualTo(new DuckLakeEnumeratorState(12, 1, List.of(split), false, 0, List.of()));
    }
}
