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

package dev.ducklake.engine.read;

import java.util.List;

/**
 * One of {@code count} disjoint parts of a table's rows, by a hash of the primary key (of every
 * column for a table without one). A row and every change of it fall in the same bucket, so a
 * reader per bucket sees each key's changes in order.
 */
public record Bucket(int index, int count) {

    public Bucket {
        if (count < 1 || index < 0 || index >= count) {
            throw new IllegalArgumentException(
                    "Bucket " + index + " of " + count + " does not exist");
        }
    }

    /** The condition that a row is in this bucket, given the SQL of its hashed columns. */
    public String sql(List<String> hashedColumns) {
        return count == 1
                ? "true"
                : "hash(" + String.join(", ", hashedColumns) + ") % " + count + " = " + index;
    }
}
