/*
 * Copyright 2026 The Flink connector for DuckLake authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */

package dev.ducklake.flink.sink.testutils;

import java.util.List;

/**
 * Every DuckLake maintenance call a user may run from a plain DuckDB on a lake attached as {@code
 * plain}, each as eagerly as it goes: everything rewritten that can be, every snapshot but the
 * latest expired, every file no snapshot needs deleted.
 */
public final class PlainMaintenance {

    public static final List<String> CALLS =
            List.of(
                    "ducklake_flush_inlined_data('plain')",
                    "ducklake_rewrite_data_files('plain', delete_threshold => 0.0)",
                    "ducklake_merge_adjacent_files('plain')",
                    "ducklake_expire_snapshots('plain', older_than => now())",
                    "ducklake_cleanup_old_files('plain', cleanup_all => true)",
                    "ducklake_delete_orphaned_files('plain', cleanup_all => true)");

    private PlainMaintenance() {}
}
