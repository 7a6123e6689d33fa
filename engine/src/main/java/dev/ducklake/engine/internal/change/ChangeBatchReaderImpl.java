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

import dev.ducklake.engine.change.ChangeBatchReader;
import dev.ducklake.engine.change.ChangeSummary;
import dev.ducklake.engine.internal.EngineContext;
import dev.ducklake.engine.internal.QueryCursor;
import dev.ducklake.engine.internal.read.BatchReaderImpl;
import java.util.function.Supplier;

/** A {@link ChangeBatchReader}: a prepared {@link ChangeSelection} streamed as Arrow batches. */
final class ChangeBatchReaderImpl extends BatchReaderImpl implements ChangeBatchReader {

    private final Supplier<ChangeSummary> summary;

    ChangeBatchReaderImpl(EngineContext context, ChangeSelection selection, int batchRows) {
        super(new QueryCursor(context, selection.what()), selection.columns());
        this.summary =
                selection.start(
                        context, cursor, (opened, sql) -> opened.openBatches(sql, batchRows));
    }

    @Override
    public ChangeSummary summary() {
        return summary.get();
    }
}
