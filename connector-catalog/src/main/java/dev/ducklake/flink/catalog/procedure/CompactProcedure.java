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

package dev.ducklake.flink.catalog.procedure;

import dev.ducklake.engine.maintenance.MaintenanceReport;
import dev.ducklake.engine.maintenance.MaintenanceRequest;
import dev.ducklake.engine.schema.TableName;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.DataTypeHint;
import org.apache.flink.table.annotation.ProcedureHint;
import org.apache.flink.table.procedure.ProcedureContext;
import org.apache.flink.types.Row;

/**
 * {@code CALL lake.sys.compact(`table` => 'db.t', dry_run => false)}: compacts one table, or every
 * table without {@code table}, as the sink's {@code sink.compaction.interval} does: flushes inlined
 * rows to Parquet, rewrites the files most of whose rows were deleted, and merges adjacent small
 * files. Time travel to earlier versions keeps working; the replaced files stay until their
 * snapshots are expired and {@code cleanup_files} runs.
 */
@Internal
public final class CompactProcedure extends MaintenanceProcedure {

    static final String NAME = "compact";

    CompactProcedure(LakeMaintainer lake, String called) {
        super(lake, called);
    }

    @ProcedureHint(
            argument = {
                @ArgumentHint(name = "table", type = @DataTypeHint("STRING"), isOptional = true),
                @ArgumentHint(name = "dry_run", type = @DataTypeHint("BOOLEAN"), isOptional = true)
            },
            output = @DataTypeHint(RESULT))
    public Row[] call(ProcedureContext context, String table, Boolean dryRun) {
        MaintenanceRequest.Builder request =
                MaintenanceRequest.builder()
                        .flushInlinedData()
                        .rewriteFilesWithDeletes()
                        .mergeAdjacentFiles();
        String target = LAKE;
        if (table != null) {
            TableName name = table("table", table);
            request.table(name);
            target = name.toString();
        }
        boolean dry = orFalse(dryRun);
        MaintenanceReport report = lake.maintain(request.dryRun(dry).build());
        return new Row[] {
            row(
                    "flush_inlined_data",
                    target,
                    dry,
                    report.rowsFlushed(),
                    "rows",
                    dry ? "inlined rows waiting to be written to Parquet" : null),
            row(
                    "rewrite_files_with_deletes",
                    target,
                    dry,
                    report.filesRewritten(),
                    "files",
                    dry
                            ? "counted only when run: data files most of whose rows were deleted"
                            : null),
            row(
                    "merge_adjacent_files",
                    target,
                    dry,
                    report.filesMerged(),
                    "files",
                    dry
                            ? "data files merging would consider"
                            : "merged into " + report.filesCreated() + " files")
        };
    }
}
