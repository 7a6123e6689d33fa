package dev.ducklake.engine.internal.catalog;

import java.util.List;

/**
 * A table as DuckLake numbers it: its table id and the snapshots that gave it a name, oldest first:
 * the one that created it, then one per rename (a renamed table keeps its id).
 */
public record TableIdentity(long id, List<Long> namedAt) {

    public TableIdentity {
        namedAt = List.copyOf(namedAt);
    }

    /** The snapshot that created the table. */
    public long createdAt() {
        return namedAt.get(0);
    }
}
