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
 * {@code CALL lake.sys.expire_snapshots(older_than => '7 d', dry_run => false)}: expires the lake's
 * snapshots older than the duration (DuckLake's expiry is lake-wide), except the latest snapshot,
 * each table's latest version, and versions pinned by change sources of this process. The files
 * only expired snapshots used are left for {@code cleanup_files}.
 */
@Internal
public final class ExpireSnapshotsProcedure extends MaintenanceProcedure {

    static final String NAME = "expire_snapshots";

    ExpireSnapshotsProcedure(LakeMaintainer lake, String called) {
        super(lake, called);
    }

    @ProcedureHint(
            argument = {
                @ArgumentHint(name = "older_than", type = @DataTypeHint("STRING")),
                @ArgumentHint(name = "dry_run", type = @DataTypeHint("BOOLEAN"), isOptional = true)
            },
            output = @DataTypeHint(RESULT))
    public Row[] call(ProcedureContext context, String olderThan, Boolean dryRun) {
        Duration retention = duration("older_than", olderThan);
        boolean dry = orFalse(dryRun);
        MaintenanceReport report =
                lake.maintain(
                        MaintenanceRequest.builder()
                                .expireSnapshotsOlderThan(retention)
                                .dryRun(dry)
                                .build());
        return new Row[] {
            row(
                    "expire_snapshots",
                    LAKE,
                    dry,
                    report.expiredSnapshots().size(),
                    "snapshots",
                    list(report.expiredSnapshots())),
            row(
                    "delete_before_images",
                    LAKE,
                    dry,
                    report.beforeImagesDeleted(),
                    "rows",
                    dry
                            ? "counted only when run: the kept before-images of the expired commits"
                            : null)
        };
    }
}
