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

package dev.ducklake.engine.internal;

import java.sql.SQLException;
import java.util.Locale;

/**
 * How DuckLake and the catalog databases say that a concurrent user of the catalog got in the way.
 */
public final class CatalogContention {

    private CatalogContention() {}

    /**
     * A commit that lost a race and may succeed if run again: DuckLake conflicts, a locked SQLite
     * file, a PostgreSQL serialization failure or deadlock, a lost race for the next snapshot or
     * file id (PostgreSQL's unique constraint, DuckDB's primary key), or a schema another commit
     * created and has not yet made visible.
     */
    public static boolean isConflict(SQLException e) {
        String message = String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT);
        return message.contains("conflict")
                || message.contains("database is locked")
                || message.contains("could not serialize access")
                || message.contains("deadlock detected")
                || message.contains("duplicate key value violates unique constraint")
                || (message.contains("duplicate key")
                        && message.contains("violates primary key constraint"))
                || message.contains("not found in metadata catalog");
    }

    /**
     * A statement that failed on DuckLake's cached view of the catalog: it named an inlined-data
     * table that another process's {@code ducklake_flush_inlined_data} dropped. DuckLake keeps the
     * table in its cache of the schema version, so every later statement fails the same way until
     * the lake is attached again (duckdb/ducklake#1305).
     */
    public static boolean isStaleCatalog(Throwable e) {
        String message = String.valueOf(e.getMessage());
        return message.contains("ducklake_inlined_data_") && message.contains("does not exist");
    }
}
