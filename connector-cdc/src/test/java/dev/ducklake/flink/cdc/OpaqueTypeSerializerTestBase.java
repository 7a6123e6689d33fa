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

package dev.ducklake.flink.cdc;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.function.BiPredicate;
import java.util.function.Supplier;
import org.apache.flink.api.common.serialization.SerializerConfigImpl;
import org.apache.flink.api.common.typeutils.SerializerTestBase;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.testutils.DeeplyEqualsChecker;
import org.junit.jupiter.api.Test;

/**
 * Flink's own serializer test suite over the serializer of one of the connector's own types (an
 * {@link OpaqueTypeSerializer}, of variable length, that takes null), which its {@link
 * OpaqueTypeInfo} creates. Instances of one class compare with a check of their own: a deserialized
 * row is binary, the test data generic.
 *
 * @param <T> the type serialized
 */
public abstract class OpaqueTypeSerializerTestBase<T> extends SerializerTestBase<T> {

    private final OpaqueTypeInfo<T> typeInfo;
    private final Supplier<TypeSerializer<T>> serializer;

    /**
     * @param typeInfo the type's information, which creates the serializer
     * @param serializer a new serializer of the type
     * @param compared the class whose instances {@code same} compares
     * @param same whether a deserialized instance of {@code compared} is the one it should be
     */
    protected <S extends T> OpaqueTypeSerializerTestBase(
            OpaqueTypeInfo<T> typeInfo,
            Supplier<TypeSerializer<T>> serializer,
            Class<S> compared,
            BiPredicate<S, S> same) {
        super(
                new DeeplyEqualsChecker()
                        .withCustomCheck(
                                (a, b) -> compared.isInstance(a) && compared.isInstance(b),
                                (a, b, checker) -> same.test(compared.cast(a), compared.cast(b))));
        this.typeInfo = typeInfo;
        this.serializer = serializer;
    }

    @Override
    protected TypeSerializer<T> createSerializer() {
        return serializer.get();
    }

    @Override
    protected boolean allowNullInstances(TypeSerializer<T> serializer) {
        return true;
    }

    @Override
    protected int getLength() {
        return -1;
    }

    @Override
    protected Class<T> getTypeClass() {
        return typeInfo.getTypeClass();
    }

    @Test
    void theTypeInformationCreatesThisSerializer() {
        assertThat(typeInfo.createSerializer(new SerializerConfigImpl()))
                .isEqualTo(serializer.get());
    }
}
