package dev.ducklake.engine.change;

/** How the changes between two versions are computed; both give the same changes. */
public enum ChangeMethod {
    /**
     * From DuckLake's change feed: reads only the data the snapshots in the range inserted, plus
     * the before-images of the rows they deleted or updated. Inserts cost what they added; DuckLake
     * v1.5.5 finds a deleted row's before-image by scanning the data file that holds it, so deletes
     * and updates in a large file cost a scan of that file (see docs/benchmarks.md).
     */
    CHANGE_FEED,
    /**
     * From the before-images the engine's merges kept (in {@code ducklake_engine.before_images_*}) and DuckLake's
     * per-snapshot insertions: reads only what the range's snapshots wrote. Possible when every
     * version in the range was committed by the engine with its before-images.
     */
    BEFORE_IMAGES,
    /**
     * The reference: a full outer join of the table at both versions (by key; a multiset
     * difference for tables without one). Reads the whole table twice.
     */
    FULL_DIFF
}
