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
import java.time.Duration;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.DataTypeHint;
import org.apache.flink.table.annotation.ProcedureHint;
import org.apache.flink.table.procedure.ProcedureContext;
import org.apache.flink.types.Row;

/**
 * {@code CALL lake.sys.cleanup_files(older_than => '1 h', dry_run => false)}: deletes from the data
 * path the files no snapshot uses any more (those DuckLake scheduled for deletion when snapshots
 * expired or files were replaced), and the orphaned files the catalog does not know (left by failed
 * writers), both only when unused, or last modified, at least {@code older_than} ago ({@value
 * #DEFAULT_OLDER_THAN} by default): a running query may still read a file that just became unused,
 * and another client's writer may not have committed a file yet.
 */
@Internal
public final class CleanupFilesProcedure extends MaintenanceProcedure {

    static final String NAME = "cleanup_files";
    static final String DEFAULT_OLDER_THAN = "1 h";

    CleanupFilesProcedure(LakeMaintainer lake, String called) {
        super(lake, called);
    }

    @ProcedureHint(
            argument = {
                @ArgumentHint(
                        name = "older_than",
                        type = @DataTypeHint("STRING"),
                        isOptional = true),
                @ArgumentHint(name = "dry_run", type = @DataTypeHint("BOOLEAN"), isOptional = true)
            },
            output = @DataTypeHint(RESULT))
    public Row[] call(ProcedureContext context, String olderThan, Boolean dryRun) {
        Duration age = duration("older_than", olderThan == null ? DEFAULT_OLDER_THAN : olderThan);
        boolean dry = orFalse(dryRun);
        MaintenanceReport report =
                lake.maintain(
                        MaintenanceRequest.builder()
                                .deleteUnusedFilesOlderThan(age)
                                .deleteOrphanedFilesOlderThan(age)
                                .dryRun(dry)
                                .build());
        return new Row[] {
            row(
                    "delete_unused_files",
                    LAKE,
                    dry,
                    report.deletedFiles().size(),
                    "files",
                    list(report.deletedFiles())),
            row(
                    "delete_orphaned_files",
                    LAKE,
                    dry,
                    report.deletedOrphanedFiles().size(),
                    "files",
                    list(report.deletedOrphanedFiles()))
        };
    }
}
