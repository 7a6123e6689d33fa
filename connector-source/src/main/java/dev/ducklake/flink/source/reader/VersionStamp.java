package dev.ducklake.flink.source.reader;

import org.apache.flink.annotation.Internal;

/** The version a split's changes were made by, and when it was committed. */
@Internal
public record VersionStamp(long version, long commitMillis) {}
