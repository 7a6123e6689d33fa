package dev.ducklake.flink.source.split;

import dev.ducklake.engine.read.Bucket;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.connector.source.SourceSplit;

/**
 * A part of what the source reads, in one bucket of the key hash: the table at a version as
 * inserts ({@link Kind#SNAPSHOT}), or its net changes over a version range ({@link Kind#CHANGES}).
 * {@code offset} counts the rows or changes already emitted, in the read's stable order, so a
 * restored split resumes after them. Immutable.
 */
@Internal
public record DuckLakeSplit(Kind kind, long from, long to, int bucket, int buckets, long offset)
        implements SourceSplit {

    /** What a split reads. */
    public enum Kind {
        SNAPSHOT,
        CHANGES
    }

    public static DuckLakeSplit snapshot(long version, Bucket bucket) {
        return new DuckLakeSplit(Kind.SNAPSHOT, version, version, bucket.index(), bucket.count(), 0);
    }

    public static DuckLakeSplit changes(long from, long to, Bucket bucket) {
        return new DuckLakeSplit(Kind.CHANGES, from, to, bucket.index(), bucket.count(), 0);
    }

    public Bucket bucketOfKeys() {
        return new Bucket(bucket, buckets);
    }

    /** The oldest version the split still reads. */
    public long oldestVersion() {
        return from;
    }

    public DuckLakeSplit at(long newOffset) {
        return new DuckLakeSplit(kind, from, to, bucket, buckets, newOffset);
    }

    @Override
    public String splitId() {
        return (kind == Kind.SNAPSHOT ? "snapshot-" + to : "changes-" + from + "-" + to) + "-bucket-" + bucket + "-of-"
                + buckets;
    }
}
