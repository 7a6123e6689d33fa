package dev.ducklake.flink.source;

import dev.ducklake.engine.schema.TableName;
import dev.ducklake.flink.common.EngineSpec;
import java.io.Serializable;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.types.logical.RowType;

/**
 * Everything the enumerator and the readers need to know about a source, fixed when the job is
 * built.
 *
 * @param rowType the produced rows: the read columns, in order, with their Flink types
 * @param keyed whether the table has a primary key, so updates are emitted as -U/+U pairs
 * @param snapshotOnly read the table at one version and stop (batch); else read a change stream
 * @param startupValue the start version or epoch milliseconds of {@link StartupMode#VERSION} and
 *     {@link StartupMode#TIMESTAMP}; for a snapshot-only read, its version or time (else latest)
 */
@Internal
public record SourceSettings(
        EngineSpec engine,
        String table,
        RowType rowType,
        boolean keyed,
        @Nullable LakeFilter filter,
        boolean snapshotOnly,
        StartupMode startupMode,
        @Nullable Long startupValue,
        @Nullable Long endVersion,
        Duration discoveryInterval)
        implements Serializable {

    public TableName tableName() {
        return TableName.parse(table);
    }

    public List<String> columns() {
        return rowType.getFieldNames();
    }

    public Optional<LakeFilter> rowFilter() {
        return Optional.ofNullable(filter);
    }

    public OptionalLong end() {
        return endVersion == null ? OptionalLong.empty() : OptionalLong.of(endVersion);
    }

    /** Whether the source stops by itself. */
    public boolean bounded() {
        return snapshotOnly || endVersion != null;
    }
}
