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

package dev.ducklake.flink.sink.internal.change;

import dev.ducklake.engine.write.CommitRetries;
import dev.ducklake.flink.cdc.SchemaChangePolicy;
import dev.ducklake.flink.cdc.TableRouter;
import dev.ducklake.flink.common.EngineSpec;
import dev.ducklake.flink.sink.internal.CommitterSettings;
import dev.ducklake.flink.sink.internal.staging.StagingStore;
import java.io.Serializable;
import java.util.Objects;
import org.apache.flink.annotation.Internal;

/**
 * Everything the change-record sink's writers and committer need, fixed when the job is built.
 *
 * @param engine how a task opens the lake engine
 * @param router which lake table each source table's records go to
 * @param schemaChanges what to do with a schema change DuckLake cannot apply
 * @param staging the staging path
 * @param commitRetries the retries of a commit that conflicts with a concurrent one
 * @param sinkId the id of a sink that starts without restored state; a restored writer keeps its
 *     old one
 * @param maxOpenTables the tables a writer stages at once; writing another seals the least recently
 *     written
 */
@Internal
public record ChangeSinkSettings(
        EngineSpec engine,
        TableRouter router,
        SchemaChangePolicy schemaChanges,
        String staging,
        CommitRetries commitRetries,
        String sinkId,
        int maxOpenTables)
        implements CommitterSettings, Serializable {

    public ChangeSinkSettings {
        Objects.requireNonNull(engine, "engine");
        Objects.requireNonNull(router, "router");
        Objects.requireNonNull(schemaChanges, "schemaChanges");
        Objects.requireNonNull(staging, "staging");
        Objects.requireNonNull(commitRetries, "commitRetries");
        Objects.requireNonNull(sinkId, "sinkId");
    }

    public String stagingPath() {
        return staging;
    }

    /** A store for the staging path, reached with the engine's secrets; the caller closes it. */
    public StagingStore openStagingStore() {
        return StagingStore.open(staging, engine.secrets());
    }
}
