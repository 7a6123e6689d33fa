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

package dev.ducklake.engine.internal;

import dev.ducklake.engine.error.LakeException;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.URLConnection;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The DuckDB extensions that the {@code ducklake-duckdb-extensions} jar (also inside the SQL
 * connector's jar) carries on the class path, placed in an extension directory of DuckDB's layout
 * so that DuckDB loads them. The directory is kept for later engines on the host: each file is
 * written once, under a temporary name moved into place, so processes that start at once never see
 * a partial file.
 */
final class BundledExtensions {

    private static final Logger LOG = LoggerFactory.getLogger(BundledExtensions.class);

    /**
     * Where the jar holds them, in DuckDB's layout: {@code
     * <root>/v1.5.5/linux_amd64/ducklake.duckdb_extension}.
     */
    private static final String RESOURCE_ROOT = "dev/ducklake/duckdb-extensions/";

    /** The files of the extensions the engine loads, by the names DuckDB loads them under. */
    private static final List<String> FILES =
            List.of("ducklake", "postgres_scanner", "sqlite_scanner", "httpfs", "aws");

    private BundledExtensions() {}

    /**
     * {@code root} as DuckDB's extension directory, once the class path's extensions of this DuckDB
     * version and platform are placed in it; empty when the class path carries none for this
     * platform.
     */
    static Optional<Path> place(String duckDbVersion, String platform, Path root) {
        String prefix = RESOURCE_ROOT + duckDbVersion + "/" + platform + "/";
        ClassLoader loader = BundledExtensions.class.getClassLoader();
        if (loader.getResource(prefix + FILES.get(0) + ".duckdb_extension") == null) {
            return Optional.empty();
        }
        Path directory = root.resolve(duckDbVersion).resolve(platform);
        try {
            Files.createDirectories(directory);
            for (String file : FILES) {
                URL resource = loader.getResource(prefix + file + ".duckdb_extension");
                if (resource != null) {
                    placeOne(resource, directory.resolve(file + ".duckdb_extension"));
                }
            }
        } catch (IOException e) {
            throw new LakeException(
                    "Could not place the DuckDB extensions of the class path in "
                            + directory
                            + " (set duckdb.extension-directory to a directory of installed extensions instead): "
                            + e,
                    e);
        }
        return Optional.of(root);
    }

    private static void placeOne(URL resource, Path target) throws IOException {
        URLConnection connection = resource.openConnection();
        // A cached jar stays open for later reads of the same jar; this one is read once.
        connection.setUseCaches(false);
        try (InputStream in = connection.getInputStream()) {
            if (Files.exists(target) && Files.size(target) == connection.getContentLengthLong()) {
                return;
            }
            Path part =
                    Files.createTempFile(
                            target.getParent(), target.getFileName().toString(), ".part");
            try {
                Files.copy(in, part, StandardCopyOption.REPLACE_EXISTING);
                Files.move(part, target, StandardCopyOption.ATOMIC_MOVE);
            } finally {
                Files.deleteIfExists(part);
            }
        }
        LOG.info("Placed the DuckDB extension {} from the class path", target);
    }
}
