package dev.ducklake.engine.version;

import java.time.Instant;
import java.util.Optional;

/**
 * A version of a table: a DuckLake snapshot that changed it, with the commit record the writer
 * left. {@code metadata} is present only for commits that carry the engine's JSON.
 */
public record TableVersion(
        long id,
        Instant committedAt,
        String author,
        String message,
        String extraInfo,
        Optional<CommitMetadata> metadata) {}
