package dev.ducklake.flink.source;

import org.apache.flink.annotation.PublicEvolving;

/**
 * Where a change stream starts, of the starts that name no version or time; a start after a version
 * or a time is {@link DuckLakeSourceBuilder#startAfterVersion} or {@link
 * DuckLakeSourceBuilder#startAfterTimestamp}.
 */
@PublicEvolving
public enum StartupMode {
    /** The table at its latest version as inserts, then every change after it. */
    FULL,
    /** The changes committed after the job starts. */
    LATEST
}
