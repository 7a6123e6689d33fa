package dev.ducklake.engine.internal.catalog;

/** A table as DuckLake numbers it: its table id and the snapshot that created it. */
public record TableIdentity(long id, long createdAt) {}
