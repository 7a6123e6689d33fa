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

/**
 * What the procedures need of the catalog: its names, and its lake's engine to run maintenance on.
 */
@Internal
public interface LakeMaintainer {

    /** The catalog's name, as the procedures' messages quote it ({@code lake}). */
    String catalogName();

    /** The database a table name without one is looked up in. */
    String defaultDatabase();

    /** Whether the name is a table of the lake (not a view, not missing). */
    boolean isTable(TableName name);

    /** Runs the maintenance on the lake's engine. */
    MaintenanceReport maintain(MaintenanceRequest request);
}
