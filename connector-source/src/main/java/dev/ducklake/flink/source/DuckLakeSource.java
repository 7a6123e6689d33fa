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

package dev.ducklake.flink.source;

import dev.ducklake.engine.read.RowFilter;
import dev.ducklake.flink.common.LakeLineage;
import dev.ducklake.flink.source.enumerator.DuckLakeEnumerator;
import dev.ducklake.flink.source.enumerator.DuckLakeEnumeratorState;
import dev.ducklake.flink.source.enumerator.DuckLakeEnumeratorStateSerializer;
import dev.ducklake.flink.source.reader.DuckLakeSourceReader;
import dev.ducklake.flink.source.reader.VersionStamp;
import dev.ducklake.flink.source.split.DuckLakeSplit;
import dev.ducklake.flink.source.split.DuckLakeSplitSerializer;
import java.util.List;
import java.util.function.Function;
import javax.annotation.Nullable;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.connector.source.Boundedness;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.api.java.typeutils.ResultTypeQueryable;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.apache.flink.streaming.api.lineage.LineageVertexProvider;
import org.apache.flink.streaming.api.lineage.SourceLineageVertex;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.logical.RowType;

/**
 * A Flink source that reads a DuckLake table as a changelog of {@link RowData}: by default the
 * table at its latest version as inserts, then every later change with its before and after images
 * ({@code -U}/{@code +U} for updates of a keyed table, {@code -D} for deletes). Each key's changes
 * arrive in version order at any parallelism, and a restored job resumes where its checkpoint
 * stopped, with no change lost or repeated. It can also read the table at one version and stop
 * (time travel, for batch jobs).
 *
 * <pre>{@code
 * DuckLakeSource source = DuckLakeSource.builder()
 *         .catalog("/data/lake/metadata.ducklake")
 *         .table("orders")
 *         .startupMode(StartupMode.FULL)
 *         .build();
 * env.fromSource(source, WatermarkStrategy.noWatermarks(), "orders changelog");
 * }</pre>
 */
@PublicEvolving
public final class DuckLakeSource
        implements Source<RowData, DuckLakeSplit, DuckLakeEnumeratorState>,
                ResultTypeQueryable<RowData>,
                LineageVertexProvider {

    private static final long serialVersionUID = 1L;

    private final SourceSettings settings;

    DuckLakeSource(SourceSettings settings) {
        this.settings = settings;
    }

    public static DuckLakeSourceBuilder builder() {
        return new DuckLakeSourceBuilder();
    }

    @Override
    public Boundedness getBoundedness() {
        return settings.bounded() ? Boundedness.BOUNDED : Boundedness.CONTINUOUS_UNBOUNDED;
    }

    /** The table it reads, as a dataset of Flink's lineage model ({@code LakeLineage} names it). */
    @Override
    public SourceLineageVertex getLineageVertex() {
        return LakeLineage.sourceVertex(
                getBoundedness(),
                settings.engine().catalogLocation(),
                settings.tableName(),
                settings.rowType());
    }

    @Override
    public SourceReader<RowData, DuckLakeSplit> createReader(SourceReaderContext context) {
        // Made here, in the task: the engine's RowFilter need not be serializable.
        RowFilter filter = settings.rowFilter().map(LakeFilter::toRowFilter).orElse(null);
        return new DuckLakeSourceReader(
                settings.engine(),
                settings.tableName(),
                settings.rowType(),
                settings.keyed(),
                filter,
                metadataRows(settings.metadata()),
                settings.snapshotWatermarks(),
                settings.batchSize(),
                context);
    }

    /** The metadata columns' values of a version, or null when the source reads none. */
    @Nullable
    private static Function<VersionStamp, RowData> metadataRows(List<ChangeMetadata> metadata) {
        if (metadata.isEmpty()) {
            return null;
        }
        return stamp -> {
            GenericRowData row = new GenericRowData(metadata.size());
            for (int i = 0; i < metadata.size(); i++) {
                row.setField(i, metadata.get(i).value(stamp.version(), stamp.commitMillis()));
            }
            return row;
        };
    }

    @Override
    public SplitEnumerator<DuckLakeSplit, DuckLakeEnumeratorState> createEnumerator(
            SplitEnumeratorContext<DuckLakeSplit> context) {
        return restoreEnumerator(context, DuckLakeEnumeratorState.initial());
    }

    @Override
    public SplitEnumerator<DuckLakeSplit, DuckLakeEnumeratorState> restoreEnumerator(
            SplitEnumeratorContext<DuckLakeSplit> context, DuckLakeEnumeratorState checkpoint) {
        return new DuckLakeEnumerator(
                context,
                settings.engine(),
                settings.tableName(),
                settings.start(),
                settings.endVersion(),
                settings.discoveryInterval(),
                settings.versionByVersion(),
                settings.snapshotWatermarks(),
                checkpoint);
    }

    @Override
    public SimpleVersionedSerializer<DuckLakeSplit> getSplitSerializer() {
        return DuckLakeSplitSerializer.INSTANCE;
    }

    @Override
    public SimpleVersionedSerializer<DuckLakeEnumeratorState> getEnumeratorCheckpointSerializer() {
        return DuckLakeEnumeratorStateSerializer.INSTANCE;
    }

    @Override
    public TypeInformation<RowData> getProducedType() {
        return InternalTypeInfo.of(settings.producedType());
    }

    /**
     * The produced rows' type: the read columns with their Flink types, then the metadata columns.
     */
    public RowType rowType() {
        return settings.producedType();
    }
}
