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

package dev.ducklake.flink.cdc.debezium;

import com.fasterxml.jackson.databind.JsonNode;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.types.logical.LogicalType;

/**
 * The Flink type a Kafka Connect schema maps to (its nullability is the schema's {@code optional})
 * and the converter of its values.
 */
@Internal
record ConnectType(LogicalType type, ValueConverter converter) {

    /**
     * The Flink value of a JSON value that may be null or absent; null fails for a NOT NULL type.
     */
    Object read(JsonNode value) {
        if (value == null || value.isNull()) {
            if (type.isNullable()) {
                return null;
            }
            throw new ConnectDataException(
                    "the value is null, but the column is " + type.asSummaryString());
        }
        return converter.convert(value);
    }
}
