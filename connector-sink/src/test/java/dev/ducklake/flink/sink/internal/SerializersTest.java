package dev.ducklake.flink.sink.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * Round trips of the committable and writer-state serializers, and the bytes of every released
 * version (golden files under {@code src/test/resources/serializer}), which a restored job reads.
 */
class SerializersTest {

    private static final DuckLakeCommittable COMMITTABLE = new DuckLakeCommittable("sink-7f3a", 42,
            "/lake/staging/sink-7f3a/3/41-0b8e.parquet", 123_456);
    private static final DuckLakeWriterState STATE = new DuckLakeWriterState("sink-7f3a");

    private final DuckLakeCommittableSerializer committables = new DuckLakeCommittableSerializer();
    private final DuckLakeWriterStateSerializer states = new DuckLakeWriterStateSerializer();

    @Test
    void committablesRoundTrip() throws IOException {
        byte[] bytes = committables.serialize(COMMITTABLE);
        assertThat(committables.deserialize(committables.getVersion(), bytes)).isEqualTo(COMMITTABLE);
        DuckLakeCommittable unstamped = new DuckLakeCommittable("s", DuckLakeCommittable.UNSTAMPED, "f", 0);
        assertThat(committables.deserialize(1, committables.serialize(unstamped))).isEqualTo(unstamped);
    }

    @Test
    void writerStatesRoundTrip() throws IOException {
        assertThat(states.deserialize(states.getVersion(), states.serialize(STATE))).isEqualTo(STATE);
    }

    @Test
    void version1BytesStillRead() throws IOException {
        assertThat(committables.deserialize(1, golden("committable-v1.bin"))).isEqualTo(COMMITTABLE);
        assertThat(states.deserialize(1, golden("writer-state-v1.bin"))).isEqualTo(STATE);
    }

    @Test
    void currentVersionWritesTheGoldenBytes() throws IOException {
        assertThat(committables.getVersion()).isEqualTo(1);
        assertThat(committables.serialize(COMMITTABLE)).isEqualTo(golden("committable-v1.bin"));
        assertThat(states.getVersion()).isEqualTo(1);
        assertThat(states.serialize(STATE)).isEqualTo(golden("writer-state-v1.bin"));
    }

    @Test
    void unknownVersionsAndTrailingBytesAreRefused() throws IOException {
        byte[] bytes = committables.serialize(COMMITTABLE);
        assertThatThrownBy(() -> committables.deserialize(2, bytes)).isInstanceOf(IOException.class)
                .hasMessageContaining("Unknown version 2").hasMessageContaining("version 1");
        byte[] longer = Arrays.copyOf(bytes, bytes.length + 1);
        assertThatThrownBy(() -> committables.deserialize(1, longer)).isInstanceOf(IOException.class)
                .hasMessageContaining("trailing bytes");
        assertThatThrownBy(() -> states.deserialize(0, states.serialize(STATE))).isInstanceOf(IOException.class)
                .hasMessageContaining("Unknown version 0");
    }

    private static byte[] golden(String name) throws IOException {
        try (InputStream in = SerializersTest.class.getResourceAsStream("/serializer/" + name)) {
            assertThat(in).as("golden file %s", name).isNotNull();
            return in.readAllBytes();
        }
    }
}
