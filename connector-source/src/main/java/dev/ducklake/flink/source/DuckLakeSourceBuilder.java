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

import static dev.ducklake.flink.common.DuckLakeConnectorOptions.SCAN_BATCH_SIZE;
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.SCAN_DISCOVERY_INTERVAL;
import static dev.ducklake.flink.common.DuckLakeConnectorOptions.SCAN_STARTUP_MODE;
import static org.apache.flink.util.Preconditions.checkArgument;
import static org.apache.flink.util.Preconditions.checkNotNull;

import dev.ducklake.engine.EngineRegistry;
import dev.ducklake.engine.LakeEngine;
import dev.ducklake.engine.config.EngineConfig;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.schema.TableSchema;
import dev.ducklake.flink.common.DuckLakeBuilderBase;
import dev.ducklake.flink.common.DuckLakeConnectorOptions;
import dev.ducklake.flink.common.FlinkLakeTypes;
import dev.ducklake.flink.source.enumerator.StartPosition;
import dev.ducklake.flink.source.enumerator.StartPosition.Kind;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.types.logical.RowType;

/**
 * Builds a {@link DuckLakeSource}. Required: {@link #catalog} and {@link #table}. Without {@link
 * #rowType}, the produced type is read from the table's definition when the source is built (on the
 * client), with {@link #columns} choosing and ordering the columns. The lake's and the engine's
 * settings, such as {@link #threads}, are {@link DuckLakeBuilderBase}'s; each setting's default and
 * meaning is its option's in {@link DuckLakeConnectorOptions}.
 */
@PublicEvolving
public final class DuckLakeSourceBuilder extends DuckLakeBuilderBase<DuckLakeSourceBuilder> {

    private RowType rowType;
    private List<String> columns = List.of();
    private LakeFilter filter;
    private StartPosition start =
            StartPosition.of(Kind.valueOf(SCAN_STARTUP_MODE.defaultValue().name()));
    private Long endVersion;
    private boolean endAtLatestVersion;
    private Duration discoveryInterval = SCAN_DISCOVERY_INTERVAL.defaultValue();
    private int batchSize = SCAN_BATCH_SIZE.defaultValue();
    private List<ChangeMetadata> metadata = List.of();
    private boolean snapshotWatermarks;

    DuckLakeSourceBuilder() {}

    /**
     * The produced row type: columns of the table by name, each of a type the column can be read
     * as. Checked against the table when the enumerator starts.
     */
    public DuckLakeSourceBuilder rowType(RowType rowType) {
        this.rowType = checkNotNull(rowType, "rowType");
        return this;
    }

    /** The columns to read, in this order (default all); used when no row type is given. */
    public DuckLakeSourceBuilder columns(String... columns) {
        this.columns = List.of(columns);
        return this;
    }

    /**
     * Appends these metadata columns, in this order, to each produced row (after the read columns);
     * see {@link ChangeMetadata}.
     */
    public DuckLakeSourceBuilder metadata(ChangeMetadata... columns) {
        checkArgument(
                Set.of(columns).size() == columns.length,
                "metadata columns repeat: %s",
                List.of(columns));
        this.metadata = List.of(columns);
        return this;
    }

    /** Reads only the rows and changes of rows that satisfy the filter; see {@link LakeFilter}. */
    public DuckLakeSourceBuilder filter(LakeFilter filter) {
        this.filter = checkNotNull(filter, "filter");
        return this;
    }

    /**
     * Where the change stream starts, {@link StartupMode#FULL} or {@link StartupMode#LATEST}; see
     * {@link DuckLakeConnectorOptions#SCAN_STARTUP_MODE} for the default. A start after a version
     * or a time is {@link #startAfterVersion} or {@link #startAfterTimestamp}.
     */
    public DuckLakeSourceBuilder startupMode(StartupMode mode) {
        this.start =
                StartPosition.of(
                        checkNotNull(mode, "mode") == StartupMode.FULL ? Kind.FULL : Kind.LATEST);
        return this;
    }

    /** Reads the changes after this version of the table. */
    public DuckLakeSourceBuilder startAfterVersion(long version) {
        this.start = new StartPosition(Kind.AFTER_VERSION, version);
        return this;
    }

    /** Reads the changes after the last version committed at or before this time. */
    public DuckLakeSourceBuilder startAfterTimestamp(long epochMillis) {
        this.start = new StartPosition(Kind.AFTER_TIMESTAMP, epochMillis);
        return this;
    }

    /** Stops after this version; the source is then bounded. */
    public DuckLakeSourceBuilder endVersion(long version) {
        this.endVersion = version;
        this.endAtLatestVersion = false;
        return this;
    }

