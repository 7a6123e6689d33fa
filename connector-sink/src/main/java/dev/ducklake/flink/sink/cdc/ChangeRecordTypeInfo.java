package dev.ducklake.flink.sink.cdc;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.api.common.serialization.SerializerConfig;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeutils.TypeSerializer;

/**
 * The type information of a stream of {@link ChangeRecord}s, whose rows each carry their own
 * schema: {@code stream.returns(ChangeRecordTypeInfo.INSTANCE)}, or what a deserialization schema
 * of change records produces.
 */
@PublicEvolving
public final class ChangeRecordTypeInfo extends TypeInformation<ChangeRecord> {

    private static final long serialVersionUID = 1L;

    public static final ChangeRecordTypeInfo INSTANCE = new ChangeRecordTypeInfo();

    private ChangeRecordTypeInfo() {}

    @Override
    public boolean isBasicType() {
        return false;
    }

    @Override
    public boolean isTupleType() {
        return false;
    }

    @Override
    public int getArity() {
        return 1;
    }

    @Override
    public int getTotalFields() {
        return 1;
    }

    @Override
    public Class<ChangeRecord> getTypeClass() {
        return ChangeRecord.class;
    }

    @Override
    public boolean isKeyType() {
        return false;
    }

    @Override
    public TypeSerializer<ChangeRecord> createSerializer(SerializerConfig config) {
        return new ChangeRecordSerializer();
    }

    @Override
    public String toString() {
        return "ChangeRecord";
    }

    @Override
    public boolean equals(Object obj) {
        return obj instanceof ChangeRecordTypeInfo;
    }

    @Override
    public int hashCode() {
        return ChangeRecordTypeInfo.class.hashCode();
    }

    @Override
    public boolean canEqual(Object obj) {
        return obj instanceof ChangeRecordTypeInfo;
    }
}
