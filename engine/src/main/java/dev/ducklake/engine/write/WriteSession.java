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

import java.util.Map;

/**
 * Stages rows for a table and commits them in one snapshot: appended ({@link WriteMode#APPEND}) or
 * replacing the table ({@link WriteMode#SNAPSHOT}). Opened by {@link
 * dev.ducklake.engine.LakeEngine#openWriteSession}. Not thread-safe; use one session per thread.
 *
 * <pre>{@code
 * try (WriteSession session = engine.openWriteSession(table, WriteMode.APPEND)) {
 *     session.write(new Object[] {"o-1", new BigDecimal("9.99")});
 *     CommitResult result = session.commit();
 * }
 * }</pre>
 *
 * <p>An append takes imported files as they are: its commit registers them as data files of the
 * table, without rewriting them, when the table is not partitioned and they hold more rows than
 * DuckLake would inline; otherwise it reads them straight into the table. Registered files then
 * belong to the lake (see {@link #adoptedFiles()}).
 */
public non-sealed interface WriteSession extends StagedSession {

    /** Whether the commit appends the staged rows or replaces the table with them. */
    WriteMode mode();

    /** Stages one row, values in column order. */
    void write(Object[] row);

    /** Stages one row given by column name; absent columns are NULL. */
    void write(Map<String, ?> row);
}
