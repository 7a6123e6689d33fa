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

package dev.ducklake.engine.version;

import java.time.Instant;
import java.util.Optional;

/**
 * A version of a table: a DuckLake snapshot that changed it, with the commit record the writer
 * left. {@code metadata} is present only for commits that carry the engine's JSON.
 */
public record TableVersion(
        long id,
        Instant committedAt,
        String author,
        String message,
        String extraInfo,
        Optional<CommitMetadata> metadata) {}
