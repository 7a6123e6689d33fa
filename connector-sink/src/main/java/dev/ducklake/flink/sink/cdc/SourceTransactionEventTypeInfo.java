package dev.ducklake.flink.sink.cdc;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.api.common.typeutils.TypeSerializer;

/**
 * The type information of a stream of {@link SourceTransactionEvent}s: what a deserialization schema
 * of such events produces, or {@code stream.returns(SourceTransactionEventTypeInfo.INSTANCE)}.
 */
@PublicEvolving
public final class SourceTransactionEventTypeInfo extends OpaqueTypeInfo<SourceTransactionEvent> {

    private static final long serialVersionUID = 1L;

    public static final SourceTransactionEventTypeInfo INSTANCE = new SourceTransactionEventTypeInfo();

    private SourceTransactionEventTypeInfo() {
        super(SourceTransactionEvent.class);
    }

    @Override
    TypeSerializer<SourceTransactionEvent> serializer() {
        return new SourceTransactionEventSerializer();
    }
}
