package dev.ducklake.flink.sink.cdc;

import org.apache.flink.annotation.PublicEvolving;

/**
 * What the change-record sink does with a schema change from the stream that DuckLake cannot apply
 * to the table, but that leaves the rows writable: a column's type narrowed (the table keeps the
 * wider type, which holds every value of the narrower), or a primary key changed while the table's
 * key columns are still there (the table keeps its key). Changes that would leave rows unwritable,
 * such as a type changed to another kind or a key column dropped, always fail the job.
 */
@PublicEvolving
public enum SchemaChangePolicy {
    /** Fails the job with a message that names the table and the change. */
    FAIL,
    /** Keeps the table as it is, logs the change, and writes the rows into it. */
    SKIP
}
