package dev.ducklake.flink.source;

import dev.ducklake.engine.schema.TableName;
import dev.ducklake.flink.common.EngineSpec;
import dev.ducklake.flink.source.enumerator.StartPosition;
import dev.ducklake.flink.source.enumerator.StartPosition.Kind;
import java.io.Serializable;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalLong;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.types.logical.RowType;

/**
 * Everything a source knows about what it reads, fixed when the job is built. {@link DuckLakeSource}
 * hands the enumerator and the readers the parts they need, so they do not depend on this package.
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

    /** Where the enumerator of a source without a checkpoint starts, from the startup mode and value. */
    public StartPosition startPosition() {
        if (snapshotOnly) {
            return startupValue == null ? StartPosition.of(Kind.SNAPSHOT_LATEST)
                    : new StartPosition(startupMode == StartupMode.TIMESTAMP ? Kind.SNAPSHOT_AT_TIMESTAMP
                            : Kind.SNAPSHOT_AT_VERSION, startupValue);
        }
        return switch (startupMode) {
            case FULL -> StartPosition.of(Kind.FULL);
            case LATEST -> StartPosition.of(Kind.LATEST);
            case VERSION -> new StartPosition(Kind.AFTER_VERSION, startupValue);
            case TIMESTAMP -> new StartPosition(Kind.AFTER_TIMESTAMP, startupValue);
        };
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
