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

package dev.ducklake.engine.change;

import dev.ducklake.engine.schema.Column;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * The net changes of a table over {@code (from, to]}, as {@link Change}s with before and after
 * images of {@link #columns()}, selected as a {@link ChangeRequest} asks. The engine computes the
 * changes off the Java heap first, counts them ({@link #summary()}), then streams them. Close it,
 * or read to the end, to release its read slot and connection; an interrupt or the engine's close
 * cancels it. Opened by {@link dev.ducklake.engine.LakeEngine#changes}.
 */
public interface ChangeReader extends Iterator<Change>, AutoCloseable {

    /** The columns of the images, in order. */
    List<Column> columns();

    /**
     * The range, the row counts at both ends, and the number of changes (before any selection). The
     * row counts are read at the first call, which counts the table's rows at both versions.
     */
    ChangeSummary summary();

    /** Reads all remaining changes into a list; for small results and tests. */
    default List<Change> toList() {
        List<Change> changes = new ArrayList<>();
        forEachRemaining(changes::add);
        return changes;
    }

    /** Ends the read and releases its slot and connection. Idempotent. */
    @Override
    void close();
}
