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

package dev.ducklake.engine.testutils;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Golden byte files: what a released version of a serializer wrote, checked in under a module's
 * {@code src/test/resources/serializer} so that its tests prove that checkpoints and savepoints of
 * that version still restore. A test only reads them; a golden file a test wrote itself would prove
 * nothing. A new version's file is written once, by a documented {@code main} of the serializer's
 * test, with {@link #writeNew}, and checked in.
 */
public final class GoldenFiles {

    private static final String DIRECTORY = "serializer";

    private GoldenFiles() {}

    /**
     * The golden file {@code name}, from the test class path; fails naming it when it is missing.
     */
    public static byte[] read(String name) throws IOException {
        try (InputStream in = GoldenFiles.class.getResourceAsStream("/" + DIRECTORY + "/" + name)) {
            assertThat(in)
                    .as("golden file %s/%s on the test class path", DIRECTORY, name)
                    .isNotNull();
            return in.readAllBytes();
        }
    }

    /**
     * Writes a new golden file under {@code resources} (a module's {@code src/test/resources}); one
     * that exists is kept as it is: the bytes of a released version never change.
     */
    public static void writeNew(Path resources, String name, byte[] bytes) throws IOException {
        Path file = resources.resolve(DIRECTORY).resolve(name);
        if (Files.exists(file)) {
            System.out.println(
                    "Kept " + file + ": a released version's golden bytes are never rewritten");
            return;
        }
        Files.createDirectories(file.getParent());
        Files.write(file, bytes);
        System.out.println("Wrote " + file + " (" + bytes.length + " bytes); check it in");
    }
}
