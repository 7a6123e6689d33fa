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

import dev.ducklake.engine.write.CommitRetries;
import dev.ducklake.flink.common.EngineSpec;
import dev.ducklake.flink.sink.internal.staging.StagingStore;
import org.apache.flink.annotation.Internal;

/**
 * What a sink's committer takes from the sink's settings: how to open the lake engine, the staging
 * path and the retries of a commit that conflicts with a concurrent one.
 */
@Internal
public interface CommitterSettings {

    EngineSpec engine();

    /** A store for the staging path, reached with the engine's secrets; the caller closes it. */
    StagingStore openStagingStore();

    CommitRetries commitRetries();
}
