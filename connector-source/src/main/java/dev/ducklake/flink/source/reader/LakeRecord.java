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

package dev.ducklake.flink.source.reader;

import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.data.RowData;

/**
 * One element read from a split: a change as its before and after images (a row of a snapshot is an
 * insert, with no before image), the split's offset once it is emitted, and the split's version
 * when the source reads metadata columns (null otherwise). The images are fresh rows the emitter
 * may set the kind of.
 */
@Internal
public record LakeRecord(
        @Nullable RowData before,
        @Nullable RowData after,
        long offsetAfter,
        @Nullable VersionStamp stamp) {}
