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

package dev.ducklake.engine.internal.change;

import dev.ducklake.engine.change.Change;
import dev.ducklake.engine.change.ChangeReader;
import dev.ducklake.engine.change.ChangeSummary;
import dev.ducklake.engine.internal.CursorIterator;
import dev.ducklake.engine.internal.EngineContext;
import dev.ducklake.engine.internal.QueryCursor;
import dev.ducklake.engine.internal.read.ValueDecoder;
import dev.ducklake.engine.schema.Column;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.function.Supplier;

/**
 * A {@link ChangeReader}: a prepared {@link ChangeSelection} streamed through a {@link
 * QueryCursor}.
 */
final class ChangeReaderImpl extends CursorIterator<Change> implements ChangeReader {

    private final List<Column> columns;
    private final Supplier<ChangeSummary> summary;

    ChangeReaderImpl(EngineContext context, ChangeSelection selection) {
        super(new QueryCursor(context, selection.what()));
        this.columns = selection.columns();
        this.summary = selection.start(context, cursor, QueryCursor::open);
    }

    @Override
    public List<Column> columns() {
        return columns;
    }

    @Override
    public ChangeSummary summary() {
        return summary.get();
    }

    @Override
    protected Change decode(ResultSet row) throws SQLException {
        int width = columns.size();
        Object[] before = row.getBoolean(1) ? image(row, 3, width) : null;
        Object[] after = row.getBoolean(2) ? image(row, 3 + width, width) : null;
        return new Change(before, after);
    }

    private Object[] image(ResultSet row, int first, int width) throws SQLException {
        Object[] image = new Object[width];
        for (int i = 0; i < width; i++) {
            image[i] = ValueDecoder.read(row, first + i, columns.get(i).type());
        }
        return image;
    }
}
