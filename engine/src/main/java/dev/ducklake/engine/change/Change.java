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

import java.util.Arrays;

/**
 * The net change of one row between two versions: its image before and after. {@code before} is
 * null for an insert, {@code after} null for a delete; both present (and different) is an update.
 * Both images have the columns of the later version, in its column order.
 */
public record Change(Object[] before, Object[] after) {

    /** The kind of change, as a changelog would name it. */
    public enum Kind {
        INSERT,
        UPDATE,
        DELETE
    }

    public Change {
        if (before == null && after == null) {
            throw new IllegalArgumentException("A change needs a before or an after image");
        }
    }

    public Kind kind() {
        return before == null ? Kind.INSERT : after == null ? Kind.DELETE : Kind.UPDATE;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Change other
                && Arrays.deepEquals(before, other.before)
                && Arrays.deepEquals(after, other.after);
    }

    @Override
    public int hashCode() {
        return Arrays.deepHashCode(before) * 31 + Arrays.deepHashCode(after);
    }

    @Override
    public String toString() {
        return kind()
                + "("
                + Arrays.deepToString(before)
                + " -> "
                + Arrays.deepToString(after)
                + ")";
    }
}
