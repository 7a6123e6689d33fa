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
 * A commit lost a race with another commit: either the table moved past the version the commit
 * expected, or DuckLake reported a conflict that outlasted the engine's bounded retries. Retryable:
 * the lake is unchanged by the failed commit.
 */
public class LakeConcurrencyException extends LakeException {

    private final int retries;

    public LakeConcurrencyException(String message) {
        super(message);
        this.retries = 0;
    }

    public LakeConcurrencyException(String message, int retries, Throwable cause) {
        super(message, cause);
        this.retries = retries;
    }

    /** How often the commit was retried before this outcome. */
    public int retries() {
        return retries;
    }
}
