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

package dev.ducklake.flink.source.split;

import dev.ducklake.engine.read.Bucket;
import dev.ducklake.engine.read.ScanPart;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.connector.source.SourceSplit;

/**
 * A part of what the source reads: in one bucket of the key hash, the table at a version as inserts
 * ({@link Kind#SNAPSHOT}) or its net changes over a version range ({@link Kind#CHANGES}); or, for a
 * read of one version with no changes after it, a {@link ScanPart} of the table at that version as
 * inserts ({@link Kind#SNAPSHOT_PART}, numbered {@code bucket} of {@code buckets}). {@code offset}
 * counts the rows or changes already emitted, in the read's stable order, so a restored split
 * resumes after them. Immutable.
 */
@Internal
public record DuckLakeSplit(
        Kind kind,
        long from,
        long to,
        int bucket,
        int buckets,
        long offset,
        @Nullable ScanPart part)
        implements SourceSplit {

    /** What a split reads. */
    public enum Kind {
        SNAPSHOT,
        CHANGES,
        SNAPSHOT_PART
    }

    private static final String CHANGES_ID_PREFIX = "changes-";

    public DuckLakeSplit {
        if ((kind == Kind.SNAPSHOT_PART) != (part != null)) {
            throw new IllegalArgumentException(
                    "A " + kind + " split " + (part == null ? "needs" : "has no") + " a part");
        }
    }

    public DuckLakeSplit(Kind kind, long from, long to, int bucket, int buckets, long offset) {
        this(kind, from, to, bucket, buckets, offset, null);
    }

    public static DuckLakeSplit snapshot(long version, Bucket bucket) {
        return new DuckLakeSplit(
                Kind.SNAPSHOT, version, version, bucket.index(), bucket.count(), 0);
    }

    public static DuckLakeSplit changes(long from, long to, Bucket bucket) {
        return new DuckLakeSplit(Kind.CHANGES, from, to, bucket.index(), bucket.count(), 0);
    }

    /**
     * Part {@code number} of the version's parts; its reader is the one that owns bucket {@code
     * number}.
     */
    public static DuckLakeSplit snapshotPart(long version, ScanPart part, Bucket number) {
        return new DuckLakeSplit(
                Kind.SNAPSHOT_PART, version, version, number.index(), number.count(), 0, part);
    }

    public Bucket bucketOfKeys() {
        return new Bucket(bucket, buckets);
    }

    /** Whether the split of this id reads changes rather than the table at a version. */
    public static boolean readsChanges(String splitId) {
        return splitId.startsWith(CHANGES_ID_PREFIX);
    }

    /** Whether the split reads the table at a version rather than changes. */
    public boolean isSnapshot() {
        return kind != Kind.CHANGES;
    }

    /** The oldest version the split still reads. */
    public long oldestVersion() {
        return from;
    }

    public DuckLakeSplit at(long newOffset) {
        return new DuckLakeSplit(kind, from, to, bucket, buckets, newOffset, part);
    }

    @Override
    public String splitId() {
        return switch (kind) {
            case SNAPSHOT -> "snapshot-" + to + "-bucket-" + bucket + "-of-" + buckets;
            case CHANGES ->
                    CHANGES_ID_PREFIX + from + "-" + to + "-bucket-" + bucket + "-of-" + buckets;
            case SNAPSHOT_PART -> "snapshot-" + to + "-part-" + bucket + "-of-" + buckets;
        };
    }
}
