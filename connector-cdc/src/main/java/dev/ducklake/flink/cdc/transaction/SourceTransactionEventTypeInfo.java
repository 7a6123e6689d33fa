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

package dev.ducklake.flink.cdc.transaction;

import dev.ducklake.flink.cdc.OpaqueTypeInfo;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.api.common.typeutils.TypeSerializer;

/**
 * The type information of a stream of {@link SourceTransactionEvent}s: what a deserialization
 * schema of such events produces, or {@code
 * stream.returns(SourceTransactionEventTypeInfo.INSTANCE)}.
 */
@PublicEvolving
public final class SourceTransactionEventTypeInfo extends OpaqueTypeInfo<SourceTransactionEvent> {

    private static final long serialVersionUID = 1L;

    public static final SourceTransactionEventTypeInfo INSTANCE =
            new SourceTransactionEventTypeInfo();

    private SourceTransactionEventTypeInfo() {
        super(SourceTransactionEvent.class);
    }

    @Override
    protected TypeSerializer<SourceTransactionEvent> serializer() {
        return new SourceTransactionEventSerializer();
    }
}
