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

package dev.ducklake.flink.sink.internal.write;

import dev.ducklake.engine.EngineRegistry;
import dev.ducklake.engine.LakeEngine;
import dev.ducklake.engine.config.EngineConfig;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.flink.sink.internal.arrow.StagingResources;
import dev.ducklake.flink.sink.internal.staging.StagingDirectory;
import dev.ducklake.flink.sink.internal.staging.StagingStore;
import java.util.List;
import java.util.function.Supplier;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.connector.sink2.CommittingSinkWriter;
import org.apache.flink.api.connector.sink2.InitContext;
import org.apache.flink.api.connector.sink2.StatefulSinkWriter;
import org.apache.flink.api.connector.sink2.WriterInitContext;

/**
 * A sink writer that stages in its subtask's staging directory: it holds a lease on the lake's
 * engine, the directory and the Arrow staging resources, opened together (what opened is closed
 * when a later step fails) and closed together, and its state, the sink's id for each subtask.
 */
@Internal
public abstract class StagingWriter<IN, CommT>
        implements CommittingSinkWriter<IN, CommT>, StatefulSinkWriter<IN, DuckLakeWriterState> {

    protected final int subtask;
    private final List<DuckLakeWriterState> state;
    private final EngineRegistry.Lease lease;
    private final StagingDirectory directory;
    private final StagingResources resources;
    private long lastCheckpointId;

    /**
     * Leases the engine, opens the staging directory (see {@link StagingDirectory#openForWriter})
     * and then the Arrow staging resources.
     *
     * @param lakeData whether the staged files may become the lake's data files
     * @param name what the staging is for, in thread names and messages
     */
    protected StagingWriter(
            EngineConfig engine,
            String stagingPath,
            Supplier<StagingStore> store,
            TableName table,
            String sinkId,
            WriterInitContext context,
            boolean lakeData,
            String name) {
        this.state =
                DuckLakeWriterState.copiesFor(
                        sinkId,
                        context.getTaskInfo().getNumberOfParallelSubtasks(),
                        context.getTaskInfo().getMaxNumberOfParallelSubtasks());
        this.subtask = context.getTaskInfo().getIndexOfThisSubtask();
        this.lastCheckpointId =
                context.getRestoredCheckpointId().orElse(InitContext.INITIAL_CHECKPOINT_ID - 1);
        this.lease = EngineRegistry.shared().acquire(engine);
        StagingDirectory opened = null;
        try {
            opened =
                    StagingDirectory.openForWriter(
                            stagingPath, store, lease.engine(), table, sinkId, context);
            this.resources = new StagingResources(lease.engine(), lakeData, name);
            this.directory = opened;
        } catch (RuntimeException e) {
            closeAfterFailure(null, opened, e);
            throw e;
        }
    }

    protected LakeEngine engine() {
        return lease.engine();
    }

    protected StagingResources resources() {
        return resources;
    }

    /** A new file in the staging of the checkpoint being written. */
    protected String newFile() {
        return directory.newFile(subtask, lastCheckpointId + 1);
    }

    /**
     * Closes all after the subclass's constructor failed, adding a failure to close the resources
     * to {@code failure}.
     */
    protected void closeAfterFailure(RuntimeException failure) {
        closeAfterFailure(resources, directory, failure);
    }

    private void closeAfterFailure(
            StagingResources opened, StagingDirectory files, RuntimeException failure) {
        StagingResources.closeAfterFailure(opened, failure);
        if (files != null) {
            files.close();
        }
        lease.close();
    }

    @Override
    public final List<DuckLakeWriterState> snapshotState(long checkpointId) {
        lastCheckpointId = checkpointId;
        return state;
    }

    /** Closes the staging of the subclass, then the resources, the directory and the lease. */
    @Override
    public final void close() throws Exception {
        try (EngineRegistry.Lease engine = lease;
                StagingDirectory files = directory;
                StagingResources shared = resources) {
            closeStaging();
        }
    }

    /** Closes what the subclass stages with. */
    protected abstract void closeStaging() throws Exception;
}
