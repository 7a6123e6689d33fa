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

package dev.ducklake.engine.error;

/**
 * A change to a table's definition that DuckLake or the engine cannot make: a type change that is
 * not a lossless widening, dropping a primary-key or partition column, moving a table to another
 * schema. The message names the table, the column and the reason; the lake is unchanged.
 */
public class UnsupportedChangeException extends LakeValidationException {

    public UnsupportedChangeException(String message) {
        super(message);
    }
}
