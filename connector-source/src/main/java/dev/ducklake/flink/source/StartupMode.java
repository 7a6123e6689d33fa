package dev.ducklake.flink.source;

import org.apache.flink.annotation.PublicEvolving;

/** Where a change stream starts. */
@PublicEvolving
public enum StartupMode {
    /** The table at its latest version as inserts, then every change after it. */
    FULL,
    /** The changes committed after the job starts. */
    LATEST,
    /** The changes after a given version. */
    VERSION,
    /** The changes after the last version committed at or before a given time. */
    TIMESTAMP
}
