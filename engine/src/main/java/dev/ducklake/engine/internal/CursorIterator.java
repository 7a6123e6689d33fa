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

package dev.ducklake.engine.internal;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * An iterator over a {@link QueryCursor}'s rows, each decoded into an element. Reaching the end, or
 * closing it, releases the cursor.
 */
public abstract class CursorIterator<T> implements Iterator<T>, AutoCloseable {

    protected final QueryCursor cursor;
    private Boolean hasNext;

    protected CursorIterator(QueryCursor cursor) {
        this.cursor = cursor;
    }

    /** Decodes the cursor's current row. */
    protected abstract T decode(ResultSet row) throws SQLException;

    @Override
    public boolean hasNext() {
        if (hasNext == null) {
            hasNext = cursor.next();
        }
        return hasNext;
    }

    @Override
    public T next() {
        if (!hasNext()) {
            throw new NoSuchElementException("Nothing more to read");
        }
        hasNext = null;
        try {
            return decode(cursor.row());
        } catch (SQLException e) {
            throw cursor.failure(e);
        }
    }

    @Override
    public void close() {
        cursor.close();
    }
}
