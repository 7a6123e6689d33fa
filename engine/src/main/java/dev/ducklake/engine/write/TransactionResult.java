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

import dev.ducklake.engine.schema.TableName;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The outcome of a {@link LakeTransaction}'s commit: whether it created a snapshot, its version
 * (the lake's latest snapshot when nothing changed, or the version that carries the commit key when
 * {@code alreadyCommitted}), and what it did to each table, in the order the tables were first
 * changed.
 */
public record TransactionResult(
        boolean committed,
        long version,
        String commitId,
        Map<TableName, CommitResult> tables,
        boolean alreadyCommitted,
        int retries) {

    public TransactionResult {
        tables = Collections.unmodifiableMap(new LinkedHashMap<>(tables));
    }

    /** Rows inserted, updated and deleted over all tables. */
    public long rowsChanged() {
        return tables.values().stream()
                .mapToLong(r -> r.inserted() + r.updated() + r.deleted())
                .sum();
    }
}
