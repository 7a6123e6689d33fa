package dev.ducklake.flink.sink.internal;

import org.apache.flink.annotation.Internal;

/** How the sink applies a checkpoint's rows to the table. */
@Internal
public enum SinkMode {
    /** Rows are appended; the input must be insert-only. */
    APPEND,
    /** Changes are applied by primary key: inserts and update-afters upsert, deletes delete. */
    UPSERT,
    /** The input replaces the table's contents (batch {@code INSERT OVERWRITE}). */
    OVERWRITE
}
