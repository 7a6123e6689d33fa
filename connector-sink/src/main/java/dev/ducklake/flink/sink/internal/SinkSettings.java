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

package dev.ducklake.flink.sink.internal;

import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.write.CommitRetries;
import dev.ducklake.flink.common.EngineSpec;
import dev.ducklake.flink.sink.internal.staging.StagingStore;
import java.io.Serializable;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.types.logical.RowType;

/**
 * Everything a sink's writers and committer need, fixed when the job is built; the builder takes
 * each value, or its default, from the sink's options in {@code DuckLakeConnectorOptions}.
 *
 * @param engine how a task opens the lake engine
 * @param table the DuckLake table, {@code table} or {@code schema.table}
 * @param staging {@code 'sink.staging-path'}, or its default
 * @param commitRetries {@code 'sink.commit.retries'} and {@code 'sink.commit.retry-backoff'}, or
 *     their defaults
 * @param sinkId the id of a sink that starts without restored state; a restored writer keeps its
 *     old one
 * @param compaction {@code 'sink.compaction.interval'}; null when the sink does not compact
 * @param currentRowIndex {@code 'sink.upsert.index'} is {@code flink-state}: an upsert sink keeps
 *     its keys' current rows in keyed state and its writers stage them with the changes
 */
@Internal
public record SinkSettings(
        EngineSpec engine,
        String table,
        RowType rowType,
        List<String> primaryKey,
        List<String> partitionKeys,
        SinkMode mode,
        String staging,
        CommitRetries commitRetries,
        String sinkId,
        @Nullable Duration compaction,
        boolean currentRowIndex,
        List<String> lineageInputs)
        implements CommitterSettings, Serializable {

    public SinkSettings {
        Objects.requireNonNull(engine, "engine");
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(rowType, "rowType");
        primaryKey = List.copyOf(primaryKey);
        partitionKeys = List.copyOf(partitionKeys);
        lineageInputs = List.copyOf(lineageInputs);
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(staging, "staging");
        Objects.requireNonNull(commitRetries, "commitRetries");
        Objects.requireNonNull(sinkId, "sinkId");
    }

    public TableName tableName() {
        return TableName.parse(table);
    }

    public String stagingPath() {
        return staging;
    }

    /** A store for the staging path, reached with the engine's secrets; the caller closes it. */
    public StagingStore openStagingStore() {
        return StagingStore.open(staging, engine.secrets());
    }

    public Optional<Duration> compactionInterval() {
        return Optional.ofNullable(compaction);
    }
}
