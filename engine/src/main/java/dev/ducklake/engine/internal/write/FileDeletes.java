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

package dev.ducklake.engine.internal.write;

import dev.ducklake.engine.internal.Jdbc;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * Runs the engine's deletes of table rows so that DuckLake records them in delete files. DuckLake
 * v1.5.5 records a delete of at most its inlining limit of rows in a data file as an inlined file
 * delete, and its conflict checks do not compare inlined file deletes with compactions: a
 * compaction by another client that commits while the delete's transaction is open copies the
 * deleted row into a new file, and the delete, still pointing at the retired file, is lost (a key
 * held twice after an upsert). A delete file makes the later of the two commits fail with a
 * conflict, which the engine retries. The inlining limit is DuckDB's session setting here; a limit
 * set on the lake or the table with {@code ducklake_set_option} takes precedence over it
 * (docs/limits.md).
 */
final class FileDeletes {

    private static final String INLINING_LIMIT = "ducklake_default_data_inlining_row_limit";

    private FileDeletes() {}

    /**
     * Runs {@code delete} on the connection with inlined file deletes off; returns the rows
     * deleted.
     */
    static long run(Connection connection, String delete) throws SQLException {
        // Set back to the value in force, not reset: DuckDB resets a session setting to its
        // default, not to the engine's global value.
        long limit = Jdbc.queryLong(connection, "SELECT current_setting('" + INLINING_LIMIT + "')");
        Jdbc.execute(connection, "SET SESSION " + INLINING_LIMIT + " = 0");
        try {
            return Jdbc.update(connection, delete);
        } finally {
            Jdbc.execute(connection, "SET SESSION " + INLINING_LIMIT + " = " + limit);
        }
    }
}
