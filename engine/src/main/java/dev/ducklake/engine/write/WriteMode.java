package dev.ducklake.engine.write;

/** How a write session's rows apply to its table. */
public enum WriteMode {
    /** The rows are added to the table. */
    APPEND,
    /** The rows replace the whole table; keyed tables refuse two rows with one key. */
    SNAPSHOT
}
