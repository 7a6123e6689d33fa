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

package dev.ducklake.flink.sink.internal.staging;

import dev.ducklake.engine.error.LakeException;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.apache.flink.annotation.Internal;

/**
 * The file operations a sink's staging needs besides what DuckDB does (DuckDB writes and reads the
 * staged files themselves): listing, checking and deleting staged files. A store is rooted at a
 * local (or mounted) directory, or at a prefix on object storage ({@code s3://}, {@code gs://},
 * {@code r2://}) reached with the engine's DuckDB secrets, so nothing requires a shared file
 * system. Directories are named by paths relative to the root ({@code sink/0}); files by where
 * DuckDB finds them (a local path or a URI), and only files the store {@linkplain #owns owns}.
 */
@Internal
public interface StagingStore extends AutoCloseable {

    /**
     * The store for a staging root: object storage for a URI with a scheme other than {@code
     * file://}, else the local file system.
     *
     * @param secrets the engine's DuckDB secrets by name, each its {@code CREATE SECRET} parameters
     */
    static StagingStore open(String root, Map<String, Map<String, String>> secrets) {
        if (ObjectStorageLocation.isRemote(root)) {
            return ObjectStagingStore.open(ObjectStorageLocation.parse(root), secrets);
        }
        return new LocalStagingStore(ObjectStorageLocation.localPath(root));
    }

    /** The root, as DuckDB names it. */
    String root();

    /**
     * The location of a file or directory under the root, given by its relative path ({@code
     * a/b/c.parquet}).
     */
    String resolve(String relative);

    /**
     * Makes sure files can be written in a directory; nothing on object storage, where directories
     * do not exist.
     */
    void prepareDirectory(String relative);

    /**
     * The names of a directory's files, not of its subdirectories; empty when it does not exist.
     */
    List<String> files(String relative);

    /** The names of a directory's subdirectories; empty when it does not exist. */
    List<String> directories(String relative);

    /** Whether the store can check and delete the file: a local path, or a URI in its bucket. */
    boolean owns(String file);

    /** Whether a file it {@linkplain #owns owns} exists. */
    boolean exists(String file);

    /** Whether the root can be reached at all: a mounted directory, a bucket that answers. */
    boolean reachable();

    /**
     * Deletes files it {@linkplain #owns owns}; a file already gone is fine. A file the store
     * refuses to delete is logged; a store that does not answer, or fails, throws, so that the
     * caller's job restarts and deletes the files again (a committer's restored committables are
     * deleted once found committed).
     */
    void delete(Collection<String> files);

    @Override
    void close();

    /** A failure of the store, naming what it was doing and the option to check. */
    static LakeException failure(String what, Exception cause) {
        return new LakeException(
                what
                        + " ("
                        + cause
                        + "); check 'sink.staging-path' and, on object storage,"
                        + " the 'duckdb.secret.*' options",
                cause);
    }
}
