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

package dev.ducklake.flink.source;

import org.apache.flink.annotation.PublicEvolving;

/**
 * Where a change stream starts, of the starts that name no version or time; a start after a version
 * or a time is {@link DuckLakeSourceBuilder#startAfterVersion} or {@link
 * DuckLakeSourceBuilder#startAfterTimestamp}.
 */
@PublicEvolving
public enum StartupMode {
    /** The table at its latest version as inserts, then every change after it. */
    FULL,
    /** The changes committed after the job starts. */
    LATEST
}
