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

/** Turns the JSON of one non-null Kafka Connect value into Flink's internal data structure. */
@Internal
@FunctionalInterface
interface ValueConverter {

    /**
     * The Flink internal value ({@code StringData}, {@code DecimalData}, {@code Integer} days,
     * ...).
     *
     * @throws ConnectDataException if the JSON value does not fit the type
     */
    Object convert(JsonNode value);
}
