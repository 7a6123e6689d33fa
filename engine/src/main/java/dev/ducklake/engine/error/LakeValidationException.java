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
 * Input that does not fit a table: a wrong type, a null or empty key, a decimal that does not fit,
 * an unknown column, a duplicate key, an invalid name. Permanent: retrying the same input fails
 * again. The lake is unchanged when this is raised.
 */
public class LakeValidationException extends LakeException {

    public LakeValidationException(String message) {
        super(message);
    }

    public LakeValidationException(String message, Throwable cause) {
        super(message, cause);
    }
}
