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

package dev.ducklake.flink.sink.table;

import dev.ducklake.flink.sink.DuckLakeSinkBuilder;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.connector.ChangelogMode;
import org.apache.flink.table.connector.sink.DynamicTableSink;
import org.apache.flink.table.connector.sink.SinkV2Provider;
import org.apache.flink.table.connector.sink.abilities.SupportsOverwrite;
import org.apache.flink.table.connector.sink.abilities.SupportsPartitioning;
import org.apache.flink.table.data.RowData;

/**
 * The SQL face of the DuckLake sink: upsert changelog mode for tables with a primary key,
 * insert-only otherwise; {@code INSERT OVERWRITE} of the whole table in batch mode.
 */
@Internal
public final class DuckLakeDynamicSink
        implements DynamicTableSink, SupportsOverwrite, SupportsPartitioning {

    private final DuckLakeSinkBuilder<RowData> builder;
    private final String tableName;
    private final boolean keyed;
    @Nullable private final Integer parallelism;
    private boolean overwrite;
    private Map<String, String> staticPartition = Map.of();

    DuckLakeDynamicSink(
            DuckLakeSinkBuilder<RowData> builder,
            String tableName,
            boolean keyed,
            @Nullable Integer parallelism) {
        this.builder = builder;
        this.tableName = tableName;
        this.keyed = keyed;
        this.parallelism = parallelism;
    }

    @Override
    public ChangelogMode getChangelogMode(ChangelogMode requestedMode) {
        return keyed ? ChangelogMode.upsert() : ChangelogMode.insertOnly();
    }

    @Override
    public SinkRuntimeProvider getSinkRuntimeProvider(Context context) {
        if (overwrite && !staticPartition.isEmpty()) {
            throw new ValidationException(
                    "INSERT OVERWRITE of the partition "
                            + staticPartition
                            + " of DuckLake table "
                            + tableName
                            + " is not supported; overwrite the whole table");
        }
        return SinkV2Provider.of(builder.overwrite(overwrite).build(), parallelism);
    }

    @Override
    public void applyOverwrite(boolean overwrite) {
        this.overwrite = overwrite;
    }

    @Override
    public void applyStaticPartition(Map<String, String> partition) {
        this.staticPartition = new LinkedHashMap<>(partition);
    }

    @Override
    public DynamicTableSink copy() {
        DuckLakeDynamicSink copy = new DuckLakeDynamicSink(builder, tableName, keyed, parallelism);
        copy.overwrite = overwrite;
        copy.staticPartition = staticPartition;
        return copy;
    }

    @Override
    public String asSummaryString() {
        return "DuckLake(" + tableName + (keyed ? ", upsert" : ", append") + ")";
    }
}
