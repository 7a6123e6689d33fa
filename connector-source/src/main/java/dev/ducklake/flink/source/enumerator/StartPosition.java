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

package dev.ducklake.flink.source.enumerator;

import java.io.Serializable;
import java.util.Objects;
import org.apache.flink.annotation.Internal;

/**
 * Where a source that starts without a checkpoint begins reading; a restored enumerator goes on
 * from its state's position instead.
 *
 * @param kind how the start is found
 * @param value the version, or the epoch milliseconds, of the kinds that name one; else 0
 */
@Internal
public record StartPosition(Kind kind, long value) implements Serializable {

    /** How the enumerator finds its start. */
    public enum Kind {
        /**
         * The table at its latest version (up to the end version) as inserts, then the changes
         * after it.
         */
        FULL,
        /** The changes after the latest version (up to the end version) when the job starts. */
        LATEST,
        /** The changes after the given version. */
        AFTER_VERSION,
        /** The changes after the last version committed at or before the given time. */
        AFTER_TIMESTAMP,
        /** The table at its latest version, then stop. */
        SNAPSHOT_LATEST,
        /** The table at the given version, then stop. */
        SNAPSHOT_AT_VERSION,
        /** The table at the last version committed at or before the given time, then stop. */
        SNAPSHOT_AT_TIMESTAMP
    }

    public StartPosition {
        Objects.requireNonNull(kind, "kind");
    }

    /** A start of a kind that names no version or time. */
    public static StartPosition of(Kind kind) {
        return new StartPosition(kind, 0);
    }

    /** Whether the source reads the table at one version and stops. */
    public boolean snapshotOnly() {
        return kind == Kind.SNAPSHOT_LATEST
                || kind == Kind.SNAPSHOT_AT_VERSION
                || kind == Kind.SNAPSHOT_AT_TIMESTAMP;
    }
}
