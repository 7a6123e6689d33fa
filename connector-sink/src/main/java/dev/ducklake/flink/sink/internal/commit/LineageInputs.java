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

package dev.ducklake.flink.sink.internal.commit;

import dev.ducklake.engine.LakeEngine;
import dev.ducklake.engine.schema.TableName;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.annotation.Internal;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The versions of the sink's lineage inputs that a checkpoint's rows reflect. The writers'
 * watermark at the barrier is a lake snapshot when the job's sources are DuckLake change sources:
 * they had emitted every change up to it. Each input's version is then its newest version up to
 * that snapshot. Without a watermark from every writer, or with one that is not a snapshot of this
 * lake (another source's event time), nothing is recorded.
 */
@Internal
final class LineageInputs {

    private static final Logger LOG = LoggerFactory.getLogger(LineageInputs.class);

    private final List<TableName> tables;
    private final TableName output;
    private boolean warned;

    LineageInputs(List<String> tables, TableName output) {
        this.tables = tables.stream().map(TableName::parse).toList();
        this.output = output;
    }

    /**
     * Each input's version at the snapshot, or none; {@code snapshot} is the lowest writer
     * watermark.
     */
    Map<TableName, Long> inputs(LakeEngine engine, long checkpointId, long snapshot) {
        if (tables.isEmpty()) {
            return Map.of();
        }
        if (snapshot == DuckLakeCommittable.NO_INPUT_SNAPSHOT) {
            LOG.debug(
                    "Checkpoint {} of the sink on {}: a writer had no watermark yet; no lineage inputs recorded",
                    checkpointId,
                    output);
            return Map.of();
        }
        if (snapshot > engine.latestSnapshot()) {
            if (!warned) {
                warned = true;
                LOG.warn(
                        "The sink on {} records lineage inputs {}, but its watermark {} is not a snapshot of the"
                                + " lake: are the job's sources DuckLake change sources, without a watermark strategy of"
                                + " their own? No lineage inputs are recorded.",
                        output,
                        tables,
                        snapshot);
            }
            return Map.of();
        }
        Map<TableName, Long> inputs = new LinkedHashMap<>();
        for (TableName table : tables) {
            if (!engine.tableExists(table)) {
                continue; // dropped since the job started: it has no version to record
            }
            long version = engine.latestVersion(table, snapshot);
            if (version > 0) {
                inputs.put(table, version);
            }
        }
        return inputs;
    }
}
