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

package dev.ducklake.flink.source.lookup;

import org.apache.flink.annotation.Internal;
import org.apache.flink.table.connector.source.abilities.SupportsLookupCustomShuffle;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;

/**
 * Sends each lookup to the subtask of the join whose full cache holds its key's rows, when a query
 * asks for it with the {@code LOOKUP} hint's {@code 'shuffle' = 'true'}: the subtask of a key is
 * the hash of its values modulo the join's parallelism, the same for the key of a lookup (the
 * values of the join's keys, as Flink projects them from the input) and for the key of a table row
 * (as {@link KeyProjection} takes it). The hash combines the values' hashes in any order, since
 * Flink does not promise the order of the keys it projects, and a value's hash depends only on the
 * value.
 */
@Internal
public final class LookupKeyPartitioner
        implements SupportsLookupCustomShuffle.InputDataPartitioner {

    private static final long serialVersionUID = 1L;

    @Override
    public int partition(RowData joinKeys, int numPartitions) {
        return subtaskOf(joinKeys, numPartitions);
    }

    /** The subtask of {@code parallelism} that holds the rows of a key row. */
    static int subtaskOf(RowData key, int parallelism) {
        if (!(key instanceof GenericRowData values)) {
            throw new IllegalArgumentException(
                    "A lookup key arrived as a "
                            + key.getClass().getName()
                            + ", not as the GenericRowData Flink projects join keys into");
        }
        int hash = 0;
        for (int i = 0; i < values.getArity(); i++) {
            Object value = values.getField(i);
            hash += RowCodec.spread(value == null ? 0 : value.hashCode());
        }
        return Math.floorMod(hash, parallelism);
    }
}
