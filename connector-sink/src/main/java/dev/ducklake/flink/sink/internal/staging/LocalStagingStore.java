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

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.apache.flink.annotation.Internal;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** A staging root on a local or mounted file system; it owns every local path. */
@Internal
final class LocalStagingStore implements StagingStore {

    private static final Logger LOG = LoggerFactory.getLogger(LocalStagingStore.class);

    private final Path directory;

    LocalStagingStore(String root) {
        this.directory = Path.of(root);
    }

    @Override
    public String root() {
        return directory.toString();
    }

    @Override
    public String resolve(String relative) {
        return directory.resolve(relative).toString();
    }

    @Override
    public void prepareDirectory(String relative) {
        Path dir = directory.resolve(relative);
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw StagingStore.failure("Could not create the staging directory " + dir, e);
        }
    }

    @Override
    public List<String> files(String relative) {
        return list(relative, Files::isRegularFile);
    }

    @Override
    public List<String> directories(String relative) {
        return list(relative, Files::isDirectory);
    }

    private List<String> list(String relative, Predicate<Path> kind) {
        Path dir = directory.resolve(relative);
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.filter(kind).map(entry -> entry.getFileName().toString()).toList();
        } catch (NoSuchFileException e) {
            return List.of(); // never created, or another subtask cleaned it
        } catch (IOException e) {
            throw StagingStore.failure("Could not list the staging directory " + dir, e);
        }
    }

    @Override
    public boolean owns(String file) {
        return !ObjectStorageLocation.isRemote(file);
    }

    @Override
    public boolean exists(String file) {
        return Files.exists(Path.of(ObjectStorageLocation.localPath(file)));
    }

    @Override
    public boolean reachable() {
        return Files.isReadable(directory);
    }

    @Override
    public void delete(Collection<String> files) {
        for (String file : files) {
            try {
                Files.deleteIfExists(Path.of(ObjectStorageLocation.localPath(file)));
            } catch (IOException e) {
                LOG.warn(
                        "Could not delete the staging file {}; it can be removed by hand", file, e);
            }
        }
    }

    @Override
    public void close() {}
}
