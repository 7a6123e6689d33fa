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

package dev.ducklake.flink.sink.internal.change;

import dev.ducklake.flink.cdc.ChangeRecord;
import dev.ducklake.flink.cdc.TableRouter;
import java.util.Locale;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.java.functions.KeySelector;

/**
 * A change record's lake table, hashed: which writer stages the table. Dropped records hash to 0.
 */
@Internal
public final class TableHashSelector implements KeySelector<ChangeRecord, Integer> {

    private static final long serialVersionUID = 1L;

    private final TableRouter router;

    public TableHashSelector(TableRouter router) {
        this.router = router;
    }

    @Override
    public Integer getKey(ChangeRecord record) {
        return router.route(record.table())
                .map(t -> t.toString().toLowerCase(Locale.ROOT).hashCode())
                .orElse(0);
    }
}
