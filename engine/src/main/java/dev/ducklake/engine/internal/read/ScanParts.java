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

package dev.ducklake.engine.internal.read;

import dev.ducklake.engine.internal.EngineContext;
import dev.ducklake.engine.internal.Jdbc;
import dev.ducklake.engine.read.ScanPart;
import dev.ducklake.engine.schema.TableName;
import java.util.ArrayList;
import java.util.List;

/**
 * Plans the {@link ScanPart}s of a table at a version from the row ids of its rows by file (which
 * DuckDB reads without reading any column): a file of more rows than a part holds is cut into row
 * id ranges of {@code rowsPerPart} ids; DuckLake skips the row groups of a file outside a range.
 */
public final class ScanParts {

    private ScanParts() {}

    /**
     * @param storedAs the table's name at the version (see {@code MetadataTables#nameAt})
     */
    public static List<ScanPart> plan(
            EngineContext context,
            TableName table,
            TableName storedAs,
            long version,
            long rowsPerPart) {
        String sql =
                "SELECT filename, min(rowid), max(rowid), count(*) FROM "
                        + storedAs.sql(EngineContext.LAKE_ALIAS)
                        + " AT (VERSION => "
                        + version
                        + ") GROUP BY filename ORDER BY 2";
        List<ScanPart> parts = new ArrayList<>();
        context.withConnection(
                "plan the parts of " + table + " at version " + version,
                c ->
                        Jdbc.query(
                                c,
                                sql,
                                rs -> {
                                    String file = rs.getString(1);
                                    long first = rs.getLong(2);
                                    long last = rs.getLong(3);
                                    long rows = rs.getLong(4);
                                    ScanPart whole = new ScanPart(file, first, last, rows);
                                    if (rows <= rowsPerPart || whole.inlined()) {
                                        parts.add(whole);
                                    } else {
                                        double density = (double) rows / (last - first + 1);
                                        for (long from = first; from <= last; from += rowsPerPart) {
                                            long to = Math.min(from + rowsPerPart - 1, last);
                                            parts.add(
                                                    new ScanPart(
                                                            file,
                                                            from,
                                                            to,
                                                            Math.round((to - from + 1) * density)));
                                        }
                                    }
                                    return null;
                                }));
        return parts;
    }
}
