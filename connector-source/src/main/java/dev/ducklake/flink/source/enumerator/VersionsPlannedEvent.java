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
 * Sent to a reader after the enumerator looked for new versions and assigned the reader every split
 * it planned. A reader that has received one and holds no unfinished split has read the table up to
 * the latest version found, so it marks its output idle: it holds no watermark back.
 */
@Internal
public final class VersionsPlannedEvent implements SourceEvent {

    private static final long serialVersionUID = 1L;
}
