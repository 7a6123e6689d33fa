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

package dev.ducklake.engine.internal.table;

import dev.ducklake.engine.internal.EngineContext;
import dev.ducklake.engine.schema.TableName;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What a read of a table's latest rows needs to know of it, held per table for the lake snapshot it
 * was read at. A new snapshot is the only way the lake changes (a commit, a schema change, a drop
 * or a rename each make one), so while the lake's latest snapshot has not moved, a read of the
 * latest rows costs one catalog statement before its scan, whatever the length of the history. The
 * read is at that snapshot, which expiry never removes while it is the latest.
 */
public final class LatestViews {

    private final EngineContext context;
    private final TableCatalog tables;
    private final Map<TableName, TableCatalog.SnapshotView> views = new ConcurrentHashMap<>();

    public LatestViews(EngineContext context, TableCatalog tables) {
        this.context = context;
        this.tables = tables;
    }

    /** The newest snapshot of the lake, whichever tables it changed. */
    public long latestSnapshot() {
        return context.latestSnapshot();
    }

    /** The table at the lake's latest snapshot. */
    public TableCatalog.SnapshotView latest(TableName name) {
        long snapshot = latestSnapshot();
        TableCatalog.SnapshotView held = views.get(name);
        if (held != null && held.snapshot() == snapshot) {
            return held;
        }
        TableCatalog.SnapshotView view = tables.viewAt(name, snapshot);
        views.put(name, view);
        return view;
    }
}
