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

package dev.ducklake.testing.process;

import java.nio.file.Files;
import java.nio.file.Path;

/** The repository's root, found from a test's working directory (a module's directory) upwards. */
public final class ProjectRoot {

    private ProjectRoot() {}

    /**
     * The nearest directory at or above the working directory that holds {@code marker}, a relative
     * path.
     */
    public static Path containing(String marker) {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null && !Files.exists(dir.resolve(marker))) {
            dir = dir.getParent();
        }
        if (dir == null) {
            throw new IllegalStateException(
                    marker + " not found above " + Path.of("").toAbsolutePath());
        }
        return dir;
    }
}
