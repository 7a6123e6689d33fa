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

package dev.ducklake.flink.source.enumerator;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.connector.source.SourceEvent;

/**
 * Sent to a reader of a source with snapshot watermarks, after the splits it announces: every split
 * of the reader's buckets whose last version is at most {@code version} has been assigned, and the
 * table's splits up to that version hold every change it had at the lake snapshot {@code snapshot}.
 * Once the reader has finished each of its splits up to {@code version}, it has emitted its part of
 * those changes, and emits {@code snapshot} as its watermark.
 */
@Internal
public record SplitsAssignedEvent(long version, long snapshot) implements SourceEvent {

    private static final long serialVersionUID = 1L;
}
