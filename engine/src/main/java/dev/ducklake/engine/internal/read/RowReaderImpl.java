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

package dev.ducklake.engine.internal.read;

import dev.ducklake.engine.internal.CursorIterator;
import dev.ducklake.engine.internal.EngineContext;
import dev.ducklake.engine.read.RowReader;
import dev.ducklake.engine.schema.Column;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;

/** A {@link RowReader}: one query at the version, streamed through its query cursor. */
public final class RowReaderImpl extends CursorIterator<Object[]> implements RowReader {

    private final List<Column> columns;

    public RowReaderImpl(EngineContext context, ScanQuery query) {
        super(query.cursor(context));
        this.columns = query.columns();
        cursor.open(query.sql());
    }

    @Override
    public List<Column> columns() {
        return columns;
    }

    @Override
    protected Object[] decode(ResultSet row) throws SQLException {
        Object[] values = new Object[columns.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = ValueDecoder.read(row, i + 1, columns.get(i).type());
        }
        return values;
    }
}
