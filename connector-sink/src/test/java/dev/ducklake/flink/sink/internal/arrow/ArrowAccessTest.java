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

package dev.ducklake.flink.sink.internal.arrow;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ducklake.engine.testutils.JvmProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A JVM started without {@value ArrowAccess#JVM_OPTION} died in the sink with an {@code
 * ExceptionInInitializerError} from Arrow that did not name the option; it is told which option it
 * lacks. Both runs are JVMs of their own, since this one has the option.
 */
class ArrowAccessTest {

    @TempDir Path dir;

    @Test
    void aJvmWithoutTheOptionIsToldWhichOptionItLacksAndOneWithItStages() throws Exception {
        String without = stageOneRow(dir.resolve("without"), false);
        assertThat(without)
                .contains("IllegalStateException")
                .contains(ArrowAccess.JVM_OPTION)
                .contains("DuckLake sink")
                .doesNotContain("ExceptionInInitializerError")
                .doesNotContain("NoClassDefFoundError")
                .doesNotContain("Staged");

        assertThat(stageOneRow(dir.resolve("with"), true)).contains("Staged 1 file");
    }

    /**
     * Runs {@link StageOneRow} in a new JVM and returns its output; fails if it does not end in 60
     * s.
     */
    private static String stageOneRow(Path lake, boolean withOption) throws Exception {
        Files.createDirectories(lake);
        List<String> options =
                withOption ? List.of("-Xmx256m", ArrowAccess.JVM_OPTION) : List.of("-Xmx256m");
        try (JvmProcess process =
                JvmProcess.start(
                        options, StageOneRow.class, lake.resolve("output.log"), lake.toString())) {
            return process.awaitEnd(Duration.ofSeconds(60));
        }
    }
}
