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

package dev.ducklake.engine.write;

import java.io.Serializable;
import java.time.Duration;
import java.util.Objects;

/**
 * How often a commit that hit a DuckLake conflict (a concurrent commit by another process or
 * engine) is tried again, and the first wait between attempts, which doubles with each retry. Set
 * per commit with {@link CommitOptions.Builder#retries}; a commit without it follows the engine's
 * {@code commitRetries} and {@code commitRetryBackoff}.
 *
 * @param retries attempts after the first, at least 0
 * @param firstBackoff the wait before the first retry, not negative
 */
public record CommitRetries(int retries, Duration firstBackoff) implements Serializable {

    public CommitRetries {
        if (retries < 0) {
            throw new IllegalArgumentException("Commit retries must be >= 0, got " + retries);
        }
        Objects.requireNonNull(firstBackoff, "firstBackoff");
        if (firstBackoff.isNegative()) {
            throw new IllegalArgumentException(
                    "The commit retry backoff must not be negative, got " + firstBackoff);
        }
    }
}
