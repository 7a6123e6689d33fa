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

package dev.ducklake.engine.metadata;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A file the table's latest version reads, as a files system table shows it. Rows that DuckLake
 * inlined into the catalog are in no file and not listed.
 *
 * @param content whether the file holds rows or marks rows of a data file as deleted
 * @param path the absolute path or URL of the file
 * @param format the file format, {@code parquet}
 * @param recordCount rows in a data file; rows it deletes for a delete file
 * @param fileSizeBytes the size of the file
 * @param partition the partition values of the (deleted rows') data file, by partition field
 *     ({@code column} or {@code transform(column)}); empty for an unpartitioned table
 * @param addedInSnapshot the snapshot that added the file; a maintenance snapshot (a compaction, a
 *     flush of inlined rows) adds files without being a version of the table
 * @param dataFile for a delete file, the data file whose rows it deletes
 */
public record LakeFile(
        Content content,
        String path,
        String format,
        long recordCount,
        long fileSizeBytes,
        Map<String, String> partition,
        long addedInSnapshot,
        Optional<String> dataFile) {

    /** What a file holds. */
    public enum Content {
        DATA,
        DELETES
    }

    public LakeFile {
        Objects.requireNonNull(content, "content");
        Objects.requireNonNull(path, "path");
        partition = Collections.unmodifiableMap(new LinkedHashMap<>(partition));
        Objects.requireNonNull(dataFile, "dataFile");
    }
}