    /**
     * Stops after the table's latest version when {@link #build()} runs; the source is then
     * bounded, and a restored job keeps that end.
     */
    public DuckLakeSourceBuilder endAtLatestVersion() {
        this.endVersion = null;
        this.endAtLatestVersion = true;
        return this;
    }

    /** Reads the table at its latest version as inserts and stops (bounded, for batch jobs). */
    public DuckLakeSourceBuilder snapshot() {
        this.start = StartPosition.of(Kind.SNAPSHOT_LATEST);
        return this;
    }

    /** Reads the table as it was at a version and stops (time travel). */
    public DuckLakeSourceBuilder snapshotAtVersion(long version) {
        this.start = new StartPosition(Kind.SNAPSHOT_AT_VERSION, version);
        return this;
    }

    /** Reads the table as it was at a time and stops (time travel). */
    public DuckLakeSourceBuilder snapshotAtTimestamp(long epochMillis) {
        this.start = new StartPosition(Kind.SNAPSHOT_AT_TIMESTAMP, epochMillis);
        return this;
    }

    /**
     * How often a streaming read looks for new versions. See {@link
     * DuckLakeConnectorOptions#SCAN_DISCOVERY_INTERVAL} for the default.
     */
    public DuckLakeSourceBuilder discoveryInterval(Duration interval) {
        checkArgument(
                !interval.isNegative() && !interval.isZero(),
                "'%s' (discovery interval) must be positive," + " got %s",
                SCAN_DISCOVERY_INTERVAL.key(),
                interval);
        this.discoveryInterval = interval;
        return this;
    }

    /**
     * How many rows or changes a reader takes from DuckDB at a time, as one columnar batch. See
     * {@link DuckLakeConnectorOptions#SCAN_BATCH_SIZE} for the default.
     */
    public DuckLakeSourceBuilder batchSize(int rows) {
        checkArgument(
                rows >= 1, "'%s' (batch size) must be >= 1, got %s", SCAN_BATCH_SIZE.key(), rows);
        this.batchSize = rows;
        return this;
    }

    /**
     * Emit, as the source's watermarks, the ids of the lake snapshots up to which its readers have
     * emitted every change of the table (each reader once it has read its part), instead of marking
     * the readers idle when they have caught up. A {@code DuckLakeSink} with lineage inputs records
     * from them which version of each input its commits reflect. Use with {@code
     * WatermarkStrategy.noWatermarks()}: snapshot ids are not event time. See {@link
     * DuckLakeConnectorOptions#SCAN_SNAPSHOT_WATERMARKS}.
     */
    public DuckLakeSourceBuilder snapshotWatermarks(boolean snapshotWatermarks) {
        this.snapshotWatermarks = snapshotWatermarks;
        return this;
    }

    /**
     * The table's definition as the source reads it, read through this JVM's shared engine: at the
     * version a snapshot read at a version or time reads (so a column added or dropped since is as
     * it was then), at the latest version otherwise. Fails when the table does not exist then.
     */
    public TableSchema describe() {
        try (EngineRegistry.Lease lease = lease()) {
            return describe(lease.engine(), TableName.parse(table()));
        }
    }

    private TableSchema describe(LakeEngine engine, TableName name) {
        return switch (start.kind()) {
            case SNAPSHOT_AT_VERSION ->
                    engine.describeTable(name, engine.version(name, start.value()).id());
            case SNAPSHOT_AT_TIMESTAMP ->
                    engine.describeTable(
                            name, engine.versionAt(name, Instant.ofEpochMilli(start.value())).id());
            default -> engine.describeTable(name);
        };
    }

    public DuckLakeSource build() {
        String table = table();
        TableName name = TableName.parse(table);
        TableSchema schema;
        Long end = endVersion;
        try (EngineRegistry.Lease lease = lease()) {
            schema = describe(lease.engine(), name);
            if (endAtLatestVersion) {
                end = lease.engine().latestVersion(name);
            }
        }
        RowType produced =
                rowType != null
                        ? ReadableColumns.check(name, schema, rowType)
                        : FlinkLakeTypes.toFlinkRowType(schema, columns);
        return new DuckLakeSource(
                new SourceSettings(
                        engine(),
                        table,
                        produced,
                        schema.hasPrimaryKey(),
                        filter,
                        start,
                        end,
                        discoveryInterval,
                        snapshotWatermarks,
                        metadata,
                        batchSize));
    }

    /** A hold on this JVM's shared engine for the catalog, to look at the table from the client. */
    private EngineRegistry.Lease lease() {
        EngineConfig config = engine().toEngineConfig();
        table();
        return EngineRegistry.shared().acquire(config);
    }
}
