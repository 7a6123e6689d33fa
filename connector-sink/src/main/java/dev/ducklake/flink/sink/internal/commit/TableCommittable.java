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

package dev.ducklake.flink.sink.internal.commit;

import dev.ducklake.flink.cdc.ChangeSchema;
import java.util.Objects;
import org.apache.flink.annotation.Internal;

/**
 * A staged file of the change-record sink: the rows of one lake table that one writer staged under
 * one schema, in the {@code ordinal}-th place of what that writer staged. The committer applies a
 * checkpoint's files table by table, each table's in writer and ordinal order, bringing the table
 * to each file's schema before its rows. {@code checkpointId} is stamped as for {@link
 * DuckLakeCommittable}.
 */
@Internal
public record TableCommittable(
        String sinkId,
        long checkpointId,
        String table,
        int subtask,
        long ordinal,
        ChangeSchema schema,
        String file,
        long rows)
        implements Stampable<TableCommittable> {

    public TableCommittable {
        Objects.requireNonNull(sinkId, "sinkId");
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(schema, "schema");
        Objects.requireNonNull(file, "file");
    }

    @Override
    public TableCommittable withCheckpointId(long checkpointId) {
        return new TableCommittable(
                sinkId, checkpointId, table, subtask, ordinal, schema, file, rows);
    }
}
