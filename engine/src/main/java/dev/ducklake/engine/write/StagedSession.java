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
import dev.ducklake.engine.schema.TableSchema;
import java.util.List;

/**
 * What write and merge sessions share: rows or changes staged on a connection of the session's own,
 * and a lifecycle that ends in exactly one of commit, abort or close. A session that ends without
 * commit leaves the lake as it was and drops its staging. Not thread-safe.
 *
 * <p>A staged file is named by where DuckDB finds it: a local path, or a URI on object storage
 * ({@code s3://bucket/key}) that the engine's secrets give access to.
 */
public sealed interface StagedSession extends AutoCloseable permits WriteSession, MergeSession {

    /** The table the session writes. */
    TableName table();

    /** The table's definition the session validates rows against. */
    TableSchema schema();

    /** Rows or changes staged so far. */
    long staged();

    /**
     * Moves the staged rows into a Parquet file, which {@link #importStaged} of a session on the
     * same table can load again, here or in another process that reads the file. The session stays
     * open with an empty staging. Returns the number of rows written to the file.
     */
    long exportStaged(String file);

    /**
     * Adds the rows of a file written by {@link #exportStaged} (or by an {@link
     * ArrowParquetWriter}) to this session's staging, after the rows staged so far. Columns are
     * matched by name: a column the file lacks is NULL, one of another type is cast, and a file
     * column the session lacks fails, naming it. Returns the number of rows loaded.
     */
    long importStaged(String file);

    /**
     * Imported files that the commit made part of the lake as they are: they must not be deleted.
     * The others can be, once the commit is done.
     */
    List<String> adoptedFiles();

    /** Applies the staged rows or changes in one snapshot and ends the session. */
    CommitResult commit(CommitOptions options);

    /** {@link #commit(CommitOptions)} with default options. */
    default CommitResult commit() {
        return commit(CommitOptions.defaults());
    }

    /** Ends the session without changing the lake. Idempotent. */
    void abort();

    /** Ends the session; without a commit before, the lake stays as it was. Idempotent. */
    @Override
    void close();
}
