package dev.ducklake.flink.sink.internal;

import dev.ducklake.engine.schema.TableName;
import dev.ducklake.flink.common.EngineSpec;
import java.io.Serializable;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.types.logical.RowType;

/** Everything a sink's writers and committer need, fixed when the job is built. */
@Internal
public final class SinkSettings implements Serializable {

    private static final long serialVersionUID = 1L;

    private final EngineSpec engine;
    private final String table;
    private final RowType rowType;
    private final List<String> primaryKey;
    private final List<String> partitionKeys;
    private final SinkMode mode;
    private final String stagingPath;
    private final String sinkId;
    @Nullable private final Duration compactionInterval;

    public SinkSettings(EngineSpec engine, String table, RowType rowType, List<String> primaryKey,
            List<String> partitionKeys, SinkMode mode, String stagingPath, String sinkId,
            @Nullable Duration compactionInterval) {
        this.engine = Objects.requireNonNull(engine, "engine");
        this.table = Objects.requireNonNull(table, "table");
        this.rowType = Objects.requireNonNull(rowType, "rowType");
        this.primaryKey = List.copyOf(primaryKey);
        this.partitionKeys = List.copyOf(partitionKeys);
        this.mode = Objects.requireNonNull(mode, "mode");
        this.stagingPath = Objects.requireNonNull(stagingPath, "stagingPath");
        this.sinkId = Objects.requireNonNull(sinkId, "sinkId");
        this.compactionInterval = compactionInterval;
    }

    public EngineSpec engine() {
        return engine;
    }

    public TableName table() {
        return TableName.parse(table);
    }

    public RowType rowType() {
        return rowType;
    }

    public List<String> primaryKey() {
        return primaryKey;
    }

    public List<String> partitionKeys() {
        return partitionKeys;
    }

    public SinkMode mode() {
        return mode;
    }

    public Path stagingPath() {
        return Path.of(stagingPath);
    }

    /** The id of a sink that starts without restored state; a restored writer keeps its old one. */
    public String sinkId() {
        return sinkId;
    }

    public Optional<Duration> compactionInterval() {
        return Optional.ofNullable(compactionInterval);
    }
}
