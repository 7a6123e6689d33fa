package dev.ducklake.flink.sink.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A JVM started without {@value ArrowAccess#JVM_OPTION} died in the sink with an
 * {@code ExceptionInInitializerError} from Arrow that did not name the option; it is told which
 * option it lacks. Both runs are JVMs of their own, since this one has the option.
 */
class ArrowAccessTest {

    @TempDir
    Path dir;

    @Test
    void aJvmWithoutTheOptionIsToldWhichOptionItLacksAndOneWithItStages() throws Exception {
        String without = stageOneRow(dir.resolve("without"), false);
        assertThat(without).contains("IllegalStateException").contains(ArrowAccess.JVM_OPTION)
                .contains("DuckLake sink").doesNotContain("ExceptionInInitializerError")
                .doesNotContain("NoClassDefFoundError").doesNotContain("Staged");

        assertThat(stageOneRow(dir.resolve("with"), true)).contains("Staged 1 file");
    }

    /** Runs {@link StageOneRow} in a new JVM and returns its output; fails if it does not end in 60 s. */
    private static String stageOneRow(Path lake, boolean withOption) throws Exception {
        Files.createDirectories(lake);
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-Xmx256m"));
        if (withOption) {
            command.add(ArrowAccess.JVM_OPTION);
        }
        command.addAll(List.of("-cp", System.getProperty("surefire.test.class.path",
                System.getProperty("java.class.path")), StageOneRow.class.getName(), lake.toString()));
        Path log = lake.resolve("output.log");
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("ended within 60 s").isTrue();
            return Files.readString(log);
        } finally {
            process.destroyForcibly().waitFor();
        }
    }
}
