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

package dev.ducklake.flink.common;

import dev.ducklake.engine.config.CatalogLocation;
import java.util.Set;
import org.apache.flink.annotation.Internal;
import org.apache.flink.configuration.CoreOptions;
import org.apache.flink.configuration.DeploymentOptions;
import org.apache.flink.configuration.ReadableConfig;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.api.config.ExecutionConfigOptions;

/**
 * Where the jobs a session plans run, as far as a DuckDB-file catalog cares. DuckDB locks a
 * database file for the one process that opened it, so on a cluster of several processes (any
 * {@code execution.target} but a MiniCluster's) a DuckDB-file lake serves only what runs in one
 * TaskManager: a sink or a lookup join at parallelism 1. A scan or change stream needs the lake in
 * the JobManager (its split enumerator) and in the TaskManagers (its readers), so planning refuses
 * it, naming the catalogs that serve several processes.
 *
 * @param target the session's {@code execution.target}, empty when unset
 * @param defaultParallelism the parallelism the planner gives an operator that sets none
 */
@Internal
public record Deployment(String target, int defaultParallelism) {

    /** The targets whose jobs run in the planning process, on a MiniCluster. */
    private static final Set<String> ONE_PROCESS = Set.of("", "local", "minicluster");

    /** The deployment of the session whose configuration the planner gives a table factory. */
    public static Deployment of(ReadableConfig session) {
        int tableParallelism =
                session.get(ExecutionConfigOptions.TABLE_EXEC_RESOURCE_DEFAULT_PARALLELISM);
        return new Deployment(
                session.getOptional(DeploymentOptions.TARGET).orElse(""),
                tableParallelism > 0
                        ? tableParallelism
                        : session.get(CoreOptions.DEFAULT_PARALLELISM));
    }

    /** Refuses a scan or change stream of a DuckDB-file lake on a cluster of several processes. */
    public void checkScan(CatalogLocation catalog, String table) {
        if (onCluster(catalog)) {
            throw refusal(
                    catalog,
                    table,
                    "a read of it opens the lake in the JobManager (its split enumerator) and in"
                            + " the TaskManagers (its readers)",
                    "");
        }
    }

    /**
     * Refuses a sink or lookup join of a DuckDB-file lake on a cluster of several processes unless
     * it runs at parallelism 1, in one TaskManager.
     *
     * @param parallelism the operator's own parallelism, or null for the session's default
     */
    public void checkSingleTaskManager(
            CatalogLocation catalog,
            String table,
            String use,
            Integer parallelism,
            String parallelismSetting) {
        int effective = parallelism == null ? defaultParallelism : parallelism;
        if (onCluster(catalog) && effective > 1) {
            throw refusal(
                    catalog,
                    table,
                    use + " at parallelism " + effective + " may open it in several TaskManagers",
                    ", or run it at parallelism 1 ("
                            + parallelismSetting
                            + ") so that one TaskManager holds the lake");
        }
    }

    private boolean onCluster(CatalogLocation catalog) {
        return catalog.kind() == CatalogLocation.Kind.DUCKDB && !ONE_PROCESS.contains(target);
    }

    private ValidationException refusal(
            CatalogLocation catalog, String table, String why, String orElse) {
        return new ValidationException(
                "DuckLake table "
                        + table
                        + ": its catalog "
                        + catalog.location()
                        + " is a DuckDB file, which one process at a time can open, and this job runs on a cluster of"
                        + " several processes (execution.target: "
                        + target
                        + "); "
                        + why
                        + ". Use a catalog that serves"
                        + " several processes: 'catalog' = 'sqlite:<path>' (processes on one machine) or"
                        + " 'catalog' = 'postgres:<libpq connection string>'"
                        + orElse
                        + ".");
    }
}
