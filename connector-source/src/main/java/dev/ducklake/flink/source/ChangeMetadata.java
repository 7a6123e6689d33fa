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

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.LocalZonedTimestampType;
import org.apache.flink.table.types.logical.LogicalType;

/**
 * A column the source can append to each row it produces, describing the version that made the
 * change: in a change stream the version whose commit inserted, updated or deleted the row (both
 * rows of an update carry it); in a read of the table at a version, that version. A source that
 * reads any of them reads its change stream one version at a time, so each change keeps its own
 * version and commit time.
 */
@PublicEvolving
public enum ChangeMetadata {

    /** The table version (DuckLake snapshot id), {@code BIGINT NOT NULL}. */
    VERSION("version", new BigIntType(false)),

    /** When the version was committed, {@code TIMESTAMP_LTZ(3) NOT NULL}. */
    COMMIT_TIMESTAMP("commit_timestamp", new LocalZonedTimestampType(false, 3));

    private final String key;
    private final LogicalType type;

    ChangeMetadata(String key, LogicalType type) {
        this.key = key;
        this.type = type;
    }

    /** The metadata key, as Flink SQL's {@code METADATA FROM '<key>'} names it. */
    public String key() {
        return key;
    }

    public LogicalType type() {
        return type;
    }

    /** The column's value, as Flink's internal data, for a version committed at the given time. */
    public Object value(long version, long commitMillis) {
        return switch (this) {
            case VERSION -> version;
            case COMMIT_TIMESTAMP -> TimestampData.fromEpochMillis(commitMillis);
        };
    }
}
