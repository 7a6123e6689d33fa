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

package dev.ducklake.flink.sink.internal.staging;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.annotation.Internal;

/**
 * A committer's access to staged files wherever they are: under the sink's staging root, or where
 * an earlier staging path put them, since a checkpoint or savepoint restored after the path changed
 * hands the committer files that name their old place. Stores for other places (a bucket, the local
 * file system) open when first needed, with the same secrets.
 */
@Internal
public final class StagedFiles implements AutoCloseable {

    private final StagingStore root;
    private final Map<String, Map<String, String>> secrets;
    private final Map<String, StagingStore> elsewhere = new LinkedHashMap<>();

    public StagedFiles(StagingStore root, Map<String, Map<String, String>> secrets) {
        this.root = root;
        this.secrets = secrets;
    }

    /** The staging root, as DuckDB names it. */
    public String root() {
        return root.root();
    }

    /** Whether the staging root can be reached at all. */
    public boolean reachable() {
        return root.reachable();
    }

    /** Whether a staged file exists. */
    public boolean exists(String file) {
        return storeFor(file).exists(file);
    }

    /** Deletes staged files (see {@link StagingStore#delete}). */
    public void delete(Collection<String> files) {
        Map<StagingStore, List<String>> byStore = new LinkedHashMap<>();
        for (String file : files) {
            byStore.computeIfAbsent(storeFor(file), store -> new ArrayList<>()).add(file);
        }
        byStore.forEach(StagingStore::delete);
    }

    private StagingStore storeFor(String file) {
        if (root.owns(file)) {
            return root;
        }
        if (!ObjectStorageLocation.isRemote(file)) {
            return elsewhere.computeIfAbsent("local", key -> new LocalStagingStore("/"));
        }
        ObjectStorageLocation bucket = ObjectStorageLocation.bucketOf(file);
        return elsewhere.computeIfAbsent(
                bucket.toString(), key -> ObjectStagingStore.open(bucket, secrets));
    }

    @Override
    public void close() {
        try (StagingStore closing = root) {
            elsewhere.values().forEach(StagingStore::close);
        }
    }
}
