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

package dev.ducklake.engine.transform;

import dev.ducklake.engine.schema.TableName;
import java.util.Map;

/**
 * What a transform did.
 *
 * @param committed whether it created a version of the output
 * @param upToDate whether it ran nothing: the output's latest version was written by the same
 *     transform from the same input versions
 * @param version the output's version afterwards: the new one, or its latest when nothing was
 *     committed
 * @param inputs every input table with the version the query read (and the commit records)
 * @param rowsYielded rows the query yielded (0 when it did not run)
 * @param rowsWritten rows the commit wrote: every row yielded for {@code REPLACE} and {@code
 *     APPEND} (none when a replace left the output as it was), the rows inserted or updated for
 *     {@code MERGE} (a yielded row equal to the output's is not written)
 */
public record TransformResult(
        boolean committed,
        boolean upToDate,
        long version,
        Map<TableName, Long> inputs,
        long rowsYielded,
        long rowsWritten) {

    public TransformResult {
        inputs = Map.copyOf(inputs);
    }
}
