package dev.ducklake.flink.sink.cdc;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.api.common.typeutils.TypeSerializer;

/**
 * The type information of a stream of {@link ChangeRecord}s, whose rows each carry their own
 * schema: {@code stream.returns(ChangeRecordTypeInfo.INSTANCE)}, or what a deserialization schema
 * of change records produces.
 */
@PublicEvolving
public final class ChangeRecordTypeInfo extends OpaqueTypeInfo<ChangeRecord> {

    private static final long serialVersionUID = 1L;

    public static final ChangeRecordTypeInfo INSTANCE = new ChangeRecordTypeInfo();

    private ChangeRecordTypeInfo() {
        super(ChangeRecord.class);
    }

    @Override
    TypeSerializer<ChangeRecord> serializer() {
        return new ChangeRecordSerializer();
    }
}
