package dev.ducklake.engine.change;

/** What a change read covers: the range {@code (from, to]}, the row counts at both ends, and the number of changes. */
public record ChangeSummary(long from, long to, long rowsAtFrom, long rowsAtTo, long changes) {}
