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
    protected TypeSerializer<ChangeRecord> serializer() {
        return new ChangeRecordSerializer();
    }
}
