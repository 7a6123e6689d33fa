package dev.ducklake.flink.sink.testutils;

import java.util.List;

/**
 * Every DuckLake maintenance call a user may run from a plain DuckDB on a lake attached as
 * {@code plain}, each as eagerly as it goes: everything rewritten that can be, every snapshot but
 * the latest expired, every file no snapshot needs deleted.
 */
public final class PlainMaintenance {

    public static final List<String> CALLS = List.of(
            "ducklake_flush_inlined_data('plain')",
            "ducklake_rewrite_data_files('plain', delete_threshold => 0.0)",
            "ducklake_merge_adjacent_files('plain')",
            "ducklake_expire_snapshots('plain', older_than => now())",
            "ducklake_cleanup_old_files('plain', cleanup_all => true)",
            "ducklake_delete_orphaned_files('plain', cleanup_all => true)");

    private PlainMaintenance() {}
}
