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

package dev.ducklake.flink.sink.internal.arrow;

import dev.ducklake.engine.LakeEngine;
import dev.ducklake.engine.write.ArrowParquetWriter;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.flink.annotation.Internal;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the {@link ArrowStaging}s of one writer share: the Arrow memory, a Parquet writer for the
 * background thread that writes full batches, one for the batches written at a barrier, and that
 * thread. A writer of many tables thus holds two DuckDB connections and one thread, whatever the
 * number of tables.
 */
@Internal
public final class StagingResources implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(StagingResources.class);
    private static final long ALLOCATION_LIMIT = 512L * 1024 * 1024;

    final BufferAllocator allocator;

    /** Used by the background thread only. */
    final ArrowParquetWriter parquet;

    /** Used by the task's thread only. */
    final ArrowParquetWriter barrierParquet;

    final ExecutorService exporter;
    private final String name;

    /**
     * @param lakeData whether the staged files may become the lake's data files (see {@link
     *     LakeEngine#openArrowParquetWriter})
     * @param name what the staging is for, in thread names and messages
     */
    public StagingResources(LakeEngine engine, boolean lakeData, String name) {
        ArrowAccess.require();
        this.name = name;
        this.allocator = new RootAllocator(ALLOCATION_LIMIT);
        this.parquet = engine.openArrowParquetWriter(lakeData);
        this.barrierParquet = engine.openArrowParquetWriter(lakeData);
        this.exporter =
                Executors.newSingleThreadExecutor(
                        r -> {
                            Thread thread = new Thread(r, "ducklake-staging-" + name);
                            thread.setDaemon(true);
                            return thread;
                        });
    }

    /**
     * Closes what a writer that failed to open had opened, adding a failure to close to {@code
     * failure}.
     */
    public static void closeAfterFailure(StagingResources opened, RuntimeException failure) {
        if (opened == null) {
            return;
        }
        try {
            opened.close();
        } catch (InterruptedException | RuntimeException e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            failure.addSuppressed(e);
        }
    }

    /** Waits for a file being written, then releases the writers and the memory. */
    @Override
    public void close() throws InterruptedException {
        exporter.shutdown();
        try {
            if (!exporter.awaitTermination(5, TimeUnit.MINUTES)) {
                throw new IllegalStateException(
                        "Staging rows for " + name + " did not finish within 5 minutes");
            }
        } finally {
            parquet.close();
            barrierParquet.close();
            closeAllocator();
        }
    }

    /**
     * Arrow refuses to close an allocator whose memory is still held. That would be a bug here, but
     * an exception out of a failing task's close makes Flink kill the whole TaskManager and hides
     * the task's own failure, so it is logged instead.
     */
    private void closeAllocator() {
        try {
            allocator.close();
        } catch (IllegalStateException e) {
            LOG.error(
                    "The staging of {} did not release all its Arrow memory: {}",
                    name,
                    e.getMessage());
        }
    }
}
