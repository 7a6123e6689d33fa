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

package dev.ducklake.flink.cdc.debezium;

import dev.ducklake.flink.cdc.ChangeSchema;
import java.util.List;
import org.apache.flink.annotation.Internal;

/**
 * The rows of one envelope schema: the converter of its {@code before}/{@code after} struct, and
 * the {@link ChangeSchema} last made of it, which records with the same primary key share.
 */
@Internal
final class RowSchema {

    private final StructConverter rows;
    private ChangeSchema last;

    RowSchema(StructConverter rows) {
        this.rows = rows;
    }

    StructConverter rows() {
        return rows;
    }

    /**
     * The change schema with the given primary key.
     *
     * @throws IllegalArgumentException if a key column is not a column of the rows
     */
    ChangeSchema withKey(List<String> primaryKey) {
        if (last == null || !last.primaryKey().equals(primaryKey)) {
            last = ChangeSchema.of(rows.rowType(), primaryKey);
        }
        return last;
    }
}
