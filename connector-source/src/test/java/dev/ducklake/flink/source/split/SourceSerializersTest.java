package dev.ducklake.flink.source.split;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ducklake.engine.read.Bucket;
import dev.ducklake.flink.source.enumerator.DuckLakeEnumeratorState;
import dev.ducklake.flink.source.enumerator.DuckLakeEnumeratorStateSerializer;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
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
    void enumeratorStateRoundTripsWithItsPendingSplitsInOrder() throws IOException {
        DuckLakeEnumeratorStateSerializer serializer = DuckLakeEnumeratorStateSerializer.INSTANCE;
        DuckLakeEnumeratorState state = new DuckLakeEnumeratorState(12, 2, List.of(
                DuckLakeSplit.snapshot(5, new Bucket(1, 2)), DuckLakeSplit.changes(5, 12, new Bucket(0, 2))), true);
        byte[] bytes = serializer.serialize(state);

        assertThat(serializer.deserialize(serializer.getVersion(), bytes)).isEqualTo(state);
        assertThatThrownBy(() -> serializer.deserialize(serializer.getVersion(), Arrays.copyOf(bytes, bytes.length + 1)))
                .isInstanceOf(IOException.class).hasMessageContaining("trailing bytes");
    }
}
