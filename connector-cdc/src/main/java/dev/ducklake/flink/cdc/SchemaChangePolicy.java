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

package dev.ducklake.flink.cdc;

import org.apache.flink.annotation.PublicEvolving;

/**
 * What the change-record sink does with a schema change from the stream that DuckLake cannot apply
 * to the table, but that leaves the rows writable: a column's type narrowed (the table keeps the
 * wider type, which holds every value of the narrower), or a primary key changed while the table's
 * key columns are still there (the table keeps its key). Changes that would leave rows unwritable,
 * such as a type changed to another kind or a key column dropped, always fail the job.
 */
@PublicEvolving
public enum SchemaChangePolicy {
    /** Fails the job with a message that names the table and the change. */
    FAIL,
    /** Keeps the table as it is, logs the change, and writes the rows into it. */
    SKIP
}
