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

package dev.ducklake.engine.read;

import dev.ducklake.engine.schema.Identifiers;
import java.util.Objects;

/**
 * A part of a table's rows at a version, for reading a large table in parallel: the rows of one
 * data file (or of the rows DuckLake inlined into its catalog) whose row ids lie in {@code
 * [firstRowId, lastRowId]}. The parts {@link dev.ducklake.engine.LakeEngine#scanParts} returns hold
 * each row of the version exactly once. A read of a part returns its rows in the same order every
 * time (the file's order, or row id order for inlined rows), so an offset resumes it.
 *
 * @param file the data file as DuckLake's {@code filename} column names it
 * @param firstRowId the smallest row id of the part
 * @param lastRowId the largest row id of the part
 * @param rows about how many rows the part holds (exact when it is a whole file)
 */
public record ScanPart(String file, long firstRowId, long lastRowId, long rows) {

    /** How DuckLake's {@code filename} column names the rows it inlined into its catalog. */
    private static final String INLINED_PREFIX = "ducklake_inlined_data_";

    public ScanPart {
        Objects.requireNonNull(file, "file");
        if (firstRowId > lastRowId) {
            throw new IllegalArgumentException(
                    "A part's row ids run backwards: " + firstRowId + " > " + lastRowId);
        }
    }

    /** Whether the part's rows are inlined into the catalog, in no data file. */
    public boolean inlined() {
        return file.startsWith(INLINED_PREFIX);
    }

    /** The condition that a row is in this part, as SQL. */
    public String sql() {
        return "filename = "
                + Identifiers.literal(file)
                + " AND rowid BETWEEN "
                + firstRowId
                + " AND "
                + lastRowId;
    }
}
