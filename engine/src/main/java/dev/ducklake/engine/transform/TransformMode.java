package dev.ducklake.engine.transform;

/** How a transform's rows apply to its output table. */
public enum TransformMode {
    /** The rows replace the whole table: a snapshot of the query's result. */
    REPLACE,
    /** The rows are added to the table. */
    APPEND,
    /** The rows are upserted into the keyed table by primary key; rows of other keys stay. */
    MERGE
}
