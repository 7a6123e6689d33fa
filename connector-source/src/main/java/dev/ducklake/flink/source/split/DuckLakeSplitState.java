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

package dev.ducklake.flink.source.split;

import org.apache.flink.annotation.Internal;

/** A split being read: the split and how many of its rows or changes were emitted so far. */
@Internal
public final class DuckLakeSplitState {

    private final DuckLakeSplit split;
    private long offset;

    public DuckLakeSplitState(DuckLakeSplit split) {
        this.split = split;
        this.offset = split.offset();
    }

    public void emitted(long newOffset) {
        this.offset = newOffset;
    }

    public DuckLakeSplit toSplit() {
        return split.at(offset);
    }
}
