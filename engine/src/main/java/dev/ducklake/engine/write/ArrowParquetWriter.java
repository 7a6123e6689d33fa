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

/**
 * Writes Arrow record batches to Parquet files with the engine's DuckDB, on a connection of its
 * own: the fast way to stage many rows, since DuckDB reads the batches in place through Arrow's C
 * data interface. A session loads the files with {@link StagedSession#importStaged}. Opened by
 * {@link dev.ducklake.engine.LakeEngine#openArrowParquetWriter}; files that may become the lake's
 * data files keep DuckDB's dictionary encoding, files read once and deleted skip it, which writes
 * them about a quarter faster. Not thread-safe.
 */
public interface ArrowParquetWriter extends AutoCloseable {

    /**
     * Writes every batch of the stream to the file; returns the number of rows written. The stream
     * is an {@code org.apache.arrow.c.ArrowArrayStream} (the engine itself has no Arrow
     * dependency); the caller keeps ownership of it.
     */
    long write(Object arrowArrayStream, String file);

    /** Releases the writer's connection. Idempotent. */
    @Override
    void close();
}
