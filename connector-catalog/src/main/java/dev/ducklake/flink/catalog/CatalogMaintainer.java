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

package dev.ducklake.flink.catalog;

import dev.ducklake.engine.maintenance.MaintenanceReport;
import dev.ducklake.engine.maintenance.MaintenanceRequest;
import dev.ducklake.engine.schema.LakeObject;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.flink.catalog.procedure.LakeMaintainer;
import java.util.Optional;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.catalog.ObjectPath;

/**
 * The catalog's lake as its procedures use it: through the catalog's {@link LakeAccess}, as every
 * catalog call.
 */
@Internal
final class CatalogMaintainer implements LakeMaintainer {

    private final String catalogName;
    private final String defaultDatabase;
    private final LakeAccess lake;

    CatalogMaintainer(String catalogName, String defaultDatabase, LakeAccess lake) {
        this.catalogName = catalogName;
        this.defaultDatabase = defaultDatabase;
        this.lake = lake;
    }

    @Override
    public String catalogName() {
        return catalogName;
    }

    @Override
    public String defaultDatabase() {
        return defaultDatabase;
    }

    @Override
    public boolean isTable(TableName name) {
        return lake.call(
                engine ->
                        DuckLakeCatalog.kind(engine, new ObjectPath(name.schema(), name.table()))
                                .equals(Optional.of(LakeObject.Kind.TABLE)));
    }

    @Override
    public MaintenanceReport maintain(MaintenanceRequest request) {
        return lake.call(engine -> engine.maintain(request));
    }
}
